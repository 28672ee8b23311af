"""The top cut as JSON (``fairpair cut --json``; the HTTP API later)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from fairpair.engine.standings import Standings
from fairpair.engine.topcut import TopCut


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CutSeat(_Model):
    seed: int
    id: str
    name: str
    rank: int | None
    record: str


class CutRecord(_Model):
    record: str
    players: int
    made_it: int


class CutLine(_Model):
    last_in: str
    first_out: str
    decided_by: str
    """The tiebreak's name, ``points``, or ``order`` (nothing separated them)."""
    value_in: str | None
    value_out: str | None


class TopCutResponse(_Model):
    format: Literal["fairpair-top-cut"] = "fairpair-top-cut"
    stage: str
    """The stage whose standings are cut."""
    cut_stage: str | None = None
    """The stage the cut seats (``None`` for a preview with --top/--percent)."""
    drawn: bool = False
    """The cut was drawn now: the cut stage's field is these seats."""
    after_round: int
    seats: list[CutSeat]
    skipped: list[str]
    """Dropped players who were above the line: no seat."""
    records: list[CutRecord]
    line: CutLine | None
    explanation: list[str]


def top_cut_response(
    standings: Standings,
    made: TopCut,
    names: dict[str, str],
    *,
    cut_stage: str | None = None,
    drawn: bool = False,
) -> TopCutResponse:
    """The response for ``made``, a cut of ``standings``."""
    d = made.decision
    return TopCutResponse(
        stage=standings.stage.id,
        cut_stage=cut_stage,
        drawn=drawn,
        after_round=standings.after_round,
        seats=[
            CutSeat(seed=s.seed, id=s.player, name=names[s.player], rank=s.rank, record=s.record)
            for s in made.seats
        ],
        skipped=list(made.skipped),
        records=[
            CutRecord(record=g.record, players=g.players, made_it=g.made_it) for g in made.groups
        ],
        line=CutLine(
            last_in=d.last_in,
            first_out=d.first_out,
            decided_by=d.tiebreak or "points",
            value_in=None if d.value_in is None else str(d.value_in),
            value_out=None if d.value_out is None else str(d.value_out),
        )
        if d is not None
        else None,
        explanation=made.explain(names),
    )
