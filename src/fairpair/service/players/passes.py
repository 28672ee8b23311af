"""A player's pass: who a browser (or an API client) is in one event's portal, with no
account. A random token (``fpp_…``), given once — in the cookie a join sets, in the personal
link staff send, as an API bearer token — of which only the SHA-256 is kept. Revoking it
(staff, or the player's "forget this device") ends every browser holding it.

``pass_of`` is on every portal request: one indexed query.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.orm import aliased

from fairpair.service.accounts.sessions import token_hash
from fairpair.service.kernel.change import Change, now
from fairpair.service.kernel.lookup import find_player
from fairpair.service.kernel.unit import changing
from fairpair.store.database import Database
from fairpair.store.models import EventRow, PlayerRow, PlayerTokenRow, WaitlistRow

PREFIX = "fpp_"


@dataclass(frozen=True, slots=True)
class PlayerPass:
    """The holder of a valid player token: a player of event ``slug`` (``player_key`` set),
    or someone on its waitlist (``player_key`` ``None``, ``waitlist_id`` set)."""

    token_id: int
    event_id: int
    slug: str
    player_id: int | None
    player_key: str | None
    name: str
    waitlist_id: int | None
    account_id: int | None

    @property
    def waiting(self) -> bool:
        return self.player_id is None

    @property
    def actor(self) -> str:
        """The audit log's name for this player's own actions."""
        return f"player {self.player_key or 'waitlist'} ({self.name})"


def new_player_token(
    change: Change,
    *,
    player_id: int | None = None,
    waitlist_id: int | None = None,
    account_id: int | None = None,
    made_by: str = "self",
) -> str:
    """A new token for a player (or waitlist entry) of ``change``'s event, in its
    transaction: the secret, to give once."""
    secret = PREFIX + secrets.token_urlsafe(32)
    change.conn.execute(
        insert(PlayerTokenRow).values(
            event_id=change.event.id,
            player_id=player_id,
            waitlist_id=waitlist_id,
            account_id=account_id,
            token_hash=token_hash(secret),
            made_by=made_by,
            created_at=change.at,
        )
    )
    return secret


_P = aliased(PlayerRow)
_W = aliased(WaitlistRow)
_PASS = (
    select(
        PlayerTokenRow.id,
        PlayerTokenRow.event_id,
        EventRow.slug,
        PlayerTokenRow.player_id,
        _P.key,
        _P.name,
        PlayerTokenRow.waitlist_id,
        _W.name.label("waiting_name"),
        PlayerTokenRow.account_id,
    )
    .join(EventRow, EventRow.id == PlayerTokenRow.event_id)
    .outerjoin(_P, _P.id == PlayerTokenRow.player_id)
    .outerjoin(_W, _W.id == PlayerTokenRow.waitlist_id)
    .where(
        PlayerTokenRow.token_hash == bindparam("token_hash"),
        PlayerTokenRow.revoked_at.is_(None),
        EventRow.slug == bindparam("event_slug"),
    )
)
"""Built once (every portal request runs it: building it cost more than running it)."""


def pass_of(db: Database, slug: str, secret: str) -> PlayerPass | None:
    """The pass ``secret`` opens in event ``slug``, or ``None`` (unknown, revoked, another
    event's)."""
    if not secret.startswith(PREFIX) or len(secret) > 200:
        return None
    with db.glance() as conn:  # one statement: no transaction needed
        row = conn.execute(_PASS, {"token_hash": token_hash(secret), "event_slug": slug}).first()
    if row is None:
        return None
    return PlayerPass(
        row.id,
        row.event_id,
        row.slug,
        row.player_id,
        row.key,
        row.name if row.player_id is not None else row.waiting_name,
        row.waitlist_id,
        row.account_id,
    )


def personal_link(db: Database, slug: str, player: str, *, actor: str) -> str:
    """A new token for ``player``, made by staff to send them (their personal link);
    audited (without the secret)."""
    with changing(db, slug, actor) as change:
        who = find_player(change.conn, change.event, player)
        secret = new_player_token(change, player_id=who.id, made_by=actor)
        change.audit("player.link", who.key, after={"made_by": actor})
        return secret


def revoke_player_tokens(db: Database, slug: str, player: str, *, actor: str) -> int:
    """Revoke every token of ``player``: each browser and link of theirs stops working;
    how many."""
    with changing(db, slug, actor) as change:
        who = find_player(change.conn, change.event, player)
        done = change.conn.execute(
            update(PlayerTokenRow)
            .where(PlayerTokenRow.player_id == who.id, PlayerTokenRow.revoked_at.is_(None))
            .values(revoked_at=change.at)
        ).rowcount
        if done:
            change.audit("player.revoke_links", who.key, after={"revoked": done})
        return int(done)


def forget_token(db: Database, token_id: int) -> None:
    """The player's own "forget this device": revoke the token this browser holds."""
    with db.writing() as conn:
        conn.execute(
            update(PlayerTokenRow)
            .where(PlayerTokenRow.id == token_id, PlayerTokenRow.revoked_at.is_(None))
            .values(revoked_at=now())
        )
