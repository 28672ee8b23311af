"""A notification's deliveries out of the app — a web push to each of the player's
subscriptions, a Discord DM — by the player's preferences (``notice_preferences``).

``plan_deliveries`` (in the notification's own transaction) makes one ``deliveries`` row per
channel and target, ``pending``, each with a ``deliver`` job (key ``deliver:ID``): made with
the notification, so a notification is never without its deliveries nor delivered twice by
plan. A Discord DM goes to the user id in the player's preferences, else to the Discord
account they linked (``/join`` in the event's channel); wanted by a player with neither, it is
``failed`` at once, said so (no job). ``deliver`` (the job's handler) sends one delivery and
records how it went: ``sent``, ``gone`` (the push subscription no longer exists: deleted),
``failed`` (with the reason); a service that asks to wait (429, 5xx, unreachable) fails the
job, retried after its backoff. A delivery that is no longer pending is never sent again.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, insert, select, update

from fairpair.service.jobs.schedule import MAX_ATTEMPTS, Job, schedule
from fairpair.service.kernel.change import Change, now
from fairpair.service.notices.preferences import Preferences
from fairpair.service.outbound.discord_dm import DiscordBusy, send_dm
from fairpair.service.outbound.push_subscriptions import forget_endpoint, subscription_of
from fairpair.service.outbound.web_push import PushUnavailable, push_body, send_push
from fairpair.store.database import Database
from fairpair.store.models import (
    DeliveryRow,
    DiscordPlayerRow,
    NotificationRow,
    PlayerRow,
    PortalRow,
    PreferenceRow,
    PushSubscriptionRow,
)

DELIVER = "deliver"
#: Links in a Discord message are absolute when the server's address is known.
ENV_PUBLIC_URL = "FAIRPAIR_PUBLIC_URL"
#: Why a Discord DM could not be planned.
NO_DISCORD_ID = "no Discord user id in the player's preferences, and no Discord account linked"


def plan_deliveries(change: Change, notification_id: int, player_id: int) -> list[int]:
    """The notification's deliveries by the player's preferences, each with its job; their ids."""
    return plan_deliveries_many(change, [(notification_id, player_id)])


#: Every channel and target of some players, in one statement built once (a self-report
#: runs it): their preferences (no row: every channel on), the Discord account they linked
#: with ``/join`` (a DM's target when the preferences give no user id), and each push
#: subscription (one row per subscription).
_TARGETS = (
    select(
        PlayerRow.id,
        PreferenceRow.push,
        PreferenceRow.discord,
        PreferenceRow.discord_user_id,
        DiscordPlayerRow.discord_user_id.label("linked_id"),
        PushSubscriptionRow.endpoint,
    )
    .select_from(PlayerRow)
    .outerjoin(PreferenceRow, PreferenceRow.player_id == PlayerRow.id)
    .outerjoin(DiscordPlayerRow, DiscordPlayerRow.player_id == PlayerRow.id)
    .outerjoin(PushSubscriptionRow, PushSubscriptionRow.player_id == PlayerRow.id)
    .where(PlayerRow.id.in_(bindparam("players", expanding=True)))
    .order_by(PlayerRow.id, PushSubscriptionRow.id)
)
_INSERT = insert(DeliveryRow).returning(DeliveryRow.id, DeliveryRow.state)


@dataclass(frozen=True, slots=True)
class _Targets:
    push: list[str]
    """The endpoints a web push goes to (none when the player turned push off)."""
    discord: bool
    discord_user_id: str | None


def _targets(conn: Connection, player_ids: list[int]) -> dict[int, _Targets]:
    found: dict[int, _Targets] = {}
    for start in range(0, len(player_ids), 500):
        for row in conn.execute(_TARGETS, {"players": player_ids[start : start + 500]}):
            wanted = (
                Preferences()
                if row.push is None
                else Preferences(row.push, row.discord, row.discord_user_id)
            )
            seen = found.get(row.id)
            if seen is None:
                seen = found[row.id] = _Targets(
                    [], wanted.discord, wanted.discord_user_id or row.linked_id
                )
            if wanted.push and row.endpoint is not None:
                seen.push.append(row.endpoint)
    return found


def plan_deliveries_many(change: Change, made: list[tuple[int, int]]) -> list[int]:
    """``plan_deliveries`` for many (notification id, player id) at once."""
    if not made:
        return []
    targets = _targets(change.conn, sorted({player for _, player in made}))
    rows: list[dict[str, Any]] = []
    for notification_id, player_id in made:
        wanted = targets.get(player_id) or _Targets([], Preferences().discord, None)
        rows += [
            {
                "notification_id": notification_id,
                "channel": "push",
                "target": endpoint,
                "state": "pending",
                "error": None,
            }
            for endpoint in wanted.push
        ]
        if wanted.discord:
            missing = wanted.discord_user_id is None
            rows.append(
                {
                    "notification_id": notification_id,
                    "channel": "discord",
                    "target": wanted.discord_user_id or "",
                    "state": "failed" if missing else "pending",
                    "error": NO_DISCORD_ID if missing else None,
                }
            )
    ids: list[int] = []
    for start in range(0, len(rows), 500):  # one multi-row INSERT per 500
        for row in change.conn.execute(_INSERT, rows[start : start + 500]).all():
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
            dm = send_dm(
                row.discord_bot_token,
                row.target,
                _content(row.title, row.body, row.url),
                nonce=f"fairpair-{delivery_id}",
            )
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
