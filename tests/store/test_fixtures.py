"""The database fixtures themselves: each test finds an empty database with its ids starting
at 1 and its guards in place, whatever the test before it left behind. (The tests run in file
order: each "leaves" test is followed by a "finds" test on the same backend.)"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import Connection, func, insert, select, text
from sqlalchemy.exc import DBAPIError

from fairpair.store import migrate
from fairpair.store.database import Database
from fairpair.store.models import AuditRow, EventRow, PlayerRow, metadata

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
LEAKED: list[Connection] = []


def fill(conn: Connection) -> None:
    conn.execute(insert(EventRow).values(slug="open", name="Open", created_at=NOW))
    for i in range(3):
        conn.execute(
            insert(PlayerRow).values(
                event_id=1, key=f"p{i}", name=f"P{i}", position=i, registered_at=NOW
            )
        )
    conn.execute(
        insert(AuditRow).values(event_id=1, at=NOW, actor="a", action="event.create", subject="e")
    )


def assert_empty(db: Database) -> None:
    with db.reading() as conn:
        for table in metadata.sorted_tables:
            count = conn.execute(select(func.count()).select_from(table)).scalar()
            assert count == 0, f"{table.name} has {count} rows"


def test_leaves_rows_behind(db: Database) -> None:
    with db.writing() as conn:
        fill(conn)


def test_finds_it_empty_with_ids_from_one(db: Database) -> None:
    assert_empty(db)
    with db.writing() as conn:
        fill(conn)
        assert conn.execute(select(func.min(PlayerRow.id))).scalar() == 1


def test_finds_the_audit_log_still_append_only(db: Database) -> None:
    with db.writing() as conn:
        fill(conn)
    with pytest.raises(DBAPIError, match="append-only"), db.writing() as conn:
        conn.execute(text("DELETE FROM audit_log"))


def test_leaves_only_used_sequences(db: Database) -> None:
    with pytest.raises(RuntimeError), db.writing() as conn:
        fill(conn)
        raise RuntimeError("rolled back: no rows, but the sequences moved on")
    assert_empty(db)


def test_finds_sequences_restarted(db: Database) -> None:
    with db.writing() as conn:
        fill(conn)
        assert conn.execute(select(func.min(EventRow.id))).scalar() == 1


def test_leaks_a_connection_holding_a_lock(db: Database) -> None:
    conn = db.engine.connect().execution_options(fairpair_write=True)
    conn.begin()
    conn.execute(insert(EventRow).values(slug="x", name="X", created_at=NOW))
    if db.dialect == "postgresql":
        conn.exec_driver_sql("LOCK TABLE players IN ACCESS EXCLUSIVE MODE")
    LEAKED.append(conn)  # never closed by the test


def test_finds_it_empty_anyway(db: Database) -> None:
    assert_empty(db)
    with db.writing() as conn:
        fill(conn)


def test_migrates_the_fixture_database_down(db: Database) -> None:
    migrate.downgrade(db.engine)  # should have used empty_db_url; the next test is safe anyway


def test_finds_it_migrated_again(db: Database) -> None:
    assert migrate.current(db.engine) == migrate.head()
    assert_empty(db)
    with db.writing() as conn:
        fill(conn)
    with pytest.raises(DBAPIError, match="append-only"), db.writing() as conn:
        conn.execute(text("UPDATE audit_log SET actor = 'b'"))


def teardown_module() -> None:
    for conn in LEAKED:
        conn.invalidate()
