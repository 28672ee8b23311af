"""A notification's deliveries out of the app — a web push to each of the player's
subscriptions, a Discord DM — by the player's preferences (``notice_preferences``).

``plan_deliveries`` (in the notification's own transaction) makes one ``deliveries`` row per
channel and target, ``pending``, each with a ``deliver`` job (key ``deliver:ID``): made with
the notification, so a notification is never without its deliveries nor delivered twice by
plan. A Discord DM wanted by a player who has given no Discord user id is ``failed`` at once,
said so (no job). ``deliver`` (the job's handler) sends one delivery and records how it went:
``sent``, ``gone`` (the push subscription no longer exists: deleted), ``failed`` (with the
reason); a service that asks to wait (429, 5xx, unreachable) fails the job, retried after its
backoff. A delivery that is no longer pending is never sent again.
"""

from __future__ import annotations

import os
from typing import Any

from sqlalchemy import insert, select, update

from fairpair.service.discord_dm import DiscordBusy, send_dm
from fairpair.service.jobs import MAX_ATTEMPTS, Job, schedule
from fairpair.service.notice_preferences import preferences_for
from fairpair.service.push_subscriptions import (
    forget_endpoint,
    subscription_of,
    subscriptions_for,
)
from fairpair.service.unit import Change, now
from fairpair.service.web_push import PushUnavailable, push_body, send_push
from fairpair.store.database import Database
from fairpair.store.models import DeliveryRow, NotificationRow, PortalRow

DELIVER = "deliver"
#: Links in a Discord message are absolute when the server's address is known.
ENV_PUBLIC_URL = "FAIRPAIR_PUBLIC_URL"


def plan_deliveries(change: Change, notification_id: int, player_id: int) -> list[int]:
    """The notification's deliveries by the player's preferences, each with its job; their ids."""
    return plan_deliveries_many(change, [(notification_id, player_id)])


def plan_deliveries_many(change: Change, made: list[tuple[int, int]]) -> list[int]:
    """``plan_deliveries`` for many (notification id, player id) at once."""
    if not made:
        return []
    who = sorted({player for _, player in made})
    prefs = preferences_for(change.conn, who)
    subs = subscriptions_for(change.conn, [p for p in who if prefs[p].push])
    rows: list[dict[str, Any]] = []
    for notification_id, player_id in made:
        wanted = prefs[player_id]
        rows += [
            {
                "notification_id": notification_id,
                "channel": "push",
                "target": endpoint,
                "state": "pending",
                "error": None,
            }
            for endpoint in (subs.get(player_id, []) if wanted.push else [])
        ]
        if wanted.discord:
            missing = wanted.discord_user_id is None
            rows.append(
                {
                    "notification_id": notification_id,
                    "channel": "discord",
                    "target": wanted.discord_user_id or "",
                    "state": "failed" if missing else "pending",
                    "error": "no Discord user id in the player's preferences" if missing else None,
                }
            )
    if not rows:
        return []
    ids: list[int] = []
    for start in range(0, len(rows), 500):  # one multi-row INSERT per 500
        statement = (
            insert(DeliveryRow)
            .values(rows[start : start + 500])
            .returning(DeliveryRow.id, DeliveryRow.state)
        )
        for row in change.conn.execute(statement).all():
            if row.state == "pending":
                schedule(change, DELIVER, f"deliver:{row.id}", change.at, {"delivery_id": row.id})
            ids.append(int(row.id))
    return ids


def _content(title: str, body: str, url: str | None) -> str:
    base = (os.environ.get(ENV_PUBLIC_URL) or "").rstrip("/")
    link = f"\n{base}{url}" if base and url else ""
    return f"**{title}**\n{body}{link}"


def deliver(db: Database, job: Job) -> None:
    """Send the delivery of ``job`` (see the module's docstring)."""
    delivery_id = int(job.payload["delivery_id"])
    with db.reading() as conn:
        row = conn.execute(
            select(
                DeliveryRow.channel,
                DeliveryRow.target,
                DeliveryRow.state,
                NotificationRow.title,
                NotificationRow.body,
                NotificationRow.url,
                PortalRow.discord_bot_token,
            )
            .join(NotificationRow, NotificationRow.id == DeliveryRow.notification_id)
            .outerjoin(PortalRow, PortalRow.event_id == NotificationRow.event_id)
            .where(DeliveryRow.id == delivery_id)
        ).first()
        if row is None or row.state != "pending":
            return
        sub = subscription_of(conn, row.target) if row.channel == "push" else None
    state: str
    detail: str | None
    if row.channel == "push":
        if sub is None:
            state, detail = "gone", "the push subscription was removed"
        else:
            try:
                outcome = send_push(db, sub, push_body(row.title, row.body, row.url))
            except PushUnavailable as error:
                _given_up_or_retry(db, job, delivery_id, str(error))
                raise
            state, detail = outcome.state, outcome.detail
    else:
        try:
            dm = send_dm(row.discord_bot_token, row.target, _content(row.title, row.body, row.url))
        except DiscordBusy as error:
            _given_up_or_retry(db, job, delivery_id, str(error))
            raise
        state, detail = dm.state, dm.detail
    _record(db, delivery_id, state, detail, endpoint=row.target if state == "gone" else None)


def _given_up_or_retry(db: Database, job: Job, delivery_id: int, error: str) -> None:
    """Keep the error; at the job's last attempt the delivery is ``failed`` (the job is
    given up with it)."""
    last = job.attempts >= MAX_ATTEMPTS
    _record(db, delivery_id, "failed" if last else "pending", error)


def _record(
    db: Database, delivery_id: int, state: str, detail: str | None, *, endpoint: str | None = None
) -> None:
    with db.writing() as conn:
        conn.execute(
            update(DeliveryRow)
            .where(DeliveryRow.id == delivery_id, DeliveryRow.state == "pending")
            .values(
                state=state,
                error=detail,
                sent_at=now() if state == "sent" else None,
            )
        )
        if endpoint is not None:
            forget_endpoint(conn, endpoint)
