"""The top cut as JSON (``fairpair cut --json``; the HTTP API later)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


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
    after_round: int
    seats: list[CutSeat]
    skipped: list[str]
    """Dropped players who were above the line: no seat."""
    records: list[CutRecord]
    line: CutLine | None
    explanation: list[str]
