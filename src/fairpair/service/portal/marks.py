"""What tells a player's portal that *their* card changed: one small comparable value per
player of an event version (``portal_marks``) — the round they are looking at and its state
and dates, their table or bye, its result and self-report, check-in. The portal's live stream
sends a player news only when their mark changes, so a result at table 700 wakes the two
players of table 700, not the 2,000 phones of the hall; a release or an opening wakes all.
Built for the whole event at once: where everyone sits from the portal's facts (which may
be older than the players' latest reports: ``portal.facts.recent_facts``), each table's
result and self-report as of now (one read of the round's tables)."""

from __future__ import annotations

from collections.abc import Hashable

from sqlalchemy import bindparam, or_, select

from fairpair.engine.rounds import Bye, Match
from fairpair.service.kernel.unit import reading
from fairpair.service.players.portal_settings import portal_of
from fairpair.service.portal.facts import recent_facts
from fairpair.store.database import Database
from fairpair.store.models import PlayerRow, ResultRow, RoundRow, SelfReportRow, TableRow

Marks = dict[str, Hashable]
#: The round's tables that have a self-report or a result, with their versions.
_NOW = (
    select(
        TableRow.key,
        SelfReportRow.state,
        SelfReportRow.version,
        ResultRow.id.label("result_id"),
        ResultRow.version.label("result_version"),
    )
    .join(RoundRow, RoundRow.id == TableRow.round_id)
    .outerjoin(SelfReportRow, SelfReportRow.table_id == TableRow.id)
    .outerjoin(ResultRow, ResultRow.table_id == TableRow.id)
    .where(
        RoundRow.stage_id == bindparam("stage_id"),
        RoundRow.number == bindparam("number"),
        or_(SelfReportRow.id.is_not(None), ResultRow.id.is_not(None)),
    )
)


def portal_marks(db: Database, slug: str) -> tuple[int, Marks]:
    """The event's version and each player's mark at it."""
    with reading(db, slug) as (conn, event):
        facts = recent_facts(conn, event)
        checked = set(
            conn.execute(
                select(PlayerRow.key).where(
                    PlayerRow.event_id == event.id, PlayerRow.checked_in_at.is_not(None)
                )
            ).scalars()
        )
        checkin = portal_of(conn, event).checkin_open and not facts.released
        stage = facts.stages[facts.current] if facts.current is not None else None
        # each table's result and self-report as of now (the facts may be older: only
        # players' reports since them, see ``recent_facts``)
        now: dict[str, Hashable] = {}
        if stage is not None and stage.rounds:
            number = stage.rounds[-1].round.number
            for row in conn.execute(_NOW, {"stage_id": stage.stage_id, "number": number}):
                now[row.key] = (row.state, row.version, row.result_id, row.result_version)
    marks: Marks = {}
    if stage is None or not stage.rounds:
        head: tuple[Hashable, ...] = (stage.stage.id if stage else None, checkin)
        for p in facts.tournament.players:
            marks[p.id] = (head, p.id in checked, stage.drops.get(p.id) if stage else None)
        return event.version, marks
    seats = stage.rounds[-1]
    rnd = seats.round
    head = (stage.stage.id, rnd.number, rnd.status, stage.dates.get(rnd.number), checkin)
    for p in facts.tournament.players:
        seat = seats.seats.get(p.id)
        if seat is None:
            table: Hashable = None
        elif isinstance(seat, Bye):
            table = ("bye", seat.kind)
        elif isinstance(seat, Match):  # who, where, the toss; its result as of now
            table = (seat.id, seat.table, seat.a, seat.b, seat.toss, now.get(seat.id))
        else:
            table = (seat, now.get(seat.id))  # frozen: the pod's places too
        marks[p.id] = (head, table, p.id in checked, stage.drops.get(p.id))
    return event.version, marks
