"""Players' reports beside each other and beside the staff's changes (issue 11, point 4).

On PostgreSQL a players' report locks the event last (``fairpair.service.kernel.unit.reporting``):
reports of different tables run side by side, and lock the event's row only for their audit
entries. What must still hold, with real threads at once (on SQLite too, where writers take
turns):

- the last two confirmations of a Swiss with an automatic cut, at the same moment: both
  results stored, the cut drawn exactly once (by whichever committed second);
- a round completed, or reverted, while its last players confirm: a Completed round has
  every result, a reverted (Scheduled) one none, and each confirmation either stored its
  result or was refused saying why — never a result outside its round's rules;
- a player answering their own pending report while the opponent confirms it: the match
  ends exactly once.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from sqlalchemy import func, select

from fairpair.engine.errors import FairpairError
from fairpair.engine.results import Result, Side
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import SwissConfig
from fairpair.service.event import events
from fairpair.service.kernel import audit
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.results.self_reports import confirm_report, report_own
from fairpair.service.rounds import drafts, stages
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database
from fairpair.store.models import ResultRow, RoundRow, SelfReportRow, StageRow, TableRow

from .scenario import assert_integrity, assert_nothing_half_written

ACTOR = "td"


def _event(db: Database, name: str, count: int, *, cut: bool = False) -> str:
    """A Swiss of ``count`` players, one round (open), self-reporting on; with ``cut`` an
    automatic top 4 drawn from it."""
    stage = Stage(config=SwissConfig(max_rounds=1), ruleset=PRESETS["mtg"], seed=name)
    slug = events.create_event(db, name, actor=ACTOR, stage=stage)
    players.add_players(
        db, slug, [NewPlayer(f"P{k}", id=f"p{k}", seed=k) for k in range(1, count + 1)], actor=ACTOR
    )
    if cut:
        stages.add_stage(
            db,
            slug,
            {
                "id": "top4",
                "format": "single_elimination",
                "cut": {"from_stage": "swiss", "top": 4},
            },
            actor=ACTOR,
        )
    drafts.generate(db, slug, actor=ACTOR, stage="swiss")
    rounds.release(db, slug, actor=ACTOR, stage="swiss")
    rounds.open_round(db, slug, 1, actor=ACTOR, stage="swiss")
    return slug


def _tables(db: Database, slug: str) -> list[tuple[int, str, str]]:
    view = rounds.round_view(db, slug, 1, stage="swiss")
    return [(t.table, t.a.id, t.b.id) for t in view.tables]


def _at_once(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run ``calls`` in threads released together; each one's value or the error it raised."""
    start = threading.Barrier(len(calls))

    def run(call: Callable[[], Any]) -> Any:
        start.wait(timeout=60)
        try:
            return call()
        except FairpairError as error:
            return error

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(run, calls))


def _report(db: Database, slug: str, key: str) -> None:
    report_own(db, slug, key, 2, 0, 0, actor=f"player {key}")


def _confirm(db: Database, slug: str, key: str) -> Callable[[], Any]:
    return lambda: confirm_report(db, slug, key, actor=f"player {key}")


def _results(db: Database, slug: str) -> int:
    with db.reading() as conn:
        return int(
            conn.execute(
                select(func.count())
                .select_from(ResultRow)
                .join(TableRow, TableRow.id == ResultRow.table_id)
                .join(RoundRow, RoundRow.id == TableRow.round_id)
                .join(StageRow, StageRow.id == RoundRow.stage_id)
                .where(StageRow.key == "swiss", StageRow.event_id == _id(db, slug))
            ).scalar_one()
        )


def _id(db: Database, slug: str) -> int:
    from fairpair.store.models import EventRow

    with db.reading() as conn:
        return int(conn.execute(select(EventRow.id).where(EventRow.slug == slug)).scalar_one())


def _round_state(db: Database, slug: str) -> str | None:
    with db.reading() as conn:
        return conn.execute(
            select(RoundRow.state)
            .join(StageRow, StageRow.id == RoundRow.stage_id)
            .where(StageRow.event_id == _id(db, slug), StageRow.key == "swiss")
        ).scalar_one()


def test_the_last_two_confirmations_at_once_draw_the_cut_once(database: Database) -> None:
    for attempt in range(4):
        slug = _event(database, f"Cut race {attempt}", 8, cut=True)
        tables = _tables(database, slug)
        *staff, last, other = tables
        for number, _, _ in staff:
            results.report(database, slug, 1, _win(), actor=ACTOR, table=number, stage="swiss")
        for _, a, _ in (last, other):
            _report(database, slug, a)
        done = _at_once([_confirm(database, slug, b) for _, _, b in (last, other)])
        assert all(not isinstance(d, FairpairError) for d in done), done
        assert _results(database, slug) == len(tables)
        drawn = [e for e in audit.audit_log(database, slug).entries if e.action == "cut.draw"]
        assert len(drawn) == 1, drawn
        top4 = events.export_event(database, slug).stage("top4")
        assert top4.participants is not None and len(top4.participants) == 4
    assert_nothing_half_written(database)
    assert_integrity(database)


