"""The waitlist of a capped event: who joined when it was full, in order, and their
promotion to players when a place frees before round 1 — a player dropped, the no-shows
dropped, the cap raised or removed (the use case that frees the place promotes, in its own
transaction, so nobody can take the place in between). After round 1 nobody is promoted:
late entry is the staff's.

A place is taken by every player who has not left the whole event (a stage-only drop keeps
it). Staff may add players past the cap; then nobody is promoted until enough have left.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, exists, func, insert, select, update

from fairpair.service.kernel.change import Change, EventRef
from fairpair.service.kernel.unit import reading
from fairpair.service.players.registration import NewPlayer, add_in_change, has_started
from fairpair.store.database import Database
from fairpair.store.models import DropRow, PlayerRow, PlayerTokenRow, PortalRow, WaitlistRow


@dataclass(frozen=True, slots=True)
class Waiting:
    """Someone on the waitlist: ``number`` 1 is next in."""

    id: int
    number: int
    name: str
    contact: str | None
    joined_at: datetime


def places_taken(conn: Connection, event: EventRef) -> int:
    """The players who have not left the whole event."""
    left = exists().where(DropRow.player_id == PlayerRow.id, DropRow.whole_event.is_(True))
    return int(
        conn.execute(select(func.count()).where(PlayerRow.event_id == event.id, ~left)).scalar_one()
    )


def _waiting(conn: Connection, event: EventRef) -> list[Waiting]:
    rows = conn.execute(
        select(WaitlistRow.id, WaitlistRow.name, WaitlistRow.contact, WaitlistRow.joined_at)
        .where(WaitlistRow.event_id == event.id, WaitlistRow.player_id.is_(None))
        .order_by(WaitlistRow.position)
    ).all()
    return [Waiting(r.id, n, r.name, r.contact, r.joined_at) for n, r in enumerate(rows, 1)]


def waitlist_of(db: Database, slug: str) -> list[Waiting]:
    """Who is waiting, next in first."""
    with reading(db, slug) as (conn, event):
        return _waiting(conn, event)


def waitlist_number(db: Database, slug: str, waitlist_id: int) -> int | None:
    """Where entry ``waitlist_id`` stands (1: next in), or ``None`` once promoted."""
    with reading(db, slug) as (conn, event):
        return next((w.number for w in _waiting(conn, event) if w.id == waitlist_id), None)


def add_to_waitlist(change: Change, name: str, contact: str | None) -> int:
    """Put ``name`` at the end of the waitlist (in ``change``); the entry's id."""
    conn, event = change.conn, change.event
    last = conn.execute(
        select(func.coalesce(func.max(WaitlistRow.position), 0)).where(
            WaitlistRow.event_id == event.id
        )
    ).scalar_one()
    entry = conn.execute(
        insert(WaitlistRow)
        .values(
            event_id=event.id,
            name=name,
            contact=contact,
            position=int(last) + 1,
            joined_at=change.at,
        )
        .returning(WaitlistRow.id)
    ).scalar_one()
    return int(entry)


def free_places(conn: Connection, event: EventRef) -> int | None:
    """Places left under the cap (``None``: no cap)."""
    cap = conn.execute(
        select(PortalRow.registration_cap).where(PortalRow.event_id == event.id)
    ).scalar_one()
    if cap is None:
        return None
    return max(0, int(cap) - places_taken(conn, event))


def promote_waitlist(change: Change) -> list[str]:
    """Before round 1, fill the free places from the front of the waitlist (in ``change``,
    audited ``player.promote`` each); the new players' ids. Their passes become players'."""
    conn, event = change.conn, change.event
    waiting = _waiting(conn, event)
    if not waiting or has_started(conn, event):
        return []
    free = free_places(conn, event)
    chosen = waiting if free is None else waiting[:free]
    keys: list[str] = []
    for entry in chosen:
        key = add_in_change(
            change, [NewPlayer(entry.name, contact=entry.contact)], action="player.promote"
        )[0]
        player_id = conn.execute(
            select(PlayerRow.id).where(PlayerRow.event_id == event.id, PlayerRow.key == key)
        ).scalar_one()
        conn.execute(
            update(WaitlistRow).where(WaitlistRow.id == entry.id).values(player_id=player_id)
        )
        conn.execute(
            update(PlayerTokenRow)
            .where(PlayerTokenRow.waitlist_id == entry.id)
            .values(player_id=player_id)
        )
        keys.append(key)
    return keys
