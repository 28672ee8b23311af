"""PostgreSQL: a transaction's last statement and its commit in one round trip
(``store.commit_with``, the end of a players' report)."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime

import pytest
from sqlalchemy import Connection, bindparam, insert, literal, select, update
from sqlalchemy.exc import DataError, OperationalError

from fairpair.store.commit_with import commit_with
from fairpair.store.database import Database
from fairpair.store.models import EventRow

BUMP = (
    update(EventRow)
    .where(EventRow.slug == bindparam("event_slug"))
    .values(version=EventRow.version + 1)
    .returning(EventRow.slug, EventRow.version)
)
#: Bumps, then fails in the database (a division by zero) for the row it found.
BUMP_THEN_FAIL = (
    update(EventRow)
    .where(EventRow.slug == bindparam("event_slug"))
    .values(version=EventRow.version + 1)
    .returning(EventRow.version / (literal(0) * EventRow.version))
)


def _event(db: Database, slug: str) -> None:
    with db.writing() as conn:
        conn.execute(
            insert(EventRow).values(slug=slug, name=slug.title(), created_at=datetime.now(UTC))
        )


def _rename(conn: Connection, slug: str) -> None:
    """A write before the last statement, in the same transaction."""
    conn.execute(update(EventRow).where(EventRow.slug == slug).values(name="Renamed"))


def _name_and_version(db: Database, slug: str) -> tuple[str, int]:
    with db.reading() as conn:
        row = conn.execute(
            select(EventRow.name, EventRow.version).where(EventRow.slug == slug)
        ).one()
    return row.name, row.version


def test_the_statement_and_the_writes_before_it_are_committed(postgres_db: Database) -> None:
    _event(postgres_db, "open")
    with postgres_db.writing() as conn:
        _rename(conn, "open")
        row = commit_with(conn, BUMP, {"event_slug": "open"})
        assert row == ("open", 2)
        # committed already: another connection sees it before the block ends
        assert _name_and_version(postgres_db, "open") == ("Renamed", 2)
    assert _name_and_version(postgres_db, "open") == ("Renamed", 2)
    # the connection goes back to the pool clean and serves the next transaction
    with postgres_db.writing() as conn:
        assert commit_with(conn, BUMP, {"event_slug": "open"}) == ("open", 3)


def test_a_failing_statement_commits_nothing(postgres_db: Database) -> None:
    _event(postgres_db, "open")
    with pytest.raises(DataError, match="division by zero"), postgres_db.writing() as conn:
        _rename(conn, "open")
        commit_with(conn, BUMP_THEN_FAIL, {"event_slug": "open"})
    assert _name_and_version(postgres_db, "open") == ("Open", 1)
    with postgres_db.writing() as conn:  # the pool's connection is usable again
        assert commit_with(conn, BUMP, {"event_slug": "open"}) == ("open", 2)


def test_no_row_is_said_after_the_commit(postgres_db: Database) -> None:
    _event(postgres_db, "open")
    with pytest.raises(LookupError, match="committed"), postgres_db.writing() as conn:
        _rename(conn, "open")
        commit_with(conn, BUMP, {"event_slug": "no-such-event"})
    assert _name_and_version(postgres_db, "open") == ("Renamed", 1)


def test_a_lost_connection_is_sqlalchemys_operational_error(postgres_db: Database) -> None:
    _event(postgres_db, "open")
    with pytest.raises(OperationalError), postgres_db.engine.connect() as conn:
        conn.begin()
        pid = conn.exec_driver_sql("SELECT pg_backend_pid()").scalar()
        with postgres_db.engine.connect() as other:
            other.exec_driver_sql(f"SELECT pg_terminate_backend({int(pid or 0)})")
            other.commit()
        commit_with(conn, BUMP, {"event_slug": "open"})
    assert _name_and_version(postgres_db, "open") == ("Open", 1)


def test_the_row_is_free_once_it_returns(postgres_db: Database) -> None:
    """A second writer waiting for the row gets it as soon as the round trip is over — the
    first writer's thread, still in its block (busy elsewhere), does not hold it."""
    _event(postgres_db, "open")
    locked, done = threading.Event(), threading.Event()
    waited: list[float] = []

    def second() -> None:
        locked.wait(10)
        start = time.perf_counter()
        with postgres_db.writing() as conn:
            conn.execute(update(EventRow).where(EventRow.slug == "open").values(name="Second"))
        waited.append(time.perf_counter() - start)
        done.set()

    thread = threading.Thread(target=second)
    thread.start()
    with postgres_db.writing() as conn:
        commit_with(conn, BUMP, {"event_slug": "open"})
        locked.set()
        assert done.wait(10), "the second writer waited for the first one's block to end"
    thread.join(10)
    assert waited and waited[0] < 5
    assert _name_and_version(postgres_db, "open") == ("Second", 2)
