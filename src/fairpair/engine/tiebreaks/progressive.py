"""Progressive (cumulative) score. Source: FIDE Handbook C.07, Progressive Score."""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.ledger import progressive_points
from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind
from fairpair.engine.tiebreaks.context import TiebreakContext, Value


def progressive(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Progressive score: the sum of the player's running score after each round
    (win, loss, win, draw in chess scoring → 1 + 1 + 2 + 2.5 = 6.5). Early points weigh more.

    Every round of the stage counts, including rounds the player was not in (0 points)."""
    return {pid: ctx.points(value) for pid, value in progressive_points(ctx.ledger).items()}


TIEBREAKS = (
    Tiebreak(
        "progressive",
        "Progressive score",
        "PS",
        ValueKind.POINTS,
        True,
        progressive.__doc__ or "",
        progressive,
    ),
)
