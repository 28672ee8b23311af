"""What holds a stage's autopilot (issue 29, point 4), each on both databases: a disputed
players' report and an overdue match (held: the banner names them; the result, once entered,
moves the round on), a players' confirmation as the round's last result (the path that locks
the event last on PostgreSQL), a draft it could not make without a forbidden pair (kept for
review), a pod table without places, and staff's deleted round and discarded draft (paused
until resumed)."""

from __future__ import annotations

from datetime import timedelta

from fairpair.engine.results import Result, Side
from fairpair.engine.stage_config import PodsConfig
from fairpair.service.event import events
from fairpair.service.kernel.change import now
from fairpair.service.results import recording as results
from fairpair.service.results.autopilot_status import autopilot_status
from fairpair.service.results.places import record_places
from fairpair.service.results.self_reports import confirm_report, dispute_report, report_own
from fairpair.service.rounds import autopilot, drafts, stages
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database
from self_report_events import ACTOR, actor, pairs, reporting_event


def _on(db: Database, slug: str, **more: object) -> None:
    stages.edit_stage(db, slug, {"autopilot": True, "max_rounds": 3, **more}, actor=ACTOR)


def _states(db: Database, slug: str) -> list[str]:
    return [r.status.value for r in events.export_event(db, slug).stages[0].rounds]


def test_a_dispute_holds_it_and_the_result_staff_enter_moves_it_on(db: Database) -> None:
    slug = reporting_event(db, "Held by a dispute", 4, ruleset="teamup")
    _on(db, slug)
    first, second = pairs(db, slug)
    report_own(db, slug, first.a, 1, 0, 0, actor=actor(first.a))
    confirm_report(db, slug, first.b, actor=actor(first.b))  # a players' result: not the last
    report_own(db, slug, second.a, 1, 0, 0, actor=actor(second.a))
    dispute_report(db, slug, second.b, 1, 0, 0, actor=actor(second.b))
    status = autopilot_status(db, slug)
    assert status is not None and status.state == "held"
    assert status.headline == "Autopilot paused"
    assert status.holds == (
        f"Table {second.table}: {second.a.upper()} and {second.b.upper()} disagree "
        "(in the Resolution Queue)",
    )
    assert _states(db, slug) == ["open"]
    recorded = results.report(
        db, slug, 1, Result.win(Side.A), table=second.table, actor=ACTOR
    )  # staff settle it: the round's last result
    assert recorded.autopilot is not None and recorded.autopilot.opened == (("swiss", 2),)
    assert _states(db, slug) == ["completed", "open"]


def test_a_players_confirmation_that_is_the_last_result_moves_it_on(db: Database) -> None:
    slug = reporting_event(db, "Confirmed last", 4, ruleset="teamup")
    _on(db, slug)
    first, second = pairs(db, slug)
    results.report(db, slug, 1, Result.win(Side.A), table=first.table, actor=ACTOR)
    report_own(db, slug, second.b, 1, 0, 0, actor=actor(second.b))
    confirm_report(db, slug, second.a, actor=actor(second.a))
    assert _states(db, slug) == ["completed", "open"]
    status = autopilot_status(db, slug)
    assert status is not None and status.why.startswith("Round 2: 2 of 2 tables to report")


def test_an_overdue_match_holds_it(db: Database) -> None:
    slug = reporting_event(db, "Held when overdue", 4, ruleset="teamup")
    _on(db, slug)
    first, second = pairs(db, slug)
    rounds.set_dates(db, slug, 1, actor=ACTOR, starts_at=now() - timedelta(hours=2), ends_at=now())
    results.report(db, slug, 1, Result.win(Side.A), table=first.table, actor=ACTOR)
    status = autopilot_status(db, slug)
    assert status is not None and status.state == "held"
    assert len(status.holds) == 1 and status.holds[0].startswith(f"Table {second.table}: ")
    assert "(in the Resolution Queue)" in status.holds[0]


def test_a_forbidden_pair_it_cannot_avoid_keeps_the_draft_for_review(db: Database) -> None:
    slug = reporting_event(db, "Held for review", 4, ruleset="teamup")
    _on(db, slug, forbidden_pairs=[["p1", "p2"], ["p1", "p3"], ["p1", "p4"]])
    first, second = pairs(db, slug)
    results.report(db, slug, 1, Result.win(Side.A), table=first.table, actor=ACTOR)
    last = results.report(db, slug, 1, Result.win(Side.A), table=second.table, actor=ACTOR)
    moved = last.autopilot
    assert moved is not None and moved.opened == () and moved.review == ("swiss", 2)
    assert "forbidden pair" in moved.warnings[0] and "waits for review" in moved.text
    assert _states(db, slug) == ["completed"]
    status = autopilot_status(db, slug)
    assert status is not None and status.state == "review"
    assert status.why == "The draft of round 2 waits for review: release it or discard it."
    number = rounds.release(db, slug, actor=ACTOR)  # a person decided: the autopilot goes on
    rounds.open_round(db, slug, number, actor=ACTOR)
    status = autopilot_status(db, slug)
    assert status is not None and status.state == "running"


def test_a_pod_table_without_places_holds_the_round(db: Database) -> None:
    slug = reporting_event(db, "Pods on autopilot", 8, config=PodsConfig(pod_size=4))
    _on(db, slug)
    status = autopilot_status(db, slug)
    assert status is not None and status.why.startswith("Round 1: 2 of 2 tables without places")
    record_places(db, slug, 1, 1, [1, 2, 3, 4], actor=ACTOR)
    assert _states(db, slug) == ["open"]
    status = autopilot_status(db, slug)
    assert status is not None and status.why.startswith("Round 1: 1 of 2 tables without places")
    record_places(db, slug, 1, 2, [4, 3, 2, 1], actor=ACTOR)
    assert _states(db, slug) == ["completed", "open"]


def test_a_deleted_round_and_a_discarded_draft_pause_it(db: Database) -> None:
    slug = reporting_event(db, "Paused by staff", 4, ruleset="teamup", open_round=False)
    _on(db, slug)
    rounds.delete_round(db, slug, 1, actor=ACTOR)
    held = autopilot.stage_pilot(db, slug)
    assert held.pause is not None and held.pause.reason == "deleted"
    assert held.pause.said == "round 1 was deleted"
    assert autopilot.resume(db, slug, actor=ACTOR) is None  # nothing Open to move on
    drafts.generate(db, slug, actor=ACTOR)
    drafts.discard(db, slug, actor=ACTOR)
    held = autopilot.stage_pilot(db, slug)
    assert held.pause is not None and held.pause.reason == "discarded"
    status = autopilot_status(db, slug)
    assert status is not None and status.state == "paused" and status.resumable
    assert status.why == "The draft of round 1 was discarded."
