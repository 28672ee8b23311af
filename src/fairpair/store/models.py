"""The saved event's tables: facts only (docs/architecture.md "The layers").

Players, stages and their configuration, rounds, tables (two-player matches and pod tables),
byes, results, drops, the private draft of a stage's next round, and the append-only audit
log. Standings are never stored: the engine derives them from these facts.

Integrity lives in the database, not in read-then-write code: a match has at most one result
(``results.table_id`` is unique), a round number and a table number are unique in their
stage and round, players are referenced by foreign key, and every row that changes under
concurrent clients carries a ``version`` for optimistic checks.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: Constraint names are fixed so that migrations can name them on every database.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class UTCDateTime(TypeDecorator[datetime]):
    """A moment in time, the same on both databases: stored in UTC, read back aware (UTC).

    PostgreSQL's ``timestamptz`` does this itself; SQLite has no time zones, and SQLAlchemy's
    SQLite ``DateTime`` drops the offset of an aware value (10:00+02:00 was stored as 10:00
    and read back naive, two hours off). Aware values are converted to UTC before they are
    written; what SQLite gives back is marked UTC. A naive value is taken as UTC."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        return value.astimezone(UTC) if value.tzinfo is not None else value.replace(tzinfo=UTC)

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _when() -> Mapped[datetime]:
    return mapped_column(UTCDateTime(), nullable=False)


