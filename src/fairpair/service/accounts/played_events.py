"""The events an account plays in: the optional account keeps a player's history across
events. A pass made while logged in (joining, see ``service.players.joining``) carries the account;
revoked passes do not count."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import aliased

from fairpair.store.database import Database
from fairpair.store.models import EventRow, PlayerRow, PlayerTokenRow, WaitlistRow


@dataclass(frozen=True, slots=True)
class PlayedEvent:
    """An event the account joined: as player ``player_key`` (``None``: on its waitlist)."""

    slug: str
    event: str
    name: str
    player_key: str | None


_P = aliased(PlayerRow)
_W = aliased(WaitlistRow)


def events_of_account(db: Database, account_id: int) -> list[PlayedEvent]:
    """The account's events, newest first (one line per event)."""
    with db.reading() as conn:
        rows = conn.execute(
            select(
                EventRow.slug, EventRow.name, _P.key, _P.name.label("player"), _W.name.label("w")
            )
            .select_from(PlayerTokenRow)
            .join(EventRow, EventRow.id == PlayerTokenRow.event_id)
            .outerjoin(_P, _P.id == PlayerTokenRow.player_id)
            .outerjoin(_W, _W.id == PlayerTokenRow.waitlist_id)
            .where(PlayerTokenRow.account_id == account_id, PlayerTokenRow.revoked_at.is_(None))
            .order_by(EventRow.id.desc(), PlayerTokenRow.id.desc())
        ).all()
    seen: dict[str, PlayedEvent] = {}
    for r in rows:
        if r.slug not in seen:
            seen[r.slug] = PlayedEvent(r.slug, r.name, r.player or r.w or "", r.key)
    return list(seen.values())
