"""One use case, one transaction: ``changing`` locks the event and records the audit entry.

Every write goes through ``changing(db, slug, actor)``. It opens a write transaction (SQLite:
``BEGIN IMMEDIATE``; PostgreSQL: the event's advisory lock, exclusive, then its row, locked by
the version's bump), so changes to one event run one after another and each sees the one
before it. Leaving the block commits the change together with its audit entries; any
exception rolls all of it back.

A players' report of their own match (``reporting``) is the one exception on PostgreSQL: it
holds the event's advisory lock *shared* — so no other change runs beside it, but the reports
of other tables do — and locks the event's row *last*, only to bump the version, announce the
change and commit. Two reports of one match meet at the rows themselves (the self-report's
unique table and its version, the result's unique table), which decide them exactly once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, bindparam, func, insert, select, update

from fairpair.service.errors import UnknownEvent
from fairpair.store.database import Database
from fairpair.store.models import AuditRow, EventRow


def now() -> datetime:
    """The time of a change (UTC, to the microsecond)."""
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class EventRef:
    id: int
    slug: str
    name: str
    version: int


@dataclass
class Change:
    """The open transaction of one use case on one event."""

    conn: Connection
    event: EventRef
    actor: str
    at: datetime = field(default_factory=now)
    entries: int = 0
    #: The change seats every player anew (a round released): announced as such, so that
    #: the web servers build the players' pages of the new version before the hall's phones
    #: ask for their tables.
    wide: bool = False
    #: Audit entries are kept back and written together when the change ends (``flush``):
    #: set by ``changing``, whose every change ends there.
    batched: bool = False
    #: The players (row ids) whose own pages the change moved, when it is a players' report
    #: or a result at their table (``touches``): announced with the change, so that the other
    #: phones of the hall are not woken (``fairpair.service.live.players_moved``).
    players: set[int] = field(default_factory=set)
    #: The audit actions written (what the change did).
    actions: set[str] = field(default_factory=set)
    #: A players' report (``reporting``): the event is locked only when the change ends.
    shared: bool = False
    _audits: list[dict[str, Any]] = field(default_factory=list)
    _when_locked: list[Callable[[], object]] = field(default_factory=list)

    def when_locked(self, step: Callable[[], object]) -> None:
        """Run ``step`` once the event is locked: at once in a change that locked it first,
        as the change ends in a players' report (``reporting``). For what must see every
        change committed before this one — the other tables' results, when it asks whether
        a stage is finished."""
        if self.shared:
            self._when_locked.append(step)
        else:
            step()

    @property
    def holds_steps(self) -> bool:
        """Steps wait for the event's lock (``when_locked``)."""
        return bool(self._when_locked)

    def locked_steps(self) -> None:
        """Run the steps kept back until the event was locked (``when_locked``)."""
        while self._when_locked:
            self._when_locked.pop(0)()

    def touches(self, *player_ids: int) -> None:
        """The change moved these players' own pages (their table's report or result)."""
        self.players.update(player_ids)

    def audit(self, action: str, subject: str, before: Any = None, after: Any = None) -> None:
        """Append what changed to the audit log (in this transaction)."""
        row = {
            "event_id": self.event.id,
            "at": self.at,
            "actor": self.actor,
            "action": action,
            "subject": subject,
            "before": before,
            "after": after,
        }
        self.entries += 1
        self.actions.add(action)
        if self.batched:
            self._audits.append(row)
        else:
            self.conn.execute(_AUDIT, row)

    def flush(self) -> None:
        """Write the audit entries kept back, in one statement (a confirmed self-report
        writes two: one round trip fewer while the event is locked)."""
        if self._audits:
            rows, self._audits = self._audits, []
            self.conn.execute(_AUDIT, rows if len(rows) > 1 else rows[0])


# The statements every change runs, built once (building them cost a quarter of a report).
_AUDIT = insert(AuditRow)
_FIND = select(EventRow.id, EventRow.slug, EventRow.name, EventRow.version).where(
    EventRow.slug == bindparam("event_slug")
)
#: Lock the event and bump its version in one round trip: an UPDATE locks the row until the
#: transaction ends on both databases (as ``FOR UPDATE`` would).
LOCK_AND_BUMP = (
    update(EventRow)
    .where(EventRow.slug == bindparam("event_slug"))
    .values(version=EventRow.version + 1)
    .returning(EventRow.id, EventRow.slug, EventRow.name, EventRow.version)
)
#: PostgreSQL: the event's advisory lock (a key of two integers: this class, the event's id —
#: a key space apart from the one-integer keys of migrations and event creation). Every change
#: takes it exclusive before it locks the event's row; a players' report takes it shared.
EVENT_LOCK_CLASS = 0x6670
_EXCLUSIVE = select(func.pg_advisory_xact_lock(EVENT_LOCK_CLASS, EventRow.id)).where(
    EventRow.slug == bindparam("event_slug")
)
_SHARED = select(
    EventRow.id,
    EventRow.slug,
    EventRow.name,
    EventRow.version,
    func.pg_advisory_xact_lock_shared(EVENT_LOCK_CLASS, EventRow.id),
).where(EventRow.slug == bindparam("event_slug"))
_UNBUMP = (
    update(EventRow)
    .where(EventRow.id == bindparam("event_key"))
    .values(version=EventRow.version - 1)
)


