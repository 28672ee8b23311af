"""Judge calls (issue 32): a player presses *Call a judge* on their page; the call names their
table in the round being played (when they have one) and a short note, shows on the
console's Resolution Queue tab until a staff member answers it, and alerts the staff who
asked for it on their phones (``notices.staff_alerts``).

A player has at most one open call: calling again while one is open answers with that call
(no second alert). Audited: ``judge.call``, ``judge.answer``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, insert, or_, select, update

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.text_rules import checked_line
from fairpair.service.kernel.unit import changing, reading
from fairpair.service.notices.staff_alerts import JUDGE_CALL, plan_staff_alert
from fairpair.store.database import Database
from fairpair.store.models import (
    JudgeCallRow,
    PlayerRow,
    PodSeatRow,
    RoundRow,
    StageRow,
    TableRow,
)

#: How long a call's note may be.
NOTE_LIMIT = 200


@dataclass(frozen=True, slots=True)
class JudgeCall:
    id: int
    player: str
    """The player's name."""
    player_key: str
    round: int | None
    table: int | None
    note: str | None
    called_at: datetime
    answered_at: datetime | None = None
    answered_by: str | None = None

    @property
    def where(self) -> str:
        """ "table 7 (round 3)", or "no table" (a bye, no round being played), in the current
        language (``fairpair.i18n``)."""
        if self.table is None:
            return gettext("no table")
        if self.round:
            return gettext("table %(table)s (round %(round)s)") % {
                "table": self.table,
                "round": self.round,
            }
        return gettext("table %(number)s") % {"number": self.table}


def _table_of(conn: Connection, event_id: int, player_id: int) -> tuple[int | None, int | None]:
    """The player's (round, table) in the event's round being played (Open), if any."""
    match = conn.execute(
        select(RoundRow.number, TableRow.number)
        .join(StageRow, StageRow.id == RoundRow.stage_id)
        .join(TableRow, TableRow.round_id == RoundRow.id)
        .outerjoin(PodSeatRow, PodSeatRow.table_id == TableRow.id)
        .where(
            StageRow.event_id == event_id,
            RoundRow.state == "open",
            or_(
                TableRow.a_id == player_id,
                TableRow.b_id == player_id,
                PodSeatRow.player_id == player_id,
            ),
        )
        .order_by(StageRow.position.desc(), RoundRow.number.desc())
        .limit(1)
    ).first()
    return (int(match[0]), int(match[1])) if match is not None else (None, None)


def _call_of(row: object) -> JudgeCall:
    return JudgeCall(
        row.id,  # type: ignore[attr-defined]
        row.name,  # type: ignore[attr-defined]
        row.key,  # type: ignore[attr-defined]
        row.round_number,  # type: ignore[attr-defined]
        row.table_number,  # type: ignore[attr-defined]
        row.note,  # type: ignore[attr-defined]
        row.called_at,  # type: ignore[attr-defined]
        row.answered_at,  # type: ignore[attr-defined]
        row.answered_by,  # type: ignore[attr-defined]
    )


_COLUMNS = (
    JudgeCallRow.id,
    PlayerRow.name,
    PlayerRow.key,
    JudgeCallRow.round_number,
    JudgeCallRow.table_number,
    JudgeCallRow.note,
    JudgeCallRow.called_at,
    JudgeCallRow.answered_at,
    JudgeCallRow.answered_by,
)


def _open_call(conn: Connection, event_id: int, player_id: int) -> JudgeCall | None:
    row = conn.execute(
        select(*_COLUMNS)
        .join(PlayerRow, PlayerRow.id == JudgeCallRow.player_id)
        .where(
            JudgeCallRow.event_id == event_id,
            JudgeCallRow.player_id == player_id,
            JudgeCallRow.answered_at.is_(None),
        )
    ).first()
    return _call_of(row) if row is not None else None


