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

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Connection

from fairpair.service.kernel.change import (
    LOCK_AND_BUMP,
    UNBUMP,
    Change,
    EventRef,
    find_event,
)
from fairpair.service.kernel.live import (
    announce_committed,
    announce_in_transaction,
    bump_announce_and_commit,
    players_moved,
)
from fairpair.store.database import Database


@contextmanager
def changing(db: Database, slug: str, actor: str) -> Iterator[Change]:
    """The write transaction of one use case on event ``slug``. The event's version goes up
    by one when the use case wrote an audit entry (every change does), else stays."""
    with db.queued(slug), db.writing() as conn:
        change = Change(conn, find_event(conn, slug, lock=True), actor, batched=True)
        yield change
        if not change.entries:
            conn.execute(UNBUMP, {"event_key": change.event.id})
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
    with db.queued(slug), db.writing() as conn:
        event = find_event(conn, slug, shared=True)
        change = Change(conn, event, actor, batched=True, shared=True)
        yield change
        if change.entries:
            # The audit entries before the lock: for reports the entries' order need not
            # be the commits' (portal.facts asks only whether another kind of change came
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
