"""A player's pass: who a browser (or an API client) is in one event's portal, with no
account. A random token (``fpp_…``), given once — in the cookie a join sets, in the personal
link staff send, as an API bearer token — of which only the SHA-256 is kept. Revoking it
(staff, or the player's "forget this device") ends every browser holding it.

``pass_of`` is on every portal request: one indexed query.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.orm import aliased

from fairpair.service.accounts.sessions import token_hash
from fairpair.service.kernel.change import Change, now
from fairpair.service.kernel.lookup import find_player
from fairpair.service.kernel.server_keys import server_key
from fairpair.service.kernel.unit import changing, reading
from fairpair.store.database import Database
from fairpair.store.models import EventRow, PlayerRow, PlayerTokenRow, WaitlistRow

PREFIX = "fpp_"
#: The server key (``server_keys``) that personal links are derived from.
LINK_KEY = "personal-links"


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


def _link_key(db: Database) -> bytes:
    """The installation's key that personal links are derived from (made once, kept)."""
    return server_key(db, LINK_KEY, lambda: secrets.token_urlsafe(32)).encode("ascii")


def _derived(key: bytes, token_id: int) -> str:
    """The personal link secret of token row ``token_id``: an HMAC of its id under the
    installation's key — so staff can be shown it again, while the database keeps only its
    SHA-256 like any other pass."""
    mac = hmac.new(key, f"personal-link:{token_id}".encode(), hashlib.sha256).digest()
    return PREFIX + base64.urlsafe_b64encode(mac).decode("ascii").rstrip("=")


@dataclass(frozen=True, slots=True)
class PersonalLink:
    """A player's personal link as staff see it: whose (``name``), the secret, and whether
    it was made just now (``new``) or shown again."""

    player: str
    name: str
    secret: str
    new: bool
    made_by: str


def personal_link(
    db: Database, slug: str, player: str, *, actor: str, replace: bool = False
) -> str:
    """A new personal link for ``player`` (its secret), made by staff to send them; audited
    (without the secret). ``replace``: every earlier personal link of theirs stops working
    (the devices that signed in with one are signed out)."""
    return _make_link(db, slug, player, actor=actor, replace=replace).secret


def shown_link(db: Database, slug: str, player: str) -> PersonalLink | None:
    """``player``'s newest personal link that still works, to show again (``None``: none,
    or only links made before links could be shown again)."""
    key = _link_key(db)
    with reading(db, slug) as (conn, event):
        who = find_player(conn, event, player)
        rows = conn.execute(
            select(PlayerTokenRow.id, PlayerTokenRow.token_hash, PlayerTokenRow.made_by)
            .where(
                PlayerTokenRow.player_id == who.id,
                PlayerTokenRow.revoked_at.is_(None),
                PlayerTokenRow.made_by != "self",
            )
            .order_by(PlayerTokenRow.id.desc())
        ).all()
    for row in rows:
        secret = _derived(key, row.id)
        if hmac.compare_digest(token_hash(secret), row.token_hash):
            return PersonalLink(who.key, who.name, secret, False, row.made_by)
    return None


def holder_name(db: Database, slug: str, player: str) -> str:
    """The name of ``player`` (``Refused`` naming the field when there is no such player)."""
    with reading(db, slug) as (conn, event):
        return find_player(conn, event, player).name


def staff_link(
    db: Database, slug: str, player: str, *, actor: str, new: bool = False
) -> PersonalLink:
    """The personal link staff send ``player``: the one made before, shown again, else a
    new one; ``new``: a new one that replaces every earlier one."""
    if not new:
        found = shown_link(db, slug, player)
        if found is not None:
            return found
    return _make_link(db, slug, player, actor=actor, replace=new)


def _make_link(db: Database, slug: str, player: str, *, actor: str, replace: bool) -> PersonalLink:
    key = _link_key(db)  # before the transaction: it may write the key once
    with changing(db, slug, actor) as change:
        who = find_player(change.conn, change.event, player)
        replaced = 0
        if replace:
            replaced = change.conn.execute(
                update(PlayerTokenRow)
                .where(
                    PlayerTokenRow.player_id == who.id,
                    PlayerTokenRow.revoked_at.is_(None),
                    PlayerTokenRow.made_by != "self",
                )
                .values(revoked_at=change.at)
            ).rowcount
        token_id = change.conn.execute(
            insert(PlayerTokenRow)
            .values(
                event_id=change.event.id,
                player_id=who.id,
                token_hash="pending:" + secrets.token_hex(24),
                made_by=actor,
                created_at=change.at,
            )
            .returning(PlayerTokenRow.id)
        ).scalar_one()
        secret = _derived(key, token_id)
        change.conn.execute(
            update(PlayerTokenRow)
            .where(PlayerTokenRow.id == token_id)
            .values(token_hash=token_hash(secret))
        )
        change.audit(
            "player.link",
            who.key,
            after={"made_by": actor, **({"replaced": int(replaced)} if replace else {})},
        )
        return PersonalLink(who.key, who.name, secret, True, actor)


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
