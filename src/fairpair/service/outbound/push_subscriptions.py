"""A player's web push subscriptions (the Push API's ``PushSubscription.toJSON()``: an
``endpoint`` and the keys ``p256dh`` and ``auth``), one per browser. Checked before it is
kept: the endpoint is an https URL of at most 1,000 characters, ``p256dh`` is an uncompressed
P-256 point (65 bytes, base64url), ``auth`` 16 bytes; a player keeps at most
``PER_PLAYER`` (the oldest goes). A browser that moves to another player moves its
subscription with it (an endpoint is one browser's)."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import Connection, delete, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.unit import changing
from fairpair.store.database import Database
from fairpair.store.models import PushSubscriptionRow

PER_PLAYER = 5
LOOPBACK = ("127.0.0.1", "localhost", "::1")


@dataclass(frozen=True, slots=True)
class Subscription:
    endpoint: str
    p256dh: str
    auth: str


def _b64(value: str) -> bytes:
    return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))


def _key(data: Mapping[str, Any], name: str, size: int, limit: int) -> str:
    keys = data.get("keys")
    value = keys.get(name) if isinstance(keys, Mapping) else None
    where = Location(("keys", name))
    if not isinstance(value, str) or not value or len(value) > limit:
        raise Refused(
            where, gettext("keys.%(name)s is missing (a base64url text)") % {"name": name}
        )
    try:
        raw = _b64(value.strip())
    except (binascii.Error, ValueError):
        raise Refused(where, gettext("keys.%(name)s is not base64url") % {"name": name}) from None
    if len(raw) != size or (name == "p256dh" and raw[0] != 4):
        raise Refused(
            where,
            gettext("keys.%(name)s is not a %(size)s-byte key") % {"name": name, "size": size},
        )
    return value.strip()


def checked(data: Any, *, loopback_http: bool = False) -> Subscription:
    """A subscription as the browser sent it, or ``Refused`` naming the field.
    ``loopback_http``: an ``http://127.0.0.1`` endpoint is accepted too (tests' fake push
    service)."""
    if not isinstance(data, Mapping):
        raise Refused(Location(("endpoint",)), gettext("a push subscription is a JSON object"))
    endpoint = data.get("endpoint")
    where = Location(("endpoint",))
    if not isinstance(endpoint, str) or not endpoint or len(endpoint) > 1000:
        raise Refused(where, gettext("the endpoint is an https URL of at most 1,000 characters"))
    try:
        parts = urlsplit(endpoint)
    except ValueError:
        raise Refused(where, gettext("the endpoint is not a URL")) from None
    local = loopback_http and parts.scheme == "http" and parts.hostname in LOOPBACK
    if not (parts.scheme == "https" or local) or not parts.hostname:
        raise Refused(where, gettext("the endpoint must be an https URL"))
    return Subscription(endpoint, _key(data, "p256dh", 65, 200), _key(data, "auth", 16, 100))


def add_subscription(
    db: Database,
    slug: str,
    player_id: int,
    data: Any,
    *,
    actor: str,
    loopback_http: bool = False,
) -> Subscription:
    """Keep the browser's subscription for the player; audited (``notice.push_on``)."""
    sub = checked(data, loopback_http=loopback_http)
    with changing(db, slug, actor) as change:
        conn = change.conn
        upsert = pg_insert if conn.dialect.name == "postgresql" else sqlite_insert
        values = {"player_id": player_id, "p256dh": sub.p256dh, "auth": sub.auth}
        conn.execute(
            upsert(PushSubscriptionRow)
            .values(endpoint=sub.endpoint, created_at=change.at, **values)
            .on_conflict_do_update(index_elements=[PushSubscriptionRow.endpoint], set_=values)
        )
        kept = (
            select(PushSubscriptionRow.id)
            .where(PushSubscriptionRow.player_id == player_id)
            .order_by(PushSubscriptionRow.id.desc())
            .limit(PER_PLAYER)
        )
        conn.execute(
            delete(PushSubscriptionRow).where(
                PushSubscriptionRow.player_id == player_id,
                PushSubscriptionRow.id.not_in(kept.scalar_subquery()),
            )
        )
        change.audit("notice.push_on", f"player #{player_id}", after={"host": _host(sub)})
    return sub


def _host(sub: Subscription) -> str:
    return urlsplit(sub.endpoint).hostname or ""


def remove_subscription(
    db: Database, slug: str, player_id: int, endpoint: str | None, *, actor: str
) -> int:
    """Forget the player's subscription ``endpoint`` (``None``: all of them); how many."""
    with changing(db, slug, actor) as change:
        where = [PushSubscriptionRow.player_id == player_id]
        if endpoint is not None:
            where.append(PushSubscriptionRow.endpoint == endpoint)
        gone = int(change.conn.execute(delete(PushSubscriptionRow).where(*where)).rowcount)
        if gone:
            change.audit("notice.push_off", f"player #{player_id}", after={"removed": gone})
        return gone


def subscriptions_in(conn: Connection, player_id: int) -> list[Subscription]:
    rows = conn.execute(
        select(PushSubscriptionRow.endpoint, PushSubscriptionRow.p256dh, PushSubscriptionRow.auth)
        .where(PushSubscriptionRow.player_id == player_id)
        .order_by(PushSubscriptionRow.id)
    ).all()
    return [Subscription(*r) for r in rows]


def subscription_of(conn: Connection, endpoint: str) -> Subscription | None:
    row = conn.execute(
        select(
            PushSubscriptionRow.endpoint, PushSubscriptionRow.p256dh, PushSubscriptionRow.auth
        ).where(PushSubscriptionRow.endpoint == endpoint)
    ).first()
    return Subscription(*row) if row else None


def forget_endpoint(conn: Connection, endpoint: str) -> None:
    """The push service said the subscription is gone (404/410)."""
    conn.execute(delete(PushSubscriptionRow).where(PushSubscriptionRow.endpoint == endpoint))
