"""The audit log is append-only in the database itself: its triggers refuse UPDATE and DELETE
from any client, raw SQL included; INSERT is accepted."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import Connection, func, insert, select, text
from sqlalchemy.exc import DBAPIError

from fairpair.store.database import Database
from fairpair.store.models import AuditRow, EventRow

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def add_entry(conn: Connection, event_id: int, action: str) -> None:
    conn.execute(
        insert(AuditRow).values(
            event_id=event_id,
            at=NOW,
            actor="arbiter",
            action=action,
            subject="event",
            before=None,
            after={"name": "Open"},
        )
    )


@pytest.fixture
def logged(db: Database) -> Database:
    """A database with one event and one audit entry."""
    with db.writing() as conn:
        conn.execute(insert(EventRow).values(id=1, slug="open", name="Open", created_at=NOW))
        add_entry(conn, 1, "event.create")
    return db


def entries(db: Database) -> list[tuple[int, str, str]]:
    with db.reading() as conn:
        rows = conn.execute(select(AuditRow.id, AuditRow.actor, AuditRow.action).order_by("id"))
        return [tuple(row) for row in rows]  # type: ignore[misc]


def test_insert_is_accepted(logged: Database) -> None:
    with logged.writing() as conn:
        add_entry(conn, 1, "player.add")
    assert [action for _, _, action in entries(logged)] == ["event.create", "player.add"]


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE audit_log SET actor = 'someone else'",
        "UPDATE audit_log SET action = action WHERE id = 1",
        "DELETE FROM audit_log",
        "DELETE FROM audit_log WHERE id = 1",
    ],
    ids=["update-all", "update-one", "delete-all", "delete-one"],
)
def test_update_and_delete_are_refused(logged: Database, statement: str) -> None:
    before = entries(logged)
    with pytest.raises(DBAPIError, match="the audit log is append-only"), logged.writing() as conn:
        conn.execute(text(statement))
    assert entries(logged) == before


def test_refused_change_rolls_back_the_whole_transaction(logged: Database) -> None:
    with pytest.raises(DBAPIError, match="append-only"), logged.writing() as conn:
        add_entry(conn, 1, "player.add")
        conn.execute(text("DELETE FROM audit_log WHERE id = 1"))
    assert [action for _, _, action in entries(logged)] == ["event.create"]
    with logged.reading() as conn:
        assert conn.execute(select(func.count()).select_from(EventRow)).scalar() == 1
