"""The API's own small answers: what an action did, when no shared response model
(``fairpair.responses``) says it. Field names follow the CLI's ``--json`` payloads."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict

from fairpair.responses.events import Side


class Answer(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RecordedMatch(Answer):
    """A result as recorded (``fairpair result report --json``): ``version`` is what a
    correction names."""

    event: str
    round: int
    table: int
    match: str
    a: str
    b: str
    result: str
    version: int
    note: str | None = None
    """What the organizer should know about what was recorded: a draw of a best-of-three
    given without its games says that GW% and OGW% count no games for it."""
    autopilot: str | None = None
    """The result was its round's last and the stage's autopilot moved on: what it did
    ("the autopilot completed round 2 and opened round 3")."""


class NextRound(Answer):
    """What "Next round" did (``POST /events/{slug}/rounds/next``): round ``round``
    (``name``) of ``stage`` is open — or, ``opened`` false, its draft waits for review because
    of ``warnings``; ``completed``: the round completed first (of ``completed_stage``)."""

    event: str
    stage: str
    round: int
    name: str
    opened: bool
    completed: int | None = None
    completed_stage: str | None = None
    warnings: list[str] = []


class OutstandingMatch(Answer):
    stage: str
    round: int
    table: int
    match: str
    a: Side
    b: Side


class Outstanding(Answer):
    """The matches of released, unfinished rounds that still wait for a result."""

    event: str
    count: int
    matches: list[OutstandingMatch]


class TossFlipped(Answer):
    event: str
    round: int
    table: int
    first: str
    manual: bool


class TossRecalculated(Answer):
    event: str
    round: int
    changed_tables: list[int]


class RoundSwapped(Answer):
    event: str
    stage: str
    round: int
    changed_tables: list[int]


class TokenItem(Answer):
    """An API token as listed: its name and the first characters of its secret."""

    id: int
    name: str
    prefix: str
    created_at: datetime
    revoked_at: datetime | None


class CreatedToken(Answer):
    """A new token: ``secret`` is shown this once (fairpair keeps only a hash)."""

    token: TokenItem
    secret: str


class RecordedPlaces(Answer):
    """A pod table's places as recorded (``fairpair result places --json``)."""

    event: str
    round: int
    table: int
    match: str
    seats: list[str]
    places: list[int]
    text: str
    version: int


class ReleasedRounds(Answer):
    """The rounds a round robin's release made public (Scheduled)."""

    event: str
    stage: str
    rounds: list[int]


class StaffMember(Answer):
    username: str
    name: str
    role: str


class Staff(Answer):
    event: str
    staff: list[StaffMember]


class ByeRequestItem(Answer):
    """A requested bye (``fairpair player bye``)."""

    round: int
    kind: str
    paired: bool
    """Its round is paired: it can no longer be cancelled."""


class ByeRequests(Answer):
    """A player's requested byes and what they may still request."""

    stage: str | None
    requests: list[ByeRequestItem]
    rounds_open: list[int]
    kinds_allowed: list[str]
    half_point_limit: int
    half_point_used: int
    why_not: str | None