def find_event(
    conn: Connection, slug: str, *, lock: bool = False, shared: bool = False
) -> EventRef:
    """The event ``slug``, or ``UnknownEvent``. ``lock``: locked for this transaction, its
    version bumped (``changing`` takes it back when the use case changed nothing).
    ``shared``: its advisory lock held shared (a players' report, ``reporting``)."""
    parameters = {"event_slug": slug}
    postgresql = conn.dialect.name == "postgresql"
    if lock and postgresql:
        conn.execute(_EXCLUSIVE, parameters)
    statement = LOCK_AND_BUMP if lock else _SHARED if shared and postgresql else _FIND
    row = conn.execute(statement, parameters).first()
    if row is None:
        known = conn.execute(select(EventRow.slug).order_by(EventRow.id).limit(6)).scalars().all()
        hint = (
            f" (events: {', '.join(known[:5])}{', ...' if len(known) > 5 else ''})"
            if known
            else " (no events yet: fairpair event new NAME)"
        )
        raise UnknownEvent("event", f"no event {slug!r}{hint}")
    return EventRef(row.id, row.slug, row.name, row.version)


@contextmanager
def changing(db: Database, slug: str, actor: str) -> Iterator[Change]:
    """The write transaction of one use case on event ``slug``. The event's version goes up
    by one when the use case wrote an audit entry (every change does), else stays."""
    from fairpair.service.live import announce_in_transaction

    with db.queued(slug), db.writing() as conn:
        change = Change(conn, find_event(conn, slug, lock=True), actor, batched=True)
        yield change
        if not change.entries:
            conn.execute(_UNBUMP, {"event_key": change.event.id})
        else:
            change.flush()
            announce_in_transaction(change)
    if change.entries:
        _tell_listeners(db, change)


@contextmanager
def reporting(db: Database, slug: str, actor: str) -> Iterator[Change]:
    """``changing`` for a player's report of their own match (report, confirm, dispute).

    On PostgreSQL the event is locked *last*: the report reads its match and writes its rows
    holding the event's advisory lock shared (no other change of the event runs meanwhile:
    each takes it exclusive) and writes its audit entries, then locks the event's row to
    bump its version, runs the steps kept until then (``Change.when_locked``), sends its
    NOTIFY and commits. Reports of different tables so wait for each other only for those few
    statements, not for the whole report (the event's row was the ceiling: 60 reports a
    second). Reports of one match meet at its rows, which decide them exactly once: the
    self-report's unique table (``ON CONFLICT``) and its version (``UPDATE ... WHERE
    version``), the result's unique table. SQLite runs one writer at a time anyway:
    ``changing``."""
    if db.dialect != "postgresql":
        with changing(db, slug, actor) as change:
            yield change
        return
    from fairpair.service.live import announce_in_transaction, bump_announce_and_commit

    with db.queued(slug), db.writing() as conn:
        event = find_event(conn, slug, shared=True)
        change = Change(conn, event, actor, batched=True, shared=True)
        yield change
        if change.entries:
            # The audit entries before the lock: for reports the entries' order need not
            # be the commits' (my_match_facts asks only whether another kind of change came
            # since: those are exclusive, after every report under way).
            change.flush()
            if change.holds_steps:
                change.event = _bump(conn, slug)
                change.locked_steps()
                change.flush()
                announce_in_transaction(change)
            else:  # the lock, the version, the NOTIFY and the commit in one round trip
                change.event = bump_announce_and_commit(change)
    if change.entries:
        _tell_listeners(db, change)


def _tell_listeners(db: Database, change: Change) -> None:
    """After the commit: this process's listeners hear of the change."""
    from fairpair.service.live import announce_committed, players_moved

    announce_committed(
        db,
        change.event.slug,
        change.event.version,
        wide=change.wide,
        players=players_moved(change),
    )


def _bump(conn: Connection, slug: str) -> EventRef:
    """Lock the event's row and bump its version (a players' report, holding the advisory
    lock shared: not the exclusive one, which waits for every report under way)."""
    row = conn.execute(LOCK_AND_BUMP, {"event_slug": slug}).one()
    return EventRef(row.id, row.slug, row.name, row.version)


@contextmanager
def reading(db: Database, slug: str) -> Iterator[tuple[Connection, EventRef]]:
    """A consistent read of event ``slug``."""
    with db.reading() as conn:
        yield conn, find_event(conn, slug)
