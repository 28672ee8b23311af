"""Who has been told what about a round (issue 11 point 7): per player, the round's
notifications (which kinds, when, read or not) and their deliveries (channel and state),
and whether their match is still outstanding; the round's planned notice jobs. The
console's Reporting tab and ``GET /api/v1/events/{slug}/rounds/{number}/notices``."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class NoticeDelivery(Model):
    channel: Literal["push", "discord"]
    state: Literal["pending", "sent", "failed", "gone"]
    sent_at: datetime | None
    error: str | None


class PlayerNotice(Model):
    kind: str
    """``round-open``, ``halfway`` or ``deadline-24h``."""
    at: datetime
    read: bool
    deliveries: list[NoticeDelivery]


class PlayerNotices(Model):
    id: str
    name: str
    table: int | None
    """Their table in the round (``None``: a bye)."""
    outstanding: bool
    """Their match has no result yet (and they have not dropped)."""
    reported: Literal["none", "pending", "to_confirm", "disputed", "result"]
    """What is known of their match: nothing, their own self-report waiting for the
    opponent (``pending``), the opponent's report waiting for them (``to_confirm``), a
    dispute (in the Resolution Queue), or a result."""
    notices: list[PlayerNotice]


class PlannedNotice(Model):
    kind: str
    due_at: datetime
    done: bool


class RoundNotices(Model):
    format: Literal["fairpair-round-notices"] = "fairpair-round-notices"
    event: str
    stage: str
    number: int
    state: Literal["scheduled", "open", "completed"] | None
    starts_at: datetime | None
    ends_at: datetime | None
    planned: list[PlannedNotice]
    players: list[PlayerNotices]
    notified: int
    """How many players have at least one notice of this round."""
    not_reported: int
    """How many players' matches are still outstanding."""
