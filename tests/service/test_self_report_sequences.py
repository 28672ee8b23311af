"""Any sequence of players' and staff's steps on one match keeps the self-report rules
(hypothesis): at most one result; a confirmed report is the result; a pending or disputed
one has none; every answer that is not a refusal moves the report's version on by one (but
the same report again, which changes nothing)."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from fairpair.engine.errors import FairpairError
from fairpair.engine.results import Result
from fairpair.service.results import recording as results
from fairpair.service.results.self_reports import confirm_report, dispute_report, report_own
from fairpair.store.database import Database
from fairpair.store.models import EventRow, ResultRow, SelfReportRow, StageRow, TableRow
from self_report_events import ACTOR, actor, pairs, reporting_event

SCORES = st.sampled_from([(2, 0, 0), (2, 1, 0), (1, 2, 0), (0, 2, 0), (1, 1, 1), (3, 0, 0)])
STEP = st.one_of(
    st.tuples(st.just("report"), st.sampled_from("ab"), SCORES),
    st.tuples(st.just("confirm"), st.sampled_from("ab"), st.just((0, 0, 0))),
    st.tuples(st.just("dispute"), st.sampled_from("ab"), SCORES),
    st.tuples(st.just("staff"), st.just("-"), SCORES),
)
NAMES = itertools.count()


def _facts(db: Database, table_id: int) -> tuple[int, str | None, int | None]:
    with db.reading() as conn:
        count = conn.execute(
            select(func.count()).select_from(ResultRow).where(ResultRow.table_id == table_id)
        ).scalar_one()
        row = conn.execute(
            select(SelfReportRow.state, SelfReportRow.version).where(
                SelfReportRow.table_id == table_id
            )
        ).first()
    return int(count), row.state if row else None, row.version if row else None


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=st.lists(STEP, min_size=1, max_size=8))
def test_any_sequence_keeps_the_rules(
    sqlite_db: Database, steps: list[tuple[str, str, tuple[int, int, int]]]
) -> None:
    db = sqlite_db
    slug = reporting_event(db, f"Sequence {next(NAMES)}", 2)
    pair = pairs(db, slug)[0]
    with db.reading() as conn:
        table_id = conn.execute(
            select(TableRow.id)
            .join(StageRow, StageRow.id == TableRow.stage_id)
            .join(EventRow, EventRow.id == StageRow.event_id)
            .where(EventRow.slug == slug, TableRow.number == pair.table)
        ).scalar_one()
    for kind, side, (won, lost, drawn) in steps:
        key = pair.a if side == "a" else pair.b
        _, _, before = _facts(db, table_id)
        try:
            if kind == "report":
                report_own(db, slug, key, won, lost, drawn, actor=actor(key))
            elif kind == "confirm":
                confirm_report(db, slug, key, actor=actor(key))
            elif kind == "dispute":
                dispute_report(db, slug, key, won, lost, drawn, actor=actor(key))
            else:
                results.report(
                    db, slug, 1, Result.from_games(won, lost, drawn), actor=ACTOR, table=pair.table
                )
        except FairpairError:
            assert _facts(db, table_id)[2] == before  # a refusal changes nothing
            continue
        count, state, version = _facts(db, table_id)
        assert count <= 1
        if state in ("pending", "disputed"):
            assert count == 0, state
        if state == "confirmed":
            assert count == 1
        if kind != "staff":
            # every step moves the version on, but the same report again (a double tap)
            same_again = kind == "report" and version == before
            assert same_again or version == (before or 0) + 1, (kind, before, version)