class EventRow(Base):
    """An event: what the organizer runs (one or more stages over one list of players)."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    slug: Mapped[str] = mapped_column(String(80), nullable=False, unique=True)
    name: Mapped[str] = mapped_column(String(200), nullable=False)
    created_at: Mapped[datetime] = _when()
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    """Bumped by every change: a client can tell that the event moved on since it read it."""
    city: Mapped[str | None] = mapped_column(String(100))
    federation: Mapped[str | None] = mapped_column(String(3))
    start_date: Mapped[date | None] = mapped_column(Date)
    end_date: Mapped[date | None] = mapped_column(Date)
    chief_arbiter: Mapped[str | None] = mapped_column(String(200))
    deputy_arbiters: Mapped[list[str] | None] = mapped_column(JSON)
    time_control: Mapped[str | None] = mapped_column(String(100))
    tournament_type: Mapped[str | None] = mapped_column(String(100))
    round_dates: Mapped[list[str | None] | None] = mapped_column(JSON)
    """The event's details a FIDE report carries (TRF records 022-132; docs/trf.md): where,
    when, who arbitrates, the time control, the type, and round dates set in advance
    (ISO dates by round number, ``None`` where a round's date comes from when it was opened)."""
    language: Mapped[str | None] = mapped_column(String(8))
    """The event's default language (a code of ``fairpair.i18n.LANGUAGES``), set by staff:
    for readers whose own choice and browser name none of the shipped languages."""


class PlayerRow(Base):
    """A registered player. ``key`` is the player's id in the tournament document."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("event_id", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=False
    )
    key: Mapped[str] = mapped_column(String(80), nullable=False)
    name: Mapped[str] = mapped_column(String(200), nullable=False)
    position: Mapped[int] = mapped_column(Integer, nullable=False)
    """Registration order (the document lists players in it)."""
    seed: Mapped[int | None] = mapped_column(Integer)
    rating: Mapped[int | None] = mapped_column(Integer)
    team: Mapped[str | None] = mapped_column(String(200))
    contact: Mapped[str | None] = mapped_column(String(200))
    """A handle to reach the player (a Discord name, a phone, an e-mail): shown to staff."""
    sex: Mapped[str | None] = mapped_column(String(1))
    title: Mapped[str | None] = mapped_column(String(3))
    federation: Mapped[str | None] = mapped_column(String(3))
    fide_id: Mapped[str | None] = mapped_column(String(11))
    birth_date: Mapped[str | None] = mapped_column(String(10))
    """The chess registration facts of a FIDE tournament report file, as written there."""
    language: Mapped[str | None] = mapped_column(String(8))
    """The player's own language (registered in, or chosen since): their notifications'."""
    registered_at: Mapped[datetime] = _when()
    checked_in_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class StageRow(Base):
    """A stage and its configuration. ``settings`` is the tournament document's stage object
    without its facts (rounds, drops): format, ruleset, pairing method, max rounds, groups,
    toss, forbidden pairs, seed, thresholds — read and written by the document's one schema."""

    __tablename__ = "stages"
    __table_args__ = (UniqueConstraint("event_id", "key"), UniqueConstraint("event_id", "position"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=False
    )
    key: Mapped[str] = mapped_column(String(80), nullable=False)
    position: Mapped[int] = mapped_column(Integer, nullable=False)
    settings: Mapped[dict[str, object]] = mapped_column(JSON, nullable=False)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    autopilot_pause: Mapped[dict[str, object] | None] = mapped_column(JSON, nullable=True)
    """Why the stage's autopilot holds still until staff resume it (``reason``: ``paused``,
    ``edited``, ``reverted``, ``deleted``, ``discarded``; ``said``: the sentence; ``at``;
    ``by``), or ``None`` while it runs (``service.rounds.autopilot_pause``)."""


class DropRow(Base):
    """A player left after ``after_round``. ``stage_id`` is the stage it is about: for an event
    drop (``whole_event``) the stage whose round numbering ``after_round`` uses (``None``:
    every stage's); otherwise the only stage the player left. Reinstating deletes the row."""

    __tablename__ = "drops"
    __table_args__ = (CheckConstraint("after_round >= 0", name="after_round"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=False
    )
    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), nullable=False, index=True
    )
    stage_id: Mapped[int | None] = mapped_column(ForeignKey("stages.id", ondelete="CASCADE"))
    whole_event: Mapped[bool] = mapped_column(Boolean, nullable=False)
    after_round: Mapped[int] = mapped_column(Integer, nullable=False)
    position: Mapped[int] = mapped_column(Integer, nullable=False)
    """Order of the drops (the document lists them in it)."""
    reason: Mapped[str | None] = mapped_column(String(200))
    at: Mapped[datetime] = _when()


class RoundRow(Base):
    """A released round of a stage: Scheduled, Open or Completed (``state``; ``None`` for a
    round imported from a document that did not track it)."""

    __tablename__ = "rounds"
    __table_args__ = (
        UniqueConstraint("stage_id", "number"),
        CheckConstraint("number >= 1", name="number"),
        CheckConstraint(
            "state IS NULL OR state IN ('scheduled', 'open', 'completed')", name="state"
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    stage_id: Mapped[int] = mapped_column(
        ForeignKey("stages.id", ondelete="CASCADE"), nullable=False
    )
    number: Mapped[int] = mapped_column(Integer, nullable=False)
    state: Mapped[str | None] = mapped_column(String(20))
    starts_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    ends_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    notes: Mapped[list[object] | None] = mapped_column(JSON)
    """The pairing notes of the draft it was released from ("Why these pairings")."""
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    clock_ends_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    """The round timer, running: when time is up (``service.rounds.clock``)."""
    clock_left: Mapped[int | None] = mapped_column(Integer)
    """The round timer, paused: the seconds left. Neither set: no timer started."""


class TableRow(Base):
    """One table of a round: a two-player match (``a``, ``b``) or a pod table (its seats in
    ``pod_seats``). ``key`` is the match id, stable within the stage."""

    __tablename__ = "tables"
    __table_args__ = (
        UniqueConstraint("round_id", "number"),
        UniqueConstraint("stage_id", "key"),
        CheckConstraint("kind IN ('match', 'pod')", name="kind"),
        CheckConstraint(
            "(kind = 'match' AND a_id IS NOT NULL AND b_id IS NOT NULL AND a_id <> b_id)"
            " OR (kind = 'pod' AND a_id IS NULL AND b_id IS NULL)",
            name="sides",
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(
        ForeignKey("rounds.id", ondelete="CASCADE"), nullable=False
    )
    stage_id: Mapped[int] = mapped_column(
        ForeignKey("stages.id", ondelete="CASCADE"), nullable=False
    )
    number: Mapped[int] = mapped_column(Integer, nullable=False)
    key: Mapped[str] = mapped_column(String(80), nullable=False)
    kind: Mapped[str] = mapped_column(String(10), nullable=False)
    a_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    b_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    toss_first_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    toss_reason: Mapped[str | None] = mapped_column(String(20))
    toss_manual: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    games: Mapped[dict[str, int] | None] = mapped_column(JSON)
    """Games recorded while the match is still being played (no final result yet)."""
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)


Index("ix_tables_a_id", TableRow.a_id)
Index("ix_tables_b_id", TableRow.b_id)


class PodSeatRow(Base):
    """A seat of a pod table, in seat order, with the finishing place once reported."""

    __tablename__ = "pod_seats"
    __table_args__ = (UniqueConstraint("table_id", "player_id"),)

    table_id: Mapped[int] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), nullable=False)
    place: Mapped[int | None] = mapped_column(Integer)


class ByeRow(Base):
    """A player without an opponent in a round, and why (``ByeKind``)."""

    __tablename__ = "byes"
    __table_args__ = (UniqueConstraint("round_id", "player_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(
        ForeignKey("rounds.id", ondelete="CASCADE"), nullable=False
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), nullable=False)
    kind: Mapped[str] = mapped_column(String(20), nullable=False)
    position: Mapped[int] = mapped_column(Integer, nullable=False)


class ResultRow(Base):
    """The result of a table. One per table at most — the database refuses a second, so two
    clients reporting the same match at once cannot both succeed."""

    __tablename__ = "results"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), nullable=False, unique=True
    )
    kind: Mapped[str] = mapped_column(String(20), nullable=False)
    winner: Mapped[str | None] = mapped_column(String(1))
    games_a: Mapped[int | None] = mapped_column(Integer)
    games_b: Mapped[int | None] = mapped_column(Integer)
    games_draws: Mapped[int | None] = mapped_column(Integer)
    reported_by: Mapped[str] = mapped_column(String(200), nullable=False)
    reported_at: Mapped[datetime] = _when()
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)


