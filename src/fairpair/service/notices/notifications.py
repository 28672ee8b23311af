"""Notifications to players: ``notify`` makes one (in a change's transaction) — the player's
in-app notification, once per ``key`` (the database refuses a second: a round's notice made
by two workers at once is made once) — and, by the player's preferences, its deliveries
(web push, Discord DM), each sent by a scheduled job. Reading: ``notifications_of``,
``unread_count``; ``mark_read``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, func, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from fairpair.service.kernel.change import Change, now
from fairpair.service.kernel.unit import reading
from fairpair.service.notices.deliveries import plan_deliveries, plan_deliveries_many
from fairpair.store.database import Database
from fairpair.store.models import NotificationRow


@dataclass(frozen=True, slots=True)
class Notification:
    id: int
    kind: str
    title: str
    body: str
    url: str | None
    created_at: datetime
    read_at: datetime | None


_INSERTS: dict[tuple[str, bool], Any] = {}


def _insert_statement(dialect: str, *, keyed: bool) -> Any:
    """The notification's INSERT, built once per database and shape (a report runs it)."""
    statement = _INSERTS.get((dialect, keyed))
    if statement is None:
        upsert: Any = pg_insert if dialect == "postgresql" else sqlite_insert
        statement = upsert(NotificationRow)
        if keyed:
            statement = statement.on_conflict_do_nothing(index_elements=[NotificationRow.key])
        statement = _INSERTS[(dialect, keyed)] = statement.returning(NotificationRow.id)
    return statement


def notify(
    change: Change,
    *,
    player_id: int,
    kind: str,
    title: str,
    body: str,
    url: str | None = None,
    key: str | None = None,
    round_id: int | None = None,
) -> int | None:
    """Make a notification for ``player_id`` in ``change``'s transaction; its id, or ``None``
    when one with ``key`` exists already (nothing is made twice). Its deliveries (web push to
    each of the player's subscriptions, a Discord DM) are made with it by the player's
    preferences, each with its ``deliver`` job (``service.notices.deliveries``)."""
    values = {
        "event_id": change.event.id,
        "player_id": player_id,
        "round_id": round_id,
        "kind": kind,
        "key": key,
        "title": title,
        "body": body,
        "url": url,
        "created_at": change.at,
    }
    statement = _insert_statement(change.conn.dialect.name, keyed=key is not None)
    made = change.conn.execute(statement, values).scalar_one_or_none()
    if made is None:
        return None
    plan_deliveries(change, int(made), player_id)
    return int(made)


#: Rows per multi-row INSERT (well under SQLite's 32,766 parameters).
CHUNK = 500


@dataclass(frozen=True, slots=True)
class NewNotice:
    player_id: int
    kind: str
    title: str
    body: str
    key: str
    url: str | None = None
    round_id: int | None = None


def notify_many(change: Change, notices: list[NewNotice]) -> int:
    """``notify`` for many players at once (a round's notice to 4,000 players: a few
    statements, not thousands, while the event is locked); how many were made (those whose
    key exists already are not made again)."""
    if not notices:
        return 0
    upsert = pg_insert if change.conn.dialect.name == "postgresql" else sqlite_insert
    rows = [
        {
            "event_id": change.event.id,
            "player_id": n.player_id,
            "round_id": n.round_id,
            "kind": n.kind,
            "key": n.key,
            "title": n.title,
            "body": n.body,
            "url": n.url,
            "created_at": change.at,
        }
        for n in notices
    ]
    made: list[tuple[int, int]] = []
    for start in range(0, len(rows), CHUNK):  # one multi-row INSERT per chunk
        statement = (
            upsert(NotificationRow)
            .values(rows[start : start + CHUNK])
            .on_conflict_do_nothing(index_elements=[NotificationRow.key])
            .returning(NotificationRow.id, NotificationRow.player_id)
        )
        made += [(int(r.id), int(r.player_id)) for r in change.conn.execute(statement)]
    plan_deliveries_many(change, made)
    return len(made)


def _notifications(conn: Connection, player_id: int, limit: int) -> list[Notification]:
    rows = conn.execute(
        select(
            NotificationRow.id,
            NotificationRow.kind,
            NotificationRow.title,
            NotificationRow.body,
            NotificationRow.url,
            NotificationRow.created_at,
            NotificationRow.read_at,
        )
        .where(NotificationRow.player_id == player_id)
        .order_by(NotificationRow.id.desc())
        .limit(limit)
    ).all()
    return [Notification(*r) for r in rows]


def notifications_of(db: Database, player_id: int, *, limit: int = 50) -> list[Notification]:
    """The player's notifications, newest first."""
    with db.reading() as conn:
        return _notifications(conn, player_id, limit)


def event_notifications(
    db: Database, slug: str, player_id: int, *, limit: int = 50
) -> tuple[str, list[Notification]]:
    """The name of event ``slug`` and its player's notifications, newest first (one read:
    the player's notifications page names the event)."""
    with reading(db, slug) as (conn, event):
        return event.name, _notifications(conn, player_id, limit)


_UNREAD = (
    select(func.count())
    .select_from(NotificationRow)
    .where(NotificationRow.player_id == bindparam("player_id"), NotificationRow.read_at.is_(None))
)


def unread_count(db: Database, player_id: int) -> int:
    with db.reading() as conn:
        return unread_count_in(conn, player_id)


def unread_count_in(conn: Connection, player_id: int) -> int:
    """The player's unread notifications, inside a read transaction."""
    return int(conn.execute(_UNREAD, {"player_id": player_id}).scalar_one())


def unread_counts(db: Database, slug: str) -> dict[int, int]:
    """Every player of event ``slug`` with unread notifications → how many (one query, for
    the live counts of every open page of the event)."""
    with reading(db, slug) as (conn, event):
        rows = conn.execute(
            select(NotificationRow.player_id, func.count())
            .where(NotificationRow.event_id == event.id, NotificationRow.read_at.is_(None))
            .group_by(NotificationRow.player_id)
        ).all()
    return {int(player): int(count) for player, count in rows}


def mark_read(db: Database, player_id: int, ids: list[int] | None = None) -> int:
    """Mark the player's notifications ``ids`` (``None``: all) read; how many."""
    where = [NotificationRow.player_id == player_id, NotificationRow.read_at.is_(None)]
    if ids is not None:
        where.append(NotificationRow.id.in_(ids))
    with db.writing() as conn:
        return int(
            conn.execute(update(NotificationRow).where(*where).values(read_at=now())).rowcount
        )