def _win() -> Result:
    return Result.win(Side.A)


def _staff_beside_confirmations(
    database: Database, name: str, staff: Callable[[str], Any]
) -> tuple[str, int, Any, list[Any]]:
    """A round of 16 players, every match reported by side a; then ``staff(slug)`` and the
    8 confirmations at once. The event, its tables, what the staff's change answered and
    what each confirmation did."""
    slug = _event(database, name, 16)
    tables = _tables(database, slug)
    for _, a, _ in tables:
        _report(database, slug, a)
    done = _at_once([lambda: staff(slug), *(_confirm(database, slug, b) for _, _, b in tables)])
    return slug, len(tables), done[0], done[1:]


def test_completing_the_round_while_its_last_players_confirm(database: Database) -> None:
    for attempt in range(3):
        slug, tables, completed, confirmed = _staff_beside_confirmations(
            database,
            f"Complete race {attempt}",
            lambda slug: rounds.complete_round(database, slug, 1, actor=ACTOR, stage="swiss"),
        )
        stored = _results(database, slug)
        assert stored == sum(not isinstance(c, FairpairError) for c in confirmed)
        if isinstance(completed, FairpairError):
            assert completed.code == "lifecycle_refused", completed
            assert _round_state(database, slug) == "open"
            assert stored == tables  # the completion ran first and saw a match missing
        else:
            assert _round_state(database, slug) == "completed"
            assert stored == tables  # completed only once every result was in
    assert_nothing_half_written(database)
    assert_integrity(database)


def test_reverting_the_round_while_its_players_confirm(database: Database) -> None:
    for attempt in range(3):
        slug, tables, reverted, confirmed = _staff_beside_confirmations(
            database,
            f"Revert race {attempt}",
            lambda slug: rounds.revert_round(database, slug, 1, actor=ACTOR, stage="swiss"),
        )
        stored = _results(database, slug)
        refused = [c for c in confirmed if isinstance(c, FairpairError)]
        if isinstance(reverted, FairpairError):
            assert reverted.code == "lifecycle_refused", reverted
            assert _round_state(database, slug) == "open" and not refused, (reverted, refused)
            assert stored == tables
        else:
            # a reverted round keeps no result: every confirmation after it was refused
            assert _round_state(database, slug) == "scheduled"
            assert stored == 0, stored
            assert len(refused) == len(confirmed), refused
            assert {r.reason for r in refused} == {
                "round 1 is not open yet: report once it has started"
            }, refused
    assert_nothing_half_written(database)
    assert_integrity(database)


def test_replacing_a_report_while_the_opponent_confirms_it_ends_the_match_once(
    database: Database,
) -> None:
    slug = _event(database, "Replace race", 40)
    tables = _tables(database, slug)
    for _, a, _ in tables:
        _report(database, slug, a)
    calls: list[Callable[[], Any]] = []
    for _, a, b in tables:
        calls.append(partial(report_own, database, slug, a, 2, 1, 0, actor=f"player {a}"))
        calls.append(partial(confirm_report, database, slug, b, actor=f"player {b}", version=1))
    done = _at_once(calls)
    with database.reading() as conn:
        states = Counter(
            conn.execute(
                select(SelfReportRow.state)
                .join(TableRow, TableRow.id == SelfReportRow.table_id)
                .join(RoundRow, RoundRow.id == TableRow.round_id)
                .join(StageRow, StageRow.id == RoundRow.stage_id)
                .where(StageRow.event_id == _id(database, slug))
            ).scalars()
        )
    stored = _results(database, slug)
    # each match: the confirmation came first (its result; the replacement refused: the
    # match has its result) or the replacement did (pending 2-1; the confirmation of the
    # version seen, 2-0, told that it changed)
    assert stored == states["confirmed"], (states, stored)
    assert states["confirmed"] + states["pending"] == len(tables), states
    errors = Counter(type(d).__name__ for d in done if isinstance(d, FairpairError))
    assert sum(errors.values()) == len(tables), errors  # one of each pair lost, and said why
    assert set(errors) <= {"AlreadyRecorded", "StaleVersion"}, errors
    assert_nothing_half_written(database)
    assert_integrity(database)
