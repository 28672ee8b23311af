"""Alerts to an event's staff on their phones (issue 32): a dispute, a judge call, the round's
last result in — through the same web push players have (the installation's VAPID key,
``outbound.web_push``).

A staff member turns alerts on on a phone (the console's Resolution Queue tab): the browser's
push subscription is kept for the event with the kinds of alert wanted
(``staff_push_subscriptions``; audited ``staff.push_on`` / ``staff.push_off``). When
something happens that staff should know, its use case calls ``plan_staff_alert`` in its own
transaction: one ``staff-push`` job per subscription that wants that kind and whose account
still has a role in the event (key ``staff-push:ALERT:SUBSCRIPTION``: planned once however
often the alert is planned again). ``send_staff_push`` (the job's handler) sends it: a push
service that answers 404 or 410 means the subscription is gone (deleted); 429, 5xx or no
answer fails the job, retried after its backoff.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from fairpair import i18n
from fairpair.engine.errors import Location
from fairpair.i18n import N_, gettext
from fairpair.service.accounts.logins import account_by_id
from fairpair.service.accounts.staff import role_in
from fairpair.service.jobs.schedule import Job, schedule
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.unit import changing, reading
from fairpair.service.outbound.push_subscriptions import Subscription, checked
from fairpair.service.outbound.web_push import push_body, send_push
from fairpair.store.database import Database
from fairpair.store.models import EventRow, StaffPushRow

#: The job kind of one alert to one subscription.
STAFF_PUSH = "staff-push"
DISPUTE = "dispute"
JUDGE_CALL = "judge-call"
LAST_RESULT = "last-result"
#: Every kind of alert, with what the console calls it (translated where shown).
ALERTS: dict[str, str] = {
    DISPUTE: N_("a dispute (players disagree on a result)"),
    JUDGE_CALL: N_("a judge call from a table"),
    LAST_RESULT: N_("the round's last result in"),
}
#: An alert's title and body, written in the language current when it is called.
Words = Callable[[], tuple[str, str]]
#: Subscriptions one account keeps for one event (the oldest goes).
PER_ACCOUNT = 5


@dataclass(frozen=True, slots=True)
class StaffAlerts:
    """An account's alert subscriptions for one event: how many browsers, and the kinds each
    wants (by endpoint)."""

    endpoints: dict[str, tuple[str, ...]]


def _kinds(alerts: Sequence[str]) -> tuple[str, ...]:
    wanted = tuple(k for k in ALERTS if k in alerts)
    unknown = [a for a in alerts if a not in ALERTS]
    if unknown:
        raise Refused(
            Location(("alerts",)),
            gettext("no alert %(unknown_0)r (alerts: %(join_alerts)s)")
            % {"unknown_0": unknown[0], "join_alerts": ", ".join(ALERTS)},
        )
    if not wanted:
        raise Refused(Location(("alerts",)), gettext("choose at least one alert"))
    return wanted


def subscribe_staff(
    db: Database,
    slug: str,
    account_id: int,
    data: Any,
    alerts: Sequence[str],
    *,
    actor: str,
    loopback_http: bool = False,
    language: str | None = None,
) -> Subscription:
    """Keep the browser's push subscription ``data`` (the Push API's JSON) for the event's
    ``alerts``, written in ``language`` (the console's; ``None``: the event's default); the
    same browser again changes its kinds and language. ``Refused`` naming the field."""
    sub = checked(data, loopback_http=loopback_http)
    kinds = _kinds(alerts)
    with changing(db, slug, actor) as change:
        conn = change.conn
        upsert = pg_insert if conn.dialect.name == "postgresql" else sqlite_insert
        values = {
            "account_id": account_id,
            "p256dh": sub.p256dh,
            "auth": sub.auth,
            "alerts": ",".join(kinds),
            "language": i18n.chosen(language),
        }
        conn.execute(
            upsert(StaffPushRow)
            .values(event_id=change.event.id, endpoint=sub.endpoint, created_at=change.at, **values)
            .on_conflict_do_update(
                index_elements=[StaffPushRow.event_id, StaffPushRow.endpoint], set_=values
            )
        )
        kept = (
            select(StaffPushRow.id)
            .where(StaffPushRow.event_id == change.event.id, StaffPushRow.account_id == account_id)
            .order_by(StaffPushRow.id.desc())
            .limit(PER_ACCOUNT)
        )
        conn.execute(
            delete(StaffPushRow).where(
                StaffPushRow.event_id == change.event.id,
                StaffPushRow.account_id == account_id,
                StaffPushRow.id.not_in(kept.scalar_subquery()),
            )
        )
        change.audit("staff.push_on", f"account #{account_id}", after={"alerts": list(kinds)})
    return sub


def unsubscribe_staff(
    db: Database, slug: str, account_id: int, endpoint: str | None, *, actor: str
) -> int:
    """Forget the account's subscription ``endpoint`` for the event (``None``: all); how many."""
    with changing(db, slug, actor) as change:
        where = [StaffPushRow.event_id == change.event.id, StaffPushRow.account_id == account_id]
        if endpoint is not None:
            where.append(StaffPushRow.endpoint == endpoint)
        gone = int(change.conn.execute(delete(StaffPushRow).where(*where)).rowcount)
        if gone:
            change.audit("staff.push_off", f"account #{account_id}", after={"removed": gone})
        return gone


