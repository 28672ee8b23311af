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
from fairpair.service.notice_preferences import preferences_in
from fairpair.service.push_subscriptions import forget_endpoint, subscription_of, subscriptions_in
from fairpair.service.unit import Change, now
from fairpair.service.web_push import PushUnavailable, push_body, send_push
from fairpair.store.database import Database
from fairpair.store.models import DeliveryRow, NotificationRow, PortalRow

DELIVER = "deliver"
#: Links in a Discord message are absolute when the server's address is known.
ENV_PUBLIC_URL = "FAIRPAIR_PUBLIC_URL"


def plan_deliveries(change: Change, notification_id: int, player_id: int) -> list[int]:
    """The notification's deliveries by the player's preferences, each with its job; their ids."""
    prefs = preferences_in(change.conn, player_id)
    rows: list[dict[str, Any]] = []
    if prefs.push:
        rows += [
            {"channel": "push", "target": s.endpoint, "state": "pending", "error": None}
            for s in subscriptions_in(change.conn, player_id)
        ]
    if prefs.discord:
        missing = prefs.discord_user_id is None
        rows.append(
            {
                "channel": "discord",
                "target": prefs.discord_user_id or "",
                "state": "failed" if missing else "pending",
                "error": "no Discord user id in the player's preferences" if missing else None,
            }
        )
    ids: list[int] = []
    for row in rows:
        made = change.conn.execute(
            insert(DeliveryRow)
            .values(notification_id=notification_id, **row)
            .returning(DeliveryRow.id)
        ).scalar_one()
        if row["state"] == "pending":
            schedule(change, DELIVER, f"deliver:{made}", change.at, {"delivery_id": made})
        ids.append(int(made))
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
