"""What the autopilot's race and crash tests share (issue 29, point 5 "Exactly once"): a
teamup night whose rounds run themselves, the ways its last results arrive (staff's report,
a players' confirmed report), and what the database must hold after each round's last
results: that round Completed, exactly one next round, Open, and one ``round.open`` by the
autopilot per round it moved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import func, select

from fairpair.engine.results import Result, Side
from fairpair.engine.rulesets import PRESETS
from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.results.self_reports import confirm_report, report_own
from fairpair.service.rounds import flow, lifecycle, stages
from fairpair.service.rounds.autopilot import AUTOPILOT
from fairpair.store.database import Database
from fairpair.store.models import (
    AuditRow,
    DraftRow,
    EventRow,
    ResultRow,
    RoundRow,
    StageRow,
    TableRow,
)

ACTOR = "td"

#: How the last results of a try arrive, one way per table: staff's report (``changing``,
#: the event locked first) or a players' report confirmed by the opponent (``reporting``:
#: on PostgreSQL the event's lock held shared, its row locked last). Tries cycle through
#: the three modes.
MODES: tuple[tuple[str, ...], ...] = (
    ("staff", "staff"),
    ("players", "players"),
    ("staff", "players"),
)


def mode_of(attempt: int, tables: int) -> tuple[str, ...]:
    """The way each of ``tables`` last results of try ``attempt`` (1, 2, ...) arrives."""
    mode = MODES[(attempt - 1) % len(MODES)]
    return tuple(mode[i % len(mode)] for i in range(tables))


def teamup_night(
    db: Database, name: str, size: int, rounds: int, *, owner: int | None = None
) -> str:
    """A teamup event of ``size`` players (autopilot on by the preset), at most ``rounds``
    rounds, round 1 started by hand (Open, nothing reported); its slug. ``owner``: the
    account that owns it."""
    slug = events.create_event(db, name, actor=ACTOR, ruleset=PRESETS["teamup"], owner=owner)
    entrants = [NewPlayer(f"P{i}", id=f"p{i}", seed=i) for i in range(1, size + 1)]
    players.add_players(db, slug, entrants, actor=ACTOR)
    stages.edit_stage(db, slug, {"max_rounds": rounds}, actor=ACTOR, stage="swiss")
    flow.next_round(db, slug, actor=ACTOR)
    return slug


def tables_of(db: Database, slug: str, number: int) -> list[tuple[int, str, str]]:
    """Round ``number``'s tables: (table, player a's id, player b's id)."""
    view = lifecycle.round_view(db, slug, number, stage="swiss")
    return [(t.table, t.a.id, t.b.id) for t in view.tables]


def staff_result(attempt: int, table: int) -> Result:
    """What staff report for ``table`` in try ``attempt`` (a win for either side)."""
    return Result.win(Side.A if (attempt + table) % 2 else Side.B)


def prepare(db: Database, slug: str, how: str, number: int, table: tuple[int, str, str]) -> None:
    """Before the race: a players' report waits for the opponent's confirmation."""
    if how == "players":
        report_own(db, slug, table[1], 1, 0, 0, actor=f"player {table[1]}", round=number)


def last_result(
    db: Database, slug: str, how: str, number: int, table: tuple[int, str, str], actor: str
) -> Callable[[], Any]:
    """The call that lands ``table``'s result in round ``number``: staff's report, or the
    opponent confirming the waiting players' report."""
    if how == "staff":
        result = staff_result(number, table[0])
        return lambda: results.report(db, slug, number, result, table=table[0], actor=actor)
    return lambda: confirm_report(db, slug, table[2], actor=f"player {table[2]} ({actor})")


def rounds_of(db: Database, slug: str) -> list[tuple[int, str | None]]:
    """The swiss stage's rounds as stored: (number, state), in order (a duplicate shows)."""
    with db.reading() as conn:
        return [
            (int(r.number), r.state)
            for r in conn.execute(
                select(RoundRow.number, RoundRow.state)
                .join(StageRow, StageRow.id == RoundRow.stage_id)
                .join(EventRow, EventRow.id == StageRow.event_id)
                .where(EventRow.slug == slug, StageRow.key == "swiss")
                .order_by(RoundRow.number, RoundRow.id)
            )
        ]


def results_in(db: Database, slug: str, number: int) -> int:
    with db.reading() as conn:
        return int(
            conn.execute(
                select(func.count())
                .select_from(ResultRow)
                .join(TableRow, TableRow.id == ResultRow.table_id)
                .join(RoundRow, RoundRow.id == TableRow.round_id)
                .join(StageRow, StageRow.id == RoundRow.stage_id)
                .join(EventRow, EventRow.id == StageRow.event_id)
                .where(EventRow.slug == slug, RoundRow.number == number)
            ).scalar_one()
        )


def autopilot_steps(db: Database, slug: str) -> dict[str, int]:
    """The autopilot's audit entries of the event, by action."""
    with db.reading() as conn:
        rows = conn.execute(
            select(AuditRow.action, func.count())
            .join(EventRow, EventRow.id == AuditRow.event_id)
            .where(EventRow.slug == slug, AuditRow.actor == AUTOPILOT)
            .group_by(AuditRow.action)
        ).all()
    return {str(action): int(n) for action, n in rows}


def drafts_left(db: Database) -> int:
    with db.reading() as conn:
        return int(conn.execute(select(func.count()).select_from(DraftRow)).scalar_one())


def assert_moved_once(db: Database, slug: str, number: int, tables: int, context: str) -> None:
    """Round ``number`` holds its ``tables`` results and is Completed; round ``number + 1``
    exists once and is Open; the autopilot completed, paired, released and opened exactly
    ``number`` rounds so far (round 1 is opened by hand): one of each per try."""
    done = [(n, "completed") for n in range(1, number + 1)]
    assert rounds_of(db, slug) == [*done, (number + 1, "open")], f"rounds {context}"
    assert results_in(db, slug, number) == tables, f"results of round {number} {context}"
    steps = autopilot_steps(db, slug)
    expected = {"round.complete", "round.generate", "round.release", "round.open"}
    assert {a: steps.get(a, 0) for a in expected} == dict.fromkeys(expected, number), (
        f"the autopilot's steps {steps} {context}"
    )
    assert drafts_left(db) == 0, f"a draft was left {context}"
