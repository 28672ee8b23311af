"""A round robin's whole schedule as JSON (``fairpair round schedule EVENT --json``;
published as docs/schemas/round-robin-schedule.schema.json; docs/round-robin.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class NumberedPlayer(Model):
    """A player and their Berger number."""

    number: int
    id: str
    name: str
    withdrawn_after: int | None
    """The round after which the player withdrew, if they did."""


class ScheduledGameItem(Model):
    """One game of the schedule: ``first`` plays first (White)."""

    table: int
    first: NumberedPlayer
    second: NumberedPlayer
    result: str | None
    """The result when the round is released and the game reported."""


class ScheduledRoundItem(Model):
    number: int
    cycle: int
    cycle_round: int
    """The round of the Berger table this round plays (a double round robin's first cycle
    plays the table's last two rounds in reverse order)."""
    state: Literal["not released", "scheduled", "open", "completed"]
    games: list[ScheduledGameItem]
    sits_out: NumberedPlayer | None
    """Who the table pairs with the dummy (an odd field): no game this round."""


class RoundRobinSchedule(Model):
    """Every round of a round-robin stage, fixed at the start (FIDE Berger tables)."""

    format: Literal["fairpair-round-robin-schedule"] = "fairpair-round-robin-schedule"
    event: str
    stage: str
    cycles: int
    numbers_from: Literal["stage_seeds", "participants", "event_seeds"]
    players: list[NumberedPlayer]
    rounds: list[ScheduledRoundItem]
