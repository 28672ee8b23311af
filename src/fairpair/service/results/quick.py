"""The results a phone offers as one tap each (issue 32): for the stage's match format, the
usual final scores, told from side a — the console's table list shows them as buttons
("Ann 2-1", "Draw 1-1", "Bea 2-0"); anything else is typed."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from fairpair.engine.results import MatchFormat
from fairpair.engine.stage_config import StageFormat
from fairpair.service.kernel.lookup import find_stage
from fairpair.service.kernel.stage_settings import stage_of_settings
from fairpair.service.kernel.unit import reading
from fairpair.store.database import Database
from fairpair.store.models import StageRow

#: By match format: (games of a, games of b) of each offered result, a's wins first.
SCORES: dict[MatchFormat, tuple[tuple[int, int], ...]] = {
    MatchFormat.BO1: ((1, 0), (0, 0), (0, 1)),
    MatchFormat.BO3: ((2, 0), (2, 1), (1, 1), (1, 2), (0, 2)),
    MatchFormat.BO5: ((3, 0), (3, 1), (3, 2), (2, 3), (1, 3), (0, 3)),
    MatchFormat.TWO_GAME: ((2, 0), (1, 1), (0, 2)),
}
PLAYOFFS = (StageFormat.SINGLE_ELIMINATION.value, StageFormat.DOUBLE_ELIMINATION.value)


@dataclass(frozen=True, slots=True)
class QuickResult:
    typed: str
    """What the button enters, told from side a ("2-1", "draw")."""
    winner: str | None
    """``a``, ``b`` or ``None`` (a draw)."""
    games: str
    """The score as the winner says it ("2-1"; a draw's "1-1"; a best-of-one's "")."""


def quick_results(db: Database, slug: str, stage: str | None) -> list[QuickResult]:
    """The one-tap results of ``stage``'s matches (a playoff's have no draw)."""
    with reading(db, slug) as (conn, event):
        ref = find_stage(conn, event, stage)
        settings = conn.execute(select(StageRow.settings).where(StageRow.id == ref.id)).scalar_one()
    fmt = stage_of_settings(settings).ruleset.scoring.match_format
    playoff = settings.get("format") in PLAYOFFS
    out: list[QuickResult] = []
    for a, b in SCORES[fmt]:
        if a == b:
            if playoff:
                continue
            out.append(
                QuickResult("draw" if a == 0 else f"{a}-{b}", None, "" if a == 0 else f"{a}-{b}")
            )
        elif a > b:
            out.append(QuickResult(f"{a}-{b}", "a", "" if fmt is MatchFormat.BO1 else f"{a}-{b}"))
        else:
            out.append(QuickResult(f"{a}-{b}", "b", "" if fmt is MatchFormat.BO1 else f"{b}-{a}"))
    return out
