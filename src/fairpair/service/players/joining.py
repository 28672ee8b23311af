"""Joining an event by its code (self-registration): the player's name, optionally a
contact, and optionally the account they are logged in with. One transaction: the event is
locked (``changing``), so thirty people joining a ten-place event at once make exactly ten
players and a waitlist of twenty in the order they came.

Refused: when the organizer has switched self-registration off; once round 1 is released
(a late entry is the staff's, with the byes they choose); a name ``add_players`` would
refuse; a name already registered (or waiting) in the event — a second "Alice" is told so
rather than quietly becoming ``alice-2``. Beyond the cap the person goes on the waitlist and
their pass says which number they are.

An account that already holds a pass in the event gets a new pass for the same player (a
second device): the event gets no second player.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select, update

from fairpair import i18n
from fairpair.engine.errors import Location
from fairpair.i18n import N_, gettext
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.unit import changing, reading
from fairpair.service.players.passes import new_player_token
from fairpair.service.players.portal_settings import portal_of
from fairpair.service.players.registration import (
    NewPlayer,
    add_in_change,
    checked_new_player,
    has_started,
)
from fairpair.service.players.waitlist import add_to_waitlist, free_places, promote_waitlist
from fairpair.store.database import Database
from fairpair.store.models import PlayerRow, PlayerTokenRow, WaitlistRow

#: Why a player cannot join by themselves (translated where said: ``gettext(CLOSED)``).
CLOSED = N_("registration is closed: ask the organizer")
STARTED = N_("round 1 has started: late entry is done by staff (ask at the desk)")


@dataclass(frozen=True, slots=True)
class Joined:
    """What a join made: a player (``player_key``) or a waitlist entry (``waitlist_number``:
    1 is next in)."""

    slug: str
    name: str
    player_key: str | None
    waitlist_id: int | None
    waitlist_number: int | None

    @property
    def waiting(self) -> bool:
        return self.player_key is None


def join_event(
    db: Database,
    slug: str,
    name: str,
    contact: str | None = None,
    *,
    account_id: int | None = None,
    language: str | None = None,
) -> tuple[Joined, str]:
    """Register ``name`` in event ``slug`` by themselves (or put them on its waitlist); what
    was made and the secret of their new pass (to set in their cookie, given once).
    ``language``: the one they registered in (their own choice or their browser's), kept for
    their notifications (``notices.languages``)."""
    contact = contact.strip() or None if contact is not None else None
    person = checked_new_player(NewPlayer(name, contact=contact))
    with changing(db, slug, f"self-registration ({person.name})") as change:
        if account_id is not None:
            again = _again(change, account_id)
            if again is not None:
                return again
        portal = portal_of(change.conn, change.event)
        if not portal.self_registration:
            raise Refused(Location(("registration",)), gettext(CLOSED))
        if has_started(change.conn, change.event):
            raise Refused(Location(("registration",)), gettext(STARTED))
        _refuse_taken(change, person.name)
        promote_waitlist(change)  # a place freed that nobody filled yet goes to the first
        free = free_places(change.conn, change.event)
        if free is not None and free < 1:
            return _wait(change, person, account_id)
        key = add_in_change(change, [person], action="player.join")[0]
        player_id = change.conn.execute(
            select(PlayerRow.id).where(PlayerRow.event_id == change.event.id, PlayerRow.key == key)
        ).scalar_one()
        if i18n.chosen(language) is not None:
            change.conn.execute(
                update(PlayerRow).where(PlayerRow.id == player_id).values(language=language)
            )
        secret = new_player_token(change, player_id=player_id, account_id=account_id)
        return Joined(change.event.slug, person.name, key, None, None), secret


def _wait(change: Change, person: NewPlayer, account_id: int | None) -> tuple[Joined, str]:
    entry = add_to_waitlist(change, person.name, person.contact)
    number = _number(change, entry)
    change.audit("player.waitlist", person.name, after={"number": number})
    secret = new_player_token(change, waitlist_id=entry, account_id=account_id)
    return Joined(change.event.slug, person.name, None, entry, number), secret


def _number(change: Change, entry: int) -> int:
    mine = select(WaitlistRow.position).where(WaitlistRow.id == entry).scalar_subquery()
    return int(
        change.conn.execute(
            select(func.count()).where(
                WaitlistRow.event_id == change.event.id,
                WaitlistRow.player_id.is_(None),
                WaitlistRow.position <= mine,
            )
        ).scalar_one()
    )


def _refuse_taken(change: Change, name: str) -> None:
    wanted = name.casefold()
    conn, event = change.conn, change.event
    names = conn.execute(select(PlayerRow.name).where(PlayerRow.event_id == event.id)).scalars()
    waiting = conn.execute(
        select(WaitlistRow.name).where(
            WaitlistRow.event_id == event.id, WaitlistRow.player_id.is_(None)
        )
    ).scalars()
    if any(n.casefold() == wanted for n in (*names, *waiting)):
        raise Refused(
            Location(("name",)),
            gettext(
                "%(name)r has joined already: if that is you, open your "
                "personal link or ask staff for one; if not, add an initial or "
                "a nickname to tell you apart"
            )
            % {"name": name},
        )


def _again(change: Change, account_id: int) -> tuple[Joined, str] | None:
    """The account's pass in this event, renewed for another device (or ``None``)."""
    conn, event = change.conn, change.event
    held = conn.execute(
        select(PlayerTokenRow.player_id, PlayerTokenRow.waitlist_id)
        .where(
            PlayerTokenRow.event_id == event.id,
            PlayerTokenRow.account_id == account_id,
            PlayerTokenRow.revoked_at.is_(None),
        )
        .order_by(PlayerTokenRow.id.desc())
        .limit(1)
    ).first()
    if held is None:
        return None
    if held.player_id is not None:
        player = conn.execute(
            select(PlayerRow.key, PlayerRow.name).where(PlayerRow.id == held.player_id)
        ).one()
        secret = new_player_token(change, player_id=held.player_id, account_id=account_id)
        change.audit("player.join_again", player.key, after={"account": account_id})
        return Joined(event.slug, player.name, player.key, None, None), secret
    entry = conn.execute(select(WaitlistRow.name).where(WaitlistRow.id == held.waitlist_id)).one()
    secret = new_player_token(change, waitlist_id=held.waitlist_id, account_id=account_id)
    change.audit("player.join_again", entry.name, after={"account": account_id})
    number = _number(change, held.waitlist_id)
    return Joined(event.slug, entry.name, None, held.waitlist_id, number), secret


@dataclass(frozen=True, slots=True)
class JoinState:
    """What the join page says before anyone types: the event, why joining is closed (or
    ``None``), whether it is full (a join goes on the waitlist) and how many wait."""

    slug: str
    event: str
    join_code: str
    closed: str | None
    full: bool
    waiting: int


def join_state(db: Database, slug: str) -> JoinState:
    with reading(db, slug) as (conn, event):
        portal = portal_of(conn, event)
        closed = (
            gettext(CLOSED)
            if not portal.self_registration
            else gettext(STARTED)
            if has_started(conn, event)
            else None
        )
        free = free_places(conn, event)
        waiting = int(
            conn.execute(
                select(func.count()).where(
                    WaitlistRow.event_id == event.id, WaitlistRow.player_id.is_(None)
                )
            ).scalar_one()
        )
        full = free is not None and free <= waiting  # the waiting go in first
        return JoinState(event.slug, event.name, portal.join_code, closed, full, waiting)
