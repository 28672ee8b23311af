"""What the players said of the matches still without a result (service.results.pending_reports)
and the Resolution Queue's count (resolution_queue.queue_count): one read each."""

from __future__ import annotations

from datetime import timedelta

from fairpair.engine.results import Result
from fairpair.service.kernel.change import now
from fairpair.service.results import recording as results
from fairpair.service.results.current_match import Score
from fairpair.service.results.pending_reports import pending_reports
from fairpair.service.results.resolution_queue import queue_count, resolution_queue
from fairpair.service.results.self_reports import confirm_report, dispute_report, report_own
from fairpair.store.database import Database
from self_report_events import ACTOR, actor, pairs, reporting_event


def test_a_report_waits_for_the_opponent_told_from_the_reporters_side(db: Database) -> None:
    slug = reporting_event(db, "Pending Said", 6)
    first, second, third = pairs(db, slug)
    report_own(db, slug, first.b, 2, 1, 0, actor=actor(first.b))  # side b reports its win
    report_own(db, slug, second.a, 2, 0, 0, actor=actor(second.a))
    dispute_report(db, slug, second.b, 2, 1, 0, actor=actor(second.b))
    found = pending_reports(db, slug, 1)
    assert set(found) == {first.table, second.table}  # the third table: nobody reported
    pending = found[first.table]
    assert (pending.state, pending.said, pending.overdue) == ("pending", Score(2, 1), False)
    assert pending.reporter_key == first.b and pending.waiting_for_key == first.a
    assert pending.text == f"{first.b.upper()} reported 2-1, waiting for {first.a.upper()}"
    disputed = found[second.table]
    assert disputed.disputed and disputed.in_queue
    assert disputed.text == f"{second.a.upper()} and {second.b.upper()} disagree"
    assert disputed.detail == f"{second.a.upper()} says 2-0, {second.b.upper()} says 2-1"
    assert third.table not in found


def test_a_report_past_its_time_says_it_is_in_the_queue(db: Database) -> None:
    slug = reporting_event(db, "Pending Late")
    first = pairs(db, slug)[0]
    report_own(db, slug, first.a, 2, 1, 0, actor=actor(first.a))
    late = pending_reports(db, slug, 1, at=now() + timedelta(hours=3))[first.table]
    assert late.overdue and late.in_queue
    assert late.text.endswith(f"not confirmed by {first.b.upper()} in time")


def test_a_settled_report_is_no_longer_pending(db: Database) -> None:
    slug = reporting_event(db, "Pending Settled")
    first, second = pairs(db, slug)
    report_own(db, slug, first.a, 2, 1, 0, actor=actor(first.a))
    confirm_report(db, slug, first.b, actor=actor(first.b))
    report_own(db, slug, second.a, 2, 0, 0, actor=actor(second.a))
    results.report(db, slug, 1, Result.from_games(2, 0), actor=ACTOR, table=second.table)
    assert pending_reports(db, slug, 1) == {}


def test_the_queue_count_is_the_queues_length(db: Database) -> None:
    slug = reporting_event(db, "Queue Count", 6)
    first, second, _ = pairs(db, slug)
    assert queue_count(db, slug) == 0
    report_own(db, slug, first.a, 2, 1, 0, actor=actor(first.a))
    dispute_report(db, slug, first.b, 2, 0, 0, actor=actor(first.b))
    report_own(db, slug, second.a, 2, 1, 0, actor=actor(second.a))
    assert queue_count(db, slug) == len(resolution_queue(db, slug).items) == 1
    later = now() + timedelta(hours=3)  # the second report is unconfirmed past its time
    assert queue_count(db, slug, later) == len(resolution_queue(db, slug, later).items) == 2