class DraftRow(Base):
    """The private draft of a stage's next round: at most one per stage. ``body`` holds the
    pairings, byes, eligible players, notes and warnings; nothing in it is public."""

    __tablename__ = "drafts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    stage_id: Mapped[int] = mapped_column(
        ForeignKey("stages.id", ondelete="CASCADE"), nullable=False, unique=True
    )
    round_number: Mapped[int] = mapped_column(Integer, nullable=False)
    body: Mapped[dict[str, object]] = mapped_column(JSON, nullable=False)
    made_by: Mapped[str] = mapped_column(String(200), nullable=False)
    made_at: Mapped[datetime] = _when()
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)


class AuditRow(Base):
    """One change: who, when, what, before and after. Append-only (triggers refuse UPDATE and
    DELETE); written in the same transaction as the change it records."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), nullable=False, index=True)
    at: Mapped[datetime] = _when()
    actor: Mapped[str] = mapped_column(String(200), nullable=False)
    action: Mapped[str] = mapped_column(String(60), nullable=False)
    subject: Mapped[str] = mapped_column(Text, nullable=False)
    before: Mapped[object | None] = mapped_column(JSON)
    after: Mapped[object | None] = mapped_column(JSON)


class AccountRow(Base):
    """A person who logs in: an organizer (who may create events) or, later, a player.
    ``password_hash`` is an argon2 hash (never the password)."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(80), nullable=False, unique=True)
    name: Mapped[str] = mapped_column(String(200), nullable=False)
    password_hash: Mapped[str] = mapped_column(String(200), nullable=False)
    organizer: Mapped[bool] = mapped_column(Boolean, nullable=False, default=True)
    #: The installation's administrator: invites organizers, issues password-reset links.
    #: The account made at first-run setup is one.
    admin: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )
    created_at: Mapped[datetime] = _when()


class AccountLinkRow(Base):
    """A one-time link that makes or mends an account: an invitation (``kind`` 'invite': a
    new account, an organizer or staff of ``event_id`` with ``role``) or a password reset
    (``kind`` 'reset' of ``account_id``). Only the SHA-256 of its secret is stored; it
    expires at ``expires_at`` and works once (``used_at``), or never after ``revoked_at``."""

    __tablename__ = "account_links"
    __table_args__ = (
        CheckConstraint("kind IN ('invite', 'reset')", name="kind"),
        CheckConstraint("role IS NULL OR role IN ('owner', 'judge', 'viewer')", name="role"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10), nullable=False)
    token_hash: Mapped[str] = mapped_column(String(64), nullable=False, unique=True)
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True
    )
    organizer: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    event_id: Mapped[int | None] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=True
    )
    role: Mapped[str | None] = mapped_column(String(10), nullable=True)
    note: Mapped[str] = mapped_column(String(200), nullable=False, default="")
    made_by: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True
    )
    created_at: Mapped[datetime] = _when()
    expires_at: Mapped[datetime] = _when()
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class StaffRow(Base):
    """An account's role in one event: owner, judge (runs rounds, enters results) or viewer."""

    __tablename__ = "event_staff"
    __table_args__ = (
        UniqueConstraint("event_id", "account_id"),
        CheckConstraint("role IN ('owner', 'judge', 'viewer')", name="role"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=False
    )
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True
    )
    role: Mapped[str] = mapped_column(String(20), nullable=False)


