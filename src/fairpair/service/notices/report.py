"""What the organizer sees of a round's notices (issue 11 point 7): per player, each notice
made for them (kind, when, read) with its deliveries, and whether their match is still
outstanding — who has been notified, and who has not reported. A read; nothing changes."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import or_, select

from fairpair.responses.notices import (
    NoticeDelivery,
    PlannedNotice,
    PlayerNotice,
    PlayerNotices,
    RoundNotices,
)
from fairpair.service.kernel.lookup import find_round, find_stage
from fairpair.service.kernel.unit import reading
from fairpair.service.notices.planning import job_prefix
from fairpair.store.database import Database
from fairpair.store.models import (
    ByeRow,
    DeliveryRow,
    DropRow,
    JobRow,
    NotificationRow,
    PlayerRow,
    PodSeatRow,
    ResultRow,
    RoundRow,
    SelfReportRow,
    TableRow,
)


def round_notices(
    db: Database, slug: str, number: int, *, stage: str | None = None
) -> RoundNotices:
    """The notices of round ``number`` of ``stage`` (default: the stage being played)."""
    with reading(db, slug) as (conn, event):
        where = find_stage(conn, event, stage)
        rnd = find_round(conn, where, number)
        dates = conn.execute(
            select(RoundRow.starts_at, RoundRow.ends_at).where(RoundRow.id == rnd.id)
        ).one()
        seats: dict[int, tuple[int | None, str]] = {}  # player id → (table, reported)
        for t in conn.execute(
            select(
                TableRow.number,
                TableRow.a_id,
                TableRow.b_id,
                ResultRow.id.label("result"),
                SelfReportRow.state,
                SelfReportRow.reporter_id,
            )
            .outerjoin(ResultRow, ResultRow.table_id == TableRow.id)
            .outerjoin(SelfReportRow, SelfReportRow.table_id == TableRow.id)
            .where(TableRow.round_id == rnd.id, TableRow.kind == "match")
        ):
            said = "result" if t.result is not None else _reported(t.state)
            seats[t.a_id] = seats[t.b_id] = (t.number, said)
            if said == "pending":  # the reporter waits; the opponent has to confirm
                other = t.b_id if t.reporter_id == t.a_id else t.a_id
                seats[other] = (t.number, "to_confirm")
        pods: dict[int, list[Any]] = defaultdict(list)
        for p in conn.execute(
            select(TableRow.number, PodSeatRow.player_id, PodSeatRow.place)
            .join(PodSeatRow, PodSeatRow.table_id == TableRow.id)
            .where(TableRow.round_id == rnd.id)
        ):
            pods[p.number].append(p)
        for table, sat in pods.items():
            said = "result" if all(s.place is not None for s in sat) else "none"
            for s in sat:
                seats[s.player_id] = (table, said)
        for b in conn.execute(select(ByeRow.player_id).where(ByeRow.round_id == rnd.id)):
            seats.setdefault(b.player_id, (None, "result"))
        dropped = set(
            conn.execute(
                select(DropRow.player_id).where(
                    DropRow.event_id == event.id,
                    or_(
                        DropRow.whole_event,
                        DropRow.stage_id.is_(None),
                        DropRow.stage_id == where.id,
                    ),
                )
            ).scalars()
        )
        people = {
            r.id: r
            for r in conn.execute(
                select(PlayerRow.id, PlayerRow.key, PlayerRow.name).where(
                    PlayerRow.id.in_(list(seats))
                )
            )
        }
        notes = conn.execute(
            select(
                NotificationRow.id,
                NotificationRow.player_id,
                NotificationRow.kind,
                NotificationRow.created_at,
                NotificationRow.read_at,
            )
            .where(NotificationRow.round_id == rnd.id)
            .order_by(NotificationRow.id)
        ).all()
        sent: dict[int, list[NoticeDelivery]] = defaultdict(list)
        if notes:
            for d in conn.execute(
                select(
                    DeliveryRow.notification_id,
                    DeliveryRow.channel,
                    DeliveryRow.state,
                    DeliveryRow.sent_at,
                    DeliveryRow.error,
                )
                .join(NotificationRow, NotificationRow.id == DeliveryRow.notification_id)
                .where(NotificationRow.round_id == rnd.id)
                .order_by(DeliveryRow.id)
            ):
                sent[d.notification_id].append(
                    NoticeDelivery(
                        channel=d.channel, state=d.state, sent_at=d.sent_at, error=d.error
                    )
                )
        jobs = conn.execute(
            select(JobRow.kind, JobRow.due_at, JobRow.done_at, JobRow.key)
            .where(JobRow.event_id == event.id, JobRow.key.startswith(job_prefix(rnd.id)))
            .order_by(JobRow.due_at)
        ).all()
    told: dict[int, list[PlayerNotice]] = defaultdict(list)
    for n in notes:
        told[n.player_id].append(
            PlayerNotice(
                kind=n.kind, at=n.created_at, read=n.read_at is not None, deliveries=sent[n.id]
            )
        )
    players = [
        PlayerNotices(
            id=people[pid].key,
            name=people[pid].name,
            table=table,
            outstanding=said != "result" and table is not None and pid not in dropped,
            reported=said,
            notices=told[pid],
        )
        for pid, (table, said) in seats.items()
        if pid in people
    ]
    players.sort(key=lambda p: (p.table is None, p.table or 0, p.name))
    return RoundNotices(
        event=slug,
        stage=where.key,
        number=number,
        state=rnd.state,
        starts_at=dates.starts_at,
        ends_at=dates.ends_at,
        planned=[
            PlannedNotice(kind=j.kind, due_at=j.due_at, done=j.done_at is not None) for j in jobs
        ],
        players=players,
        notified=sum(bool(p.notices) for p in players),
        not_reported=sum(p.outstanding for p in players),
    )


def _reported(state: str | None) -> str:
    if state == "pending":
        return "pending"
    if state == "disputed":
        return "disputed"
    return "none" if state is None else "result"