def staff_alerts(db: Database, slug: str, account_id: int) -> StaffAlerts:
    """The account's subscriptions for the event."""
    with reading(db, slug) as (conn, event):
        rows = conn.execute(
            select(StaffPushRow.endpoint, StaffPushRow.alerts)
            .where(StaffPushRow.event_id == event.id, StaffPushRow.account_id == account_id)
            .order_by(StaffPushRow.id)
        ).all()
    return StaffAlerts({r.endpoint: tuple(r.alerts.split(",")) for r in rows})


def plan_staff_alert(change: Change, kind: str, key: str, words: Words, url: str) -> int:
    """In ``change``'s transaction: a push to every subscription of the event's staff that
    wants ``kind`` (its account still staff of the event); ``key`` names the alert (planned
    once). ``words`` writes its title and body, called in each subscription's language (the
    console's when alerts were turned on there, else the event's default, else English;
    written once, when planned). How many pushes were planned."""
    conn = change.conn
    rows = conn.execute(
        select(
            StaffPushRow.id, StaffPushRow.account_id, StaffPushRow.alerts, StaffPushRow.language
        ).where(StaffPushRow.event_id == change.event.id)
    ).all()
    planned = 0
    roles: dict[int, bool] = {}
    written: dict[str, tuple[str, str]] = {}
    default: str | None = None
    for row in rows:
        if kind not in row.alerts.split(","):
            continue
        if row.account_id not in roles:
            account = account_by_id(conn, row.account_id)
            roles[row.account_id] = (
                account is not None and role_in(conn, change.event.id, account) is not None
            )
        if not roles[row.account_id]:
            continue
        if default is None:
            default = (
                i18n.chosen(
                    conn.execute(
                        select(EventRow.language).where(EventRow.id == change.event.id)
                    ).scalar_one()
                )
                or i18n.SOURCE
            )
        lang = i18n.chosen(row.language) or default
        if lang not in written:
            with i18n.speaking(lang):
                written[lang] = words()
        title, body = written[lang]
        payload = {"subscription": row.id, "title": title, "body": body, "url": url}
        if schedule(change, STAFF_PUSH, f"{STAFF_PUSH}:{key}:{row.id}", change.at, payload):
            planned += 1
    return planned


def send_staff_push(db: Database, job: Job) -> str:
    """Send one alert (the ``staff-push`` job): ``sent``, ``gone`` (the subscription was
    removed, or the push service says it no longer exists: deleted) or ``failed``;
    ``PushUnavailable`` (retry) passes through."""
    payload = job.payload
    with db.reading() as conn:
        row = conn.execute(
            select(StaffPushRow.endpoint, StaffPushRow.p256dh, StaffPushRow.auth).where(
                StaffPushRow.id == int(payload["subscription"])
            )
        ).first()
    if row is None:
        return "gone"
    sub = Subscription(row.endpoint, row.p256dh, row.auth)
    outcome = send_push(db, sub, push_body(payload["title"], payload["body"], payload["url"]))
    if outcome.state == "gone":
        with db.writing() as conn:
            conn.execute(delete(StaffPushRow).where(StaffPushRow.endpoint == sub.endpoint))
    return outcome.state