class SessionRow(Base):
    """A logged-in browser. The cookie holds a random token; only its SHA-256 is stored."""

    __tablename__ = "sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), nullable=False, unique=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True
    )
    created_at: Mapped[datetime] = _when()
    expires_at: Mapped[datetime] = _when()


class TokenRow(Base):
    """A bearer token for the JSON API, one organizer's. Only its SHA-256 is stored; ``prefix``
    (its first characters) lets the organizer tell tokens apart."""

    __tablename__ = "api_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True
    )
    name: Mapped[str] = mapped_column(String(200), nullable=False)
    token_hash: Mapped[str] = mapped_column(String(64), nullable=False, unique=True)
    prefix: Mapped[str] = mapped_column(String(16), nullable=False)
    created_at: Mapped[datetime] = _when()
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class JobRow(Base):
    """A job due at a moment: a notification to send, a reminder, a deadline to check. Read
    from the database, never held in memory, so it survives restarts; each is claimed by one
    worker at a time (a lease, ``claimed_until``) and done once (``done_at``). ``key`` is
    unique: scheduling the same job twice keeps one."""

    __tablename__ = "scheduled_jobs"
    __table_args__ = (Index("ix_scheduled_jobs_due", "done_at", "due_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=False, index=True
    )
    kind: Mapped[str] = mapped_column(String(40), nullable=False)
    key: Mapped[str] = mapped_column(String(200), nullable=False, unique=True)
    due_at: Mapped[datetime] = _when()
    payload: Mapped[object | None] = mapped_column(JSON)
    claimed_by: Mapped[str | None] = mapped_column(String(80))
    claimed_until: Mapped[datetime | None] = mapped_column(UTCDateTime())
    attempts: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    done_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    last_error: Mapped[str | None] = mapped_column(Text)


class EventSourceRow(Base):
    """The outside file an event was imported from, when fairpair keeps it for export: for a
    FIDE TRF file (``format`` ``"trf"``) its header lines and how each player line was written
    (``fairpair.interop.trf.TrfLayout``), so that export gives the same bytes back."""

    __tablename__ = "event_sources"

    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    format: Mapped[str] = mapped_column(String(10), nullable=False)
    body: Mapped[dict[str, object]] = mapped_column(JSON, nullable=False)


class PortalRow(Base):
    """The players' side of an event (one row per event, made with it): the short code players
    join by, whether they may register themselves and up to how many, whether check-in is
    open, whether players report their own results and how long an opponent has to confirm,
    and the Discord bot token round notifications are sent with."""

    __tablename__ = "event_portal"
    __table_args__ = (
        CheckConstraint("registration_cap IS NULL OR registration_cap >= 1", name="cap"),
        CheckConstraint("confirm_minutes >= 1", name="confirm_minutes"),
    )

    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    join_code: Mapped[str] = mapped_column(String(12), nullable=False, unique=True)
    self_registration: Mapped[bool] = mapped_column(Boolean, nullable=False, default=True)
    registration_cap: Mapped[int | None] = mapped_column(Integer)
    checkin_open: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    self_report: Mapped[bool] = mapped_column(Boolean, nullable=False, default=True)
    confirm_minutes: Mapped[int] = mapped_column(Integer, nullable=False, default=15)
    discord_bot_token: Mapped[str | None] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)