def call_judge(
    db: Database, slug: str, player_id: int, note: str | None, *, actor: str
) -> JudgeCall:
    """Player ``player_id`` calls a judge (``note``: what it is about, optional); an open
    call of theirs is answered as it is."""
    text = (
        checked_line(note, Location(("note",)), gettext("the note"), longest=NOTE_LIMIT)
        if note and note.strip()
        else None
    )
    with changing(db, slug, actor) as change:
        conn = change.conn
        open_call = _open_call(conn, change.event.id, player_id)
        if open_call is not None:
            return open_call
        player = conn.execute(
            select(PlayerRow.key, PlayerRow.name).where(
                PlayerRow.id == player_id, PlayerRow.event_id == change.event.id
            )
        ).first()
        if player is None:
            raise Refused(Location(("player",)), gettext("no such player in this event"))
        number, table = _table_of(conn, change.event.id, player_id)
        made = conn.execute(
            insert(JudgeCallRow)
            .values(
                event_id=change.event.id,
                player_id=player_id,
                round_number=number,
                table_number=table,
                note=text,
                called_at=change.at,
            )
            .returning(JudgeCallRow.id)
        ).scalar_one()
        call = JudgeCall(made, player.name, player.key, number, table, text, change.at)
        change.audit(
            "judge.call",
            f"player {player.key}",
            after={"round": number, "table": table, "note": text},
        )
        _alert(change, call)
        return call


def _alert(change: Change, call: JudgeCall) -> None:
    def words() -> tuple[str, str]:
        title = (
            gettext("Judge call: table %(number)s") % {"number": call.table}
            if call.table is not None
            else gettext("Judge call")
        )
        values = {"player": call.player, "where": call.where, "note": call.note}
        if call.note:
            return title, gettext("%(player)s calls a judge to %(where)s: %(note)s") % values
        return title, gettext("%(player)s calls a judge to %(where)s.") % values

    plan_staff_alert(
        change,
        JUDGE_CALL,
        f"judge-call:{call.id}",
        words,
        f"/console/{change.event.slug}/queue#judge-calls",
    )


def my_open_call(db: Database, slug: str, player_id: int) -> JudgeCall | None:
    """The player's call not answered yet, if any."""
    with reading(db, slug) as (conn, event):
        return _open_call(conn, event.id, player_id)


def open_calls(db: Database, slug: str) -> list[JudgeCall]:
    """The event's calls not answered yet, oldest first."""
    with reading(db, slug) as (conn, event):
        rows = conn.execute(
            select(*_COLUMNS)
            .join(PlayerRow, PlayerRow.id == JudgeCallRow.player_id)
            .where(JudgeCallRow.event_id == event.id, JudgeCallRow.answered_at.is_(None))
            .order_by(JudgeCallRow.called_at, JudgeCallRow.id)
        ).all()
    return [_call_of(r) for r in rows]


def answer_call(db: Database, slug: str, call_id: int, *, actor: str) -> JudgeCall:
    """A staff member answers call ``call_id`` (it leaves the queue); refused when it is not
    an open call of the event (answered already: by whom)."""
    with changing(db, slug, actor) as change:
        conn = change.conn
        row = conn.execute(
            select(*_COLUMNS)
            .join(PlayerRow, PlayerRow.id == JudgeCallRow.player_id)
            .where(JudgeCallRow.event_id == change.event.id, JudgeCallRow.id == call_id)
        ).first()
        if row is None:
            raise Refused(
                Location(("call",)),
                gettext("no judge call %(call_id)s in this event") % {"call_id": call_id},
            )
        call = _call_of(row)
        if call.answered_at is not None:
            raise Refused(
                Location(("call",)),
                gettext("%(player)s's call was answered already by %(answered_by)s")
                % {"player": call.player, "answered_by": call.answered_by},
            )
        conn.execute(
            update(JudgeCallRow)
            .where(JudgeCallRow.id == call_id)
            .values(answered_at=change.at, answered_by=change.actor)
        )
        change.audit("judge.answer", f"player {call.player_key}", after={"table": call.table})
        return JudgeCall(
            call.id,
            call.player,
            call.player_key,
            call.round,
            call.table,
            call.note,
            call.called_at,
            change.at,
            change.actor,
        )
