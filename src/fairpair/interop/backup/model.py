"""The shape of a backup, version 1 (the current one): validated with pydantic, every field
named in a refusal. ``document`` is the tournament document as JSON (read by the document's
own reader, ``fairpair.interop.document``); the rest is what a document cannot hold."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, model_validator

from fairpair.responses.event_details import EventDetails


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class BackupEvent(_Part):
    slug: str | None = Field(
        default=None, max_length=80, description="The slug it had (restore tries it first)."
    )
    name: str | None = Field(
        default=None, max_length=200, description="Its name (the document's name wins)."
    )
    created_at: AwareDatetime | None = None
    details: EventDetails | None = Field(
        default=None,
        description="City, federation, dates, arbiters, time control, type, round dates.",
    )
    community: str | None = Field(
        default=None,
        max_length=80,
        description="The slug of the community the event belonged to (restore can put it "
        "back there, its players linked to their records).",
    )


class BackupPlayer(_Part):
    """What the document does not hold about a player (its ``id`` is the document's)."""

    id: str = Field(max_length=80)
    contact: str | None = Field(default=None, max_length=200)
    registered_at: AwareDatetime | None = None
    checked_in_at: AwareDatetime | None = None
    person: str | None = Field(
        default=None,
        max_length=80,
        description="Their record in the community's player directory (its key).",
    )


class BackupRound(_Part):
    """A released round's dates, the pairing notes it was released with, and its timer: a
    running one's moment of time up (``clock_ends_at``) or a paused one's seconds left
    (``clock_left_seconds``); neither: no timer."""

    stage: str = Field(max_length=80)
    number: int = Field(ge=1, le=10_000)
    starts_at: AwareDatetime | None = None
    ends_at: AwareDatetime | None = None
    notes: list[Any] | None = None
    clock_ends_at: AwareDatetime | None = None
    clock_left_seconds: int | None = Field(default=None, ge=0, le=10_000_000)

    @model_validator(mode="after")
    def _one_timer(self) -> BackupRound:
        if self.clock_ends_at is not None and self.clock_left_seconds is not None:
            raise ValueError(
                "a round's timer is running (clock_ends_at) or paused (clock_left_seconds), "
                "not both"
            )
        return self


class BackupPortal(_Part):
    """What players may do themselves (the join code and the Discord bot token are not kept:
    a restored event draws a new code, and a token is a secret)."""

    self_registration: bool = True
    registration_cap: int | None = Field(default=None, ge=0, le=1_000_000)
    checkin_open: bool = False
    self_report: bool = True
    confirm_minutes: int = Field(default=15, ge=0, le=100_000)


class BackupSource(_Part):
    """The outside file the event was imported from, as kept for export (a FIDE TRF file's
    header lines and how each line was written: ``fairpair.interop.trf.TrfLayout``), so
    that a restored event exports the same file."""

    format: Literal["trf"]
    body: dict[str, Any]


class BackupAuditEntry(_Part):
    at: AwareDatetime
    actor: str = Field(max_length=200)
    action: str = Field(max_length=60)
    subject: str
    before: Any = None
    after: Any = None


class Backup(_Part):
    """A whole saved event, version 1."""

    format: Literal["fairpair-backup"] = "fairpair-backup"
    version: Literal[1] = 1
    written_at: datetime | None = None
    written_by: str | None = Field(default=None, description="The fairpair version.")
    event: BackupEvent
    document: dict[str, Any]
    players: list[BackupPlayer] = []
    rounds: list[BackupRound] = []
    portal: BackupPortal = BackupPortal()
    source: BackupSource | None = None
    audit_log: list[BackupAuditEntry] = []