class WaitlistRow(Base):
    """Someone who joined a full event, in order; promoted to a player (``player_id``) when a
    place frees up."""

    __tablename__ = "waitlist"
    __table_args__ = (UniqueConstraint("event_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=False
    )
    name: Mapped[str] = mapped_column(String(200), nullable=False)
    contact: Mapped[str | None] = mapped_column(String(200))
    position: Mapped[int] = mapped_column(Integer, nullable=False)
    joined_at: Mapped[datetime] = _when()
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    """The player this entry became (``None``: still waiting)."""


class PlayerTokenRow(Base):
    """A player's pass to their event's portal — no account needed: the browser keeps the
    random token (signed) in a cookie, a personal link carries it, the API takes it as a
    bearer token. Only its SHA-256 is stored; revoking it ends every browser that has it.
    It belongs to a player, or to a waitlist entry until that is promoted (``player_id`` is
    then set). ``account_id``: the account it was linked to (history across events)."""

    __tablename__ = "player_tokens"
    __table_args__ = (
        CheckConstraint("player_id IS NOT NULL OR waitlist_id IS NOT NULL", name="holder"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=False
    )
    player_id: Mapped[int | None] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), index=True
    )
    waitlist_id: Mapped[int | None] = mapped_column(
        ForeignKey("waitlist.id", ondelete="CASCADE"), index=True
    )
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="SET NULL"), index=True
    )
    token_hash: Mapped[str] = mapped_column(String(64), nullable=False, unique=True)
    made_by: Mapped[str] = mapped_column(String(200), nullable=False)
    """"self" (joined by code) or the staff member who made a personal link."""
    created_at: Mapped[datetime] = _when()
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class SelfReportRow(Base):
    """A player's report of their own match, waiting for the opponent: at most one per match
    (``table_id`` is unique), so two players reporting at once cannot both open one. The
    result is told from side a of the table, as ``results`` is. ``state``: pending (waiting
    for the opponent), confirmed (became the result), disputed (the opponent said otherwise:
    the Resolution Queue), resolved (staff settled it). A pending report whose
    ``confirm_by`` has passed is in the Resolution Queue too."""

    __tablename__ = "self_reports"
    __table_args__ = (
        CheckConstraint("state IN ('pending', 'confirmed', 'disputed', 'resolved')", name="state"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), nullable=False, unique=True
    )
    reporter_id: Mapped[int] = mapped_column(ForeignKey("players.id"), nullable=False)
    kind: Mapped[str] = mapped_column(String(20), nullable=False)
    winner: Mapped[str | None] = mapped_column(String(1))
    games_a: Mapped[int | None] = mapped_column(Integer)
    games_b: Mapped[int | None] = mapped_column(Integer)
    games_draws: Mapped[int | None] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(String(20), nullable=False)
    reported_at: Mapped[datetime] = _when()
    confirm_by: Mapped[datetime] = _when()
    answered_by: Mapped[str | None] = mapped_column(String(200))
    answered_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    dispute: Mapped[dict[str, object] | None] = mapped_column(JSON)
    """What the opponent said instead (the result they would have), when disputed."""
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)


class NotificationRow(Base):
    """A message to one player, kept as their in-app notification (``read_at``: seen). ``key``
    is unique: the round-open notice, the halfway nudge and the 24-hour warning of a round are
    each made once per player however many workers try (``round-open:ROUND_ID:PLAYER_ID``)."""

    __tablename__ = "notifications"
    __table_args__ = (Index("ix_notifications_player", "player_id", "read_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=False, index=True
    )
    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), nullable=False
    )
    round_id: Mapped[int | None] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(40), nullable=False)
    key: Mapped[str | None] = mapped_column(String(200), unique=True)
    title: Mapped[str] = mapped_column(String(300), nullable=False)
    body: Mapped[str] = mapped_column(Text, nullable=False)
    url: Mapped[str | None] = mapped_column(String(500))
    created_at: Mapped[datetime] = _when()
    read_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class DeliveryRow(Base):
    """A notification sent out of the app: a web push to one subscription or a Discord DM.
    One per notification, channel and target; sent by a scheduled job (``deliver``)."""

    __tablename__ = "deliveries"
    __table_args__ = (
        UniqueConstraint("notification_id", "channel", "target"),
        CheckConstraint("channel IN ('push', 'discord')", name="channel"),
        CheckConstraint("state IN ('pending', 'sent', 'failed', 'gone')", name="state"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    notification_id: Mapped[int] = mapped_column(
        ForeignKey("notifications.id", ondelete="CASCADE"), nullable=False, index=True
    )
    channel: Mapped[str] = mapped_column(String(20), nullable=False)
    target: Mapped[str] = mapped_column(String(1000), nullable=False)
    state: Mapped[str] = mapped_column(String(20), nullable=False)
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    error: Mapped[str | None] = mapped_column(Text)


class PreferenceRow(Base):
    """Which channels a player wants round notifications on (the in-app list is always kept),
    and their Discord user id for DMs."""

    __tablename__ = "notification_preferences"

    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    in_app: Mapped[bool] = mapped_column(Boolean, nullable=False, default=True)
    push: Mapped[bool] = mapped_column(Boolean, nullable=False, default=True)
    discord: Mapped[bool] = mapped_column(Boolean, nullable=False, default=True)
    discord_user_id: Mapped[str | None] = mapped_column(String(32))


class PushSubscriptionRow(Base):
    """A browser's web push subscription (the Push API's endpoint and keys), a player's."""

    __tablename__ = "push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), nullable=False, index=True
    )
    endpoint: Mapped[str] = mapped_column(String(1000), nullable=False, unique=True)
    p256dh: Mapped[str] = mapped_column(String(200), nullable=False)
    auth: Mapped[str] = mapped_column(String(100), nullable=False)
    created_at: Mapped[datetime] = _when()


class ResultEntryRow(Base):
    """A result entry's idempotency key and the first answer it got (issue 32): a phone's
    queued entry sent again after the connection came back, or an API client's retry, is
    answered with what the first send recorded and never records twice. ``key`` is the
    client's (unique within the event)."""

    __tablename__ = "result_entries"
    __table_args__ = (UniqueConstraint("event_id", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=False
    )
    key: Mapped[str] = mapped_column(String(100), nullable=False)
    table_id: Mapped[int] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), nullable=False, index=True
    )
    answer: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False)
    actor: Mapped[str] = mapped_column(String(200), nullable=False)
    created_at: Mapped[datetime] = _when()


