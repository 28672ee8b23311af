"""The change of one use case: the open transaction on one event (``Change``), what it holds
(the actor, the moment, the audit entries kept back until it ends, the players whose pages it
moved), and finding the event it changes — locked, or its advisory lock held shared
(``find_event``). ``fairpair.service.kernel.unit`` opens and ends it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, bindparam, func, insert, select, update

from fairpair.i18n import gettext
from fairpair.service.kernel.errors import UnknownEvent
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
    #: phones of the hall are not woken (``fairpair.service.kernel.live.players_moved``).
    players: set[int] = field(default_factory=set)
    #: The audit actions written (what the change did).
    actions: set[str] = field(default_factory=set)
    #: A players' report (``reporting``): the event is locked only when the change ends.
    shared: bool = False
    #: What set off the entries being written (``acting``): kept in each entry's ``after``
    #: as ``trigger`` (the autopilot's steps name the result that moved them).
    because: str | None = None
    #: What later steps of the change did beyond its own use case (the autopilot's moves
    #: after a result), for the caller to tell.
    outcomes: list[object] = field(default_factory=list)
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

    @contextmanager
    def acting(self, actor: str, because: str) -> Iterator[None]:
        """Inside the block, audit entries are ``actor``'s (the autopilot), each saying
        ``because`` — what set it off — as ``trigger`` in its ``after``."""
        before = self.actor, self.because
        self.actor, self.because = actor, because
        try:
            yield
        finally:
            self.actor, self.because = before

    def audit(self, action: str, subject: str, before: Any = None, after: Any = None) -> None:
        """Append what changed to the audit log (in this transaction)."""
        if self.because is not None:
            after = {**(after if isinstance(after, dict) else {}), "trigger": self.because}
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
UNBUMP = (
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
        listed = ", ".join(known[:5]) + (", ..." if len(known) > 5 else "")
        said = (
            gettext("no event %(slug)r (events: %(events)s)")
            if known
            else gettext("no event %(slug)r (no events yet: create one)")
        )
        command = None if known else "fairpair event new NAME"
        raise UnknownEvent("event", said % {"slug": slug, "events": listed}, command=command)
    return EventRef(row.id, row.slug, row.name, row.version)
