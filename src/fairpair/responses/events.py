"""Saved events as JSON (``fairpair event list|show --json``; the HTTP API later)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class EventListItem(Model):
    slug: str
    name: str
    players: int
    rounds: int
    created_at: datetime
    changed_at: datetime


class EventList(Model):
    format: Literal["fairpair-events"] = "fairpair-events"
    events: list[EventListItem]


class PlayerItem(Model):
    """A registered player as staff see them."""

    id: str
    name: str
    seed: int | None
    rating: int | None
    team: str | None
    contact: str | None
    checked_in: bool
    dropped_after: int | None
    """The round after which the player left the event (or the current stage), if they did."""


class TableItem(Model):
    table: int
    id: str
    players: list[str]
    result: str | None
    """The result as people read it ("2-1", "draw", "a forfeits"), ``None`` until reported."""
    first: str | None
    """Who plays first (the toss), when the stage uses it."""
    manual_toss: bool


class RoundItem(Model):
    number: int
    state: Literal["scheduled", "open", "completed"]
    tables: int
    outstanding: int
    byes: list[str]
    starts_at: datetime | None
    ends_at: datetime | None


class StageItem(Model):
    id: str
    name: str
    format: str
    ruleset: str
    max_rounds: int | None
    rounds: list[RoundItem]
    draft_round: int | None
    """The round a private draft is waiting for (``None``: no draft)."""


class EventDetail(Model):
    format: Literal["fairpair-event"] = "fairpair-event"
    slug: str
    name: str
    version: int
    created_at: datetime
    players: list[PlayerItem]
    stages: list[StageItem]