class StaffPushRow(Base):
    """A staff member's web push subscription for one event's alerts (a dispute, a judge
    call, a round's last result in): one per browser and event; ``alerts`` names the kinds
    wanted, comma-separated."""

    __tablename__ = "staff_push_subscriptions"
    __table_args__ = (UniqueConstraint("event_id", "endpoint"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=False
    )
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True
    )
    endpoint: Mapped[str] = mapped_column(String(1000), nullable=False)
    p256dh: Mapped[str] = mapped_column(String(200), nullable=False)
    auth: Mapped[str] = mapped_column(String(100), nullable=False)
    alerts: Mapped[str] = mapped_column(String(100), nullable=False)
    created_at: Mapped[datetime] = _when()
    language: Mapped[str | None] = mapped_column(String(8))
    """The language its alerts are written in (the console's when they were turned on);
    none: the event's default language, else English."""


class JudgeCallRow(Base):
    """A player's call for a judge at their table (issue 32): open until a staff member
    answers it (``answered_at``)."""

    __tablename__ = "judge_calls"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=False, index=True
    )
    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), nullable=False
    )
    round_number: Mapped[int | None] = mapped_column(Integer)
    table_number: Mapped[int | None] = mapped_column(Integer)
    note: Mapped[str | None] = mapped_column(String(200))
    called_at: Mapped[datetime] = _when()
    answered_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    answered_by: Mapped[str | None] = mapped_column(String(200))


class ServerKeyRow(Base):
    """A secret the whole installation shares and keeps across restarts: the key that signs
    player cookies, the VAPID key pair of web push. Made once (the first process to insert
    wins; every other reads it)."""

    __tablename__ = "server_keys"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text, nullable=False)
    created_at: Mapped[datetime] = _when()


class DiscordChannelRow(Base):
    """A Discord channel linked to an event (``/link``): its commands act on that event, and
    it shows the live display message (``message_id``, posted by the first redraw). The
    display is redrawn when the event moved on: ``wanted_version`` is the newest event
    version announced, ``shown_version`` the one the message shows."""

    __tablename__ = "discord_channels"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=False, index=True
    )
    guild_id: Mapped[str | None] = mapped_column(String(32))
    channel_id: Mapped[str] = mapped_column(String(32), nullable=False, unique=True)
    linked_by: Mapped[str] = mapped_column(String(200), nullable=False)
    linked_at: Mapped[datetime] = _when()
    message_id: Mapped[str | None] = mapped_column(String(32))
    wanted_version: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    shown_version: Mapped[int] = mapped_column(Integer, nullable=False, default=0)


class DiscordCodeRow(Base):
    """A one-time code typed in Discord: ``channel`` (made by the event's owner, ``/link``)
    or ``player`` (made for one player, ``/join``). Only its SHA-256 is kept; it works once
    (``used_at``) and until ``expires_at``."""

    __tablename__ = "discord_codes"
    __table_args__ = (CheckConstraint("purpose IN ('channel', 'player')", name="purpose"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=False, index=True
    )
    code_hash: Mapped[str] = mapped_column(String(64), nullable=False, unique=True)
    purpose: Mapped[str] = mapped_column(String(20), nullable=False)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    made_by: Mapped[str] = mapped_column(String(200), nullable=False)
    created_at: Mapped[datetime] = _when()
    expires_at: Mapped[datetime] = _when()
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class DiscordPlayerRow(Base):
    """A player's Discord account, proven by ``/join`` with their one-time code: the Discord
    user acts as that player (check in, drop, report) in the event's linked channels."""

    __tablename__ = "discord_players"
    __table_args__ = (UniqueConstraint("event_id", "discord_user_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=False
    )
    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), nullable=False, unique=True
    )
    discord_user_id: Mapped[str] = mapped_column(String(32), nullable=False)
    #: The Discord name it joined with (shown on the player's page; ``None``: joined before 0007).
    discord_name: Mapped[str | None] = mapped_column(String(100))
    linked_at: Mapped[datetime] = _when()


