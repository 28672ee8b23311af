"""The round notices' job handlers (``round-open``, ``halfway``, ``deadline-24h``; planned by
``notices.planning``). At run time each checks again — the round still Open, its dates those
the job was planned for (else it does nothing) — then finds the players whose match is still
outstanding and makes each one's notification, in **one** transaction per job
(``unit.changing(db, slug, "fairpair")``) with one audit entry (``notice.round_open``,
``notice.halfway``, ``notice.deadline_24h``, with the count).

**Outstanding** (seed 004: "only players with an unfinished match are messaged"): a player at
a table of the round without a result — a two-player match with no result, a pod table
with a seat not placed yet — who has not dropped. A bye is not a match. A player who has
reported their match themselves and waits for the opponent's confirmation is not nudged
again (the opponent is: they have to confirm); nor are the players of a disputed match
(it waits for staff, in the Resolution Queue).

Each notification's key is ``KIND:ROUND_ID:PLAYER_ID``: the database makes it once however
many workers, retries and restarts try (``notifications.key`` is unique).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, or_, select

from fairpair import i18n
from fairpair.engine.round_names import round_name
from fairpair.i18n import gettext as _
from fairpair.service.jobs.schedule import Job
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.loading import load
from fairpair.service.kernel.unit import changing
from fairpair.service.notices.languages import recipients_languages
from fairpair.service.notices.notifications import NewNotice, notify_many
from fairpair.service.notices.planning import HALFWAY, OPEN, payload
from fairpair.store.database import Database
from fairpair.store.models import (
    DropRow,
    EventRow,
    PlayerRow,
    PodSeatRow,
    ResultRow,
    RoundRow,
    SelfReportRow,
    StageRow,
    TableRow,
)

ACTOR = "fairpair"


@dataclass(frozen=True, slots=True)
class Outstanding:
    player_id: int
    table: int
    opponent: str | None  # the opponent's name (two-player matches)


def deadline_text(moment: datetime) -> str:
    """``Sat 2 Dec 18:00 UTC`` (in the current language: ``12月2日(土) 18:00 UTC``)."""
    if i18n.language() != i18n.SOURCE:
        return f"{i18n.moment(moment)} UTC"
    return f"{moment:%a} {moment.day} {moment:%b %H:%M} UTC"


def outstanding_players(conn: Connection, round_id: int, stage_id: int) -> list[Outstanding]:
    """The players of round ``round_id`` whose match is still to be played (see above), by
    table."""
    names = dict(
        conn.execute(
            select(PlayerRow.id, PlayerRow.name)
            .join(TableRow, or_(TableRow.a_id == PlayerRow.id, TableRow.b_id == PlayerRow.id))
            .where(TableRow.round_id == round_id)
        ).all()
    )
    dropped = set(
        conn.execute(
            select(DropRow.player_id)
            .join(StageRow, StageRow.event_id == DropRow.event_id)
            .where(
                StageRow.id == stage_id,
                or_(DropRow.whole_event, DropRow.stage_id.is_(None), DropRow.stage_id == stage_id),
            )
        ).scalars()
    )
    out: list[Outstanding] = []
    matches = conn.execute(
        select(
            TableRow.number,
            TableRow.a_id,
            TableRow.b_id,
            SelfReportRow.state,
            SelfReportRow.reporter_id,
        )
        .outerjoin(ResultRow, ResultRow.table_id == TableRow.id)
        .outerjoin(SelfReportRow, SelfReportRow.table_id == TableRow.id)
        .where(TableRow.round_id == round_id, TableRow.kind == "match", ResultRow.id.is_(None))
        .order_by(TableRow.number)
    ).all()
    for m in matches:
        if m.state not in (None, "pending"):
            continue  # disputed (with staff) or settled
        for me, other in ((m.a_id, m.b_id), (m.b_id, m.a_id)):
            if me in dropped or (m.state == "pending" and m.reporter_id == me):
                continue
            out.append(Outstanding(me, m.number, names.get(other)))
    pods = conn.execute(
        select(TableRow.number, PodSeatRow.player_id, PodSeatRow.place)
        .join(PodSeatRow, PodSeatRow.table_id == TableRow.id)
        .where(TableRow.round_id == round_id, TableRow.kind == "pod")
        .order_by(TableRow.number, PodSeatRow.seat)
    ).all()
    unplaced = {p.number for p in pods if p.place is None}
    out += [
        Outstanding(p.player_id, p.number, None)
        for p in pods
        if p.number in unplaced and p.player_id not in dropped
    ]
    return sorted(out, key=lambda o: (o.table, o.player_id))


def notice_text(
    kind: str, name: str, event: str, ends_at: datetime | None, who: Outstanding
) -> tuple[str, str]:
    """The title and body of a notice (they name the round — "Round 3", "Semifinals" — and
    the event; the play-by deadline when the round has an end date), in the current language
    (``i18n.speaking``: the player's)."""
    name = i18n.round_name(name)
    values = {"round": name, "event": event, "table": who.table, "opponent": who.opponent}
    if who.opponent:
        where = _("Table %(table)s, against %(opponent)s") % values
    else:
        where = _("Table %(table)s") % values
    values |= {"where": where, "deadline": deadline_text(ends_at) if ends_at else ""}
    if kind == OPEN:
        title = _("%(round)s of %(event)s is open") % values
        body = (
            _("%(round)s of %(event)s is open: play your match by %(deadline)s. %(where)s.")
            if ends_at
            else _("%(round)s of %(event)s is open: play your match. %(where)s.")
        ) % values
    elif kind == HALFWAY:
        title = _("%(round)s of %(event)s: halfway") % values
        body = (
            _(
                "%(round)s of %(event)s is halfway through and your match has no result yet: "
                "play it and report it by %(deadline)s. %(where)s."
            )
            if ends_at
            else _(
                "%(round)s of %(event)s is halfway through and your match has no result yet: "
                "play it and report it. %(where)s."
            )
        ) % values
    else:
        title = _("Urgent: 24 hours left in %(round)s of %(event)s") % values
        body = (
            _(
                "Urgent: your %(round)s match of %(event)s must be played by %(deadline)s — "
                "24 hours from now. Play it and report it as soon as you can. %(where)s."
            )
            if ends_at
            else _(
                "Urgent: your %(round)s match of %(event)s must be played — 24 hours from "
                "now. Play it and report it as soon as you can. %(where)s."
            )
        ) % values
    return title, body


def _round_name(change: Change, stage: str, number: int) -> str:
    """The round as players say it ("Round 3"; a playoff's "Semifinals")."""
    tournament = load(change.conn, change.event).tournament
    return round_name(tournament, tournament.stage(stage), number)


def run_notice(db: Database, job: Job) -> int:
    """Do a notice job: the notifications it made (0 when the round moved on)."""
    round_id = int(job.payload["round_id"])
    with db.reading() as conn:
        slug = conn.execute(
            select(EventRow.slug).where(EventRow.id == job.event_id)
        ).scalar_one_or_none()
    if slug is None:
        return 0
    with changing(db, slug, ACTOR) as change:
        conn = change.conn
        rnd = conn.execute(
            select(
                RoundRow.number,
                RoundRow.state,
                RoundRow.starts_at,
                RoundRow.ends_at,
                RoundRow.stage_id,
                StageRow.key.label("stage"),
            )
            .join(StageRow, StageRow.id == RoundRow.stage_id)
            .where(RoundRow.id == round_id)
        ).first()
        if rnd is None or rnd.state != "open":
            return 0
        if payload(round_id, rnd.starts_at, rnd.ends_at) != job.payload:
            return 0  # the dates changed: a job planned for the new ones does it
        players = outstanding_players(conn, round_id, rnd.stage_id)
        name = _round_name(change, rnd.stage, rnd.number) if players else ""
        languages = recipients_languages(conn, change.event.id, [w.player_id for w in players])
        notices = []
        for who in players:
            with i18n.speaking(languages[who.player_id]):
                title, body = notice_text(job.kind, name, change.event.name, rnd.ends_at, who)
            notices.append(
                NewNotice(
                    player_id=who.player_id,
                    kind=job.kind,
                    title=title,
                    body=body,
                    key=f"{job.kind}:{round_id}:{who.player_id}",
                    url=f"/e/{slug}/me",
                    round_id=round_id,
                )
            )
        made = notify_many(change, notices)
        change.audit(
            "notice." + job.kind.replace("-", "_"),
            f"stage {rnd.stage} round {rnd.number}",
            after={"notified": made, "outstanding": len(players)},
        )
        return made
