"""What tells a player's portal that *their* card changed: one small comparable value per
player of an event version (``portal_marks``) — the round they are looking at and its state
and dates, their table or bye, its result and self-report, check-in. The portal's live stream
sends a player news only when their mark changes, so a result at table 700 wakes the two
players of table 700, not the 2,000 phones of the hall; a release or an opening wakes all.
Built once per version for the whole event (a few milliseconds for 4,000 players)."""

from __future__ import annotations

from collections.abc import Hashable

from sqlalchemy import select

from fairpair.engine.rounds import Bye
from fairpair.service.my_match_facts import event_facts
from fairpair.service.portal import portal_of
from fairpair.service.unit import reading
from fairpair.store.database import Database
from fairpair.store.models import PlayerRow, RoundRow, SelfReportRow, TableRow

Marks = dict[str, Hashable]


def portal_marks(db: Database, slug: str) -> tuple[int, Marks]:
    """The event's version and each player's mark at it."""
    with reading(db, slug) as (conn, event):
        facts = event_facts(conn, event)
        checked = set(
            conn.execute(
                select(PlayerRow.key).where(
                    PlayerRow.event_id == event.id, PlayerRow.checked_in_at.is_not(None)
                )
            ).scalars()
        )
        checkin = portal_of(conn, event).checkin_open and not facts.released
        stage = facts.stages[facts.current] if facts.current is not None else None
        reports: dict[str, tuple[str, int]] = {}
        if stage is not None and stage.rounds:
            number = stage.rounds[-1].round.number
            for row in conn.execute(
                select(TableRow.key, SelfReportRow.state, SelfReportRow.version)
                .join(SelfReportRow, SelfReportRow.table_id == TableRow.id)
                .join(RoundRow, RoundRow.id == TableRow.round_id)
                .where(RoundRow.stage_id == stage.stage_id, RoundRow.number == number)
            ):
                reports[row.key] = (row.state, row.version)
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
        else:
            table = (seat, reports.get(seat.id))  # frozen: the table's result and toss too
        marks[p.id] = (head, table, p.id in checked, stage.drops.get(p.id))
    return event.version, marks