class DiscordInteractionRow(Base):
    """An interaction already answered (its Discord id), kept for the signature window: the
    same signed request sent again is refused (replay)."""

    __tablename__ = "discord_interactions"

    interaction_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seen_at: Mapped[datetime] = _when()


metadata = Base.metadata


class CommunityRow(Base):
    """A community: a store, a club or a Discord server, the home of its events, its staff,
    its player directory, its leagues and its ratings (docs/communities.md)."""

    __tablename__ = "communities"
    __table_args__ = (
        CheckConstraint("kind IN ('store', 'club', 'discord', 'other')", name="kind"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    slug: Mapped[str] = mapped_column(String(80), nullable=False, unique=True)
    name: Mapped[str] = mapped_column(String(200), nullable=False)
    kind: Mapped[str] = mapped_column(String(10), nullable=False)
    discord_guild: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """A Discord server's id (its guild), when the community is one."""
    created_at: Mapped[datetime] = _when()
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    """Bumped by every change of the community (its directory, its staff, its events)."""
    settings: Mapped[dict[str, object]] = mapped_column(JSON, nullable=False)
    """The community's choices (its rating systems, seeding by rating)."""


class CommunityStaffRow(Base):
    """An account's role in a community: it reaches every event of the community."""

    __tablename__ = "community_staff"
    __table_args__ = (
        UniqueConstraint("community_id", "account_id"),
        CheckConstraint("role IN ('owner', 'judge', 'viewer')", name="role"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    community_id: Mapped[int] = mapped_column(
        ForeignKey("communities.id", ondelete="CASCADE"), nullable=False
    )
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True
    )
    role: Mapped[str] = mapped_column(String(20), nullable=False)


class PersonRow(Base):
    """One person of a community's player directory, across all its events (each event's
    ``players`` row points here). ``merged_into``: the record this one was merged into (its
    players moved there); ``forgotten_at``: deleted on request (the name is gone, the
    results stay for the other players' tiebreaks)."""

    __tablename__ = "people"
    __table_args__ = (UniqueConstraint("community_id", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    community_id: Mapped[int] = mapped_column(
        ForeignKey("communities.id", ondelete="CASCADE"), nullable=False
    )
    key: Mapped[str] = mapped_column(String(80), nullable=False)
    name: Mapped[str] = mapped_column(String(200), nullable=False)
    created_at: Mapped[datetime] = _when()
    discord_user: Mapped[str | None] = mapped_column(String(32), nullable=True)
    merged_into: Mapped[int | None] = mapped_column(
        ForeignKey("people.id", ondelete="SET NULL"), nullable=True
    )
    forgotten_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class CommunityEventRow(Base):
    """An event of a community (an event belongs to one community at most; events without
    one keep working as they always have)."""

    __tablename__ = "community_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=False, unique=True
    )
    community_id: Mapped[int] = mapped_column(
        ForeignKey("communities.id", ondelete="CASCADE"), nullable=False, index=True
    )


class PlayerPersonRow(Base):
    """Which person of the community's directory an event's player is."""

    __tablename__ = "player_people"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), nullable=False, unique=True
    )
    person_id: Mapped[int] = mapped_column(
        ForeignKey("people.id", ondelete="CASCADE"), nullable=False, index=True
    )


class CommunityAuditRow(Base):
    """One change of a community (its staff, its directory, its events, its leagues): who,
    when, what, before and after; written in the same transaction as the change."""

    __tablename__ = "community_audit"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    community_id: Mapped[int] = mapped_column(
        ForeignKey("communities.id", ondelete="CASCADE"), nullable=False, index=True
    )
    at: Mapped[datetime] = _when()
    actor: Mapped[str] = mapped_column(String(200), nullable=False)
    action: Mapped[str] = mapped_column(String(60), nullable=False)
    subject: Mapped[str] = mapped_column(Text, nullable=False)
    before: Mapped[object | None] = mapped_column(JSON)
    after: Mapped[object | None] = mapped_column(JSON)


class RatingChangeRow(Base):
    """One person's rating before and after one event of their community, in one system and
    one game (docs/ratings.md): the rating history, and — the latest row — the current
    rating. Derived from the event's completed rounds (a facts' cache the ratings service
    rebuilds at will), one row per person, event, game and system: rating an event again
    replaces its rows."""

    __tablename__ = "rating_changes"
    __table_args__ = (
        UniqueConstraint("community_id", "game", "system", "person_id", "event_id"),
        CheckConstraint("system IN ('glicko2', 'elo', 'openskill')", name="system"),
        Index("ix_rating_changes_event", "event_id"),
        Index("ix_rating_changes_person", "person_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    community_id: Mapped[int] = mapped_column(
        ForeignKey("communities.id", ondelete="CASCADE"), nullable=False
    )
    game: Mapped[str] = mapped_column(String(40), nullable=False)
    """The game the rating is of: the event's ruleset preset (``mtg``, ``fide``…), or
    ``all`` for a community with one rating across its games."""
    system: Mapped[str] = mapped_column(String(12), nullable=False)
    person_id: Mapped[int] = mapped_column(
        ForeignKey("people.id", ondelete="CASCADE"), nullable=False
    )
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=False
    )
    before_value: Mapped[float] = mapped_column(Float, nullable=False)
    before_deviation: Mapped[float | None] = mapped_column(Float)
    before_volatility: Mapped[float | None] = mapped_column(Float)
    after_value: Mapped[float] = mapped_column(Float, nullable=False)
    after_deviation: Mapped[float | None] = mapped_column(Float)
    after_volatility: Mapped[float | None] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, nullable=False)
    """Rated games (pod tables) in the event."""
    total_games: Mapped[int] = mapped_column(Integer, nullable=False)
    """Rated games (pod tables) so far, this event's included."""
    peak: Mapped[float | None] = mapped_column(Float)
    score: Mapped[float] = mapped_column(Float, nullable=False)
    expected: Mapped[float | None] = mapped_column(Float)
    """FIDE Elo: the expected score ΣPD; ``k`` the development coefficient used."""
    k: Mapped[int | None] = mapped_column(Integer)
    rounds: Mapped[int] = mapped_column(Integer, nullable=False)
    """The event's completed rounds the row counts."""
    rated_at: Mapped[datetime] = _when()


class LeagueRow(Base):
    """A league (a season) of a community: its events' league points add up on one
    leaderboard (docs/leagues.md). ``rule``: the points rule (``engine.leagues.PointsRule``
    as JSON); ``closed_at``/``final``: once closed, the leaderboard as it stood then (the
    season is frozen: nothing changes it after)."""

    __tablename__ = "leagues"
    __table_args__ = (UniqueConstraint("community_id", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    community_id: Mapped[int] = mapped_column(
        ForeignKey("communities.id", ondelete="CASCADE"), nullable=False
    )
    key: Mapped[str] = mapped_column(String(80), nullable=False)
    name: Mapped[str] = mapped_column(String(200), nullable=False)
    starts: Mapped[date | None] = mapped_column(Date, nullable=True)
    ends: Mapped[date | None] = mapped_column(Date, nullable=True)
    rule: Mapped[dict[str, object]] = mapped_column(JSON, nullable=False)
    created_at: Mapped[datetime] = _when()
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    """Bumped by every change of the league (its rule, its events, closing it)."""
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    final: Mapped[object | None] = mapped_column(JSON, nullable=True)
    """The leaderboard frozen when the season was closed."""


class LeagueEventRow(Base):
    """An event of a league (an event of the league's community; it may count in several
    leagues)."""

    __tablename__ = "league_events"
    __table_args__ = (UniqueConstraint("league_id", "event_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    league_id: Mapped[int] = mapped_column(
        ForeignKey("leagues.id", ondelete="CASCADE"), nullable=False
    )
    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), nullable=False, index=True
    )


class LoginThrottleRow(Base):
    """Failed logins, counted per username and per client address (``kind``: ``account`` or
    ``address``) and shared by every server process; a restart keeps them
    (``service.accounts.throttle``, docs/security.md)."""

    __tablename__ = "login_throttle"

    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer, nullable=False)
    last_failure: Mapped[datetime] = _when()
    wait_until: Mapped[datetime] = _when()
