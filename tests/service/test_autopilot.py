"""Rounds that run themselves (issue 29), through the service: a teamup event of 8 played to
its champion through a top 4 only by reporting results; what holds the autopilot (paused by
hand, a round edited, reverted or deleted, a draft discarded) and resuming it; the audit
log's entries by the autopilot with the result that set each step off; catching up a round
left Open with every result in."""

from __future__ import annotations

from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import RoundState
from fairpair.engine.rulesets import PRESETS
from fairpair.service.event import events
from fairpair.service.kernel import audit
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.results.autopilot_status import autopilot_status
from fairpair.service.rounds import autopilot, flow, lifecycle, repeats, stages
from fairpair.store.database import Database

from .helpers import refused

ACTOR = "td"


def _teamup(db: Database, size: int = 8, *, cap: int | None = 3, top: int | None = 4) -> str:
    slug = events.create_event(db, f"Night {size}", actor=ACTOR, ruleset=PRESETS["teamup"])
    players.add_players(
        db, slug, [NewPlayer(f"P{i}", id=f"p{i}", seed=i) for i in range(1, size + 1)], actor=ACTOR
    )
    if cap is not None:
        stages.edit_stage(db, slug, {"max_rounds": cap}, actor=ACTOR, stage="swiss")
    if top is not None:
        cut = {"from_stage": "swiss", "top": top}
        stages.add_stage(
            db, slug, {"id": "top", "format": "single_elimination", "cut": cut}, actor=ACTOR
        )
    return slug


def _live(db: Database, slug: str) -> tuple[str, int] | None:
    t = events.export_event(db, slug)
    for stage in t.stages:
        for rnd in stage.rounds:
            if rnd.status is RoundState.OPEN:
                return stage.id, rnd.number
    return None


def _report_round(db: Database, slug: str, *, actor: str = ACTOR) -> tuple[str, int]:
    live = _live(db, slug)
    assert live is not None
    stage, number = live
    rnd = events.export_event(db, slug).stage(stage).round(number)
    assert rnd is not None
    for m in rnd.matches:
        if m.result is None:
            results.report(
                db, slug, number, Result.win(Side.A), table=m.table, actor=actor, stage=stage
            )
    return live


def test_a_teamup_night_runs_to_its_champion_only_by_reporting_results(
    sqlite_db: Database,
) -> None:
    db = sqlite_db
    slug = _teamup(db)
    t = events.export_event(db, slug)
    assert [s.autopilot for s in t.stages] == [True, True]
    flow.next_round(db, slug, actor=ACTOR)  # round 1 starts by hand
    played = []
    while _live(db, slug) is not None:
        played.append(_report_round(db, slug))
    assert played == [("swiss", 1), ("swiss", 2), ("swiss", 3), ("top", 1), ("top", 2)]
    t = events.export_event(db, slug)
    assert all(r.status is RoundState.COMPLETED for s in t.stages for r in s.rounds)
    top = t.stage("top")
    assert top.participants is not None and len(top.participants) == 4
    final = top.rounds[-1].matches[0]
    assert final.result is not None
    entries = [e for e in audit.audit_log(db, slug).entries if e.actor == autopilot.AUTOPILOT]
    kinds = [e.action for e in entries]
    assert kinds.count("round.open") == 4
    drawn = [e for e in audit.audit_log(db, slug).entries if e.action == "cut.draw"]
    assert len(drawn) == 1 and drawn[0].after["automatic"] is True  # as --auto-cut draws it
    assert kinds.count("round.complete") == 5
    for e in entries:
        assert e.after is not None and "in round" in e.after["trigger"]


def test_an_event_without_the_autopilot_waits_for_staff(sqlite_db: Database) -> None:
    db = sqlite_db
    slug = events.create_event(db, "Plain", actor=ACTOR)
    players.add_players(db, slug, [NewPlayer(f"P{i}") for i in range(4)], actor=ACTOR)
    assert events.export_event(db, slug).stages[0].autopilot is False
    flow.next_round(db, slug, actor=ACTOR)
    _report_round(db, slug)
    t = events.export_event(db, slug)
    assert [r.status for r in t.stages[0].rounds] == [RoundState.OPEN]


def test_what_holds_the_autopilot_and_resuming_it(sqlite_db: Database) -> None:
    db = sqlite_db
    slug = _teamup(db, top=None)
    flow.next_round(db, slug, actor=ACTOR)
    held = autopilot.pause(db, slug, actor=ACTOR)
    assert held.pause is not None and held.pause.reason == "paused"
    refused(db, "refused", "already paused", call=lambda: autopilot.pause(db, slug, actor=ACTOR))
    _report_round(db, slug)
    assert _live(db, slug) == ("swiss", 1)  # held: round 1 stays Open with every result
    moved = autopilot.resume(db, slug, actor=ACTOR)
    assert moved is not None and moved.completed == 1 and moved.opened == (("swiss", 2),)
    # staff revert round 2 to Upcoming: held until resumed, and nothing moves meanwhile
    lifecycle.revert_round(db, slug, 2, actor=ACTOR)
    lifecycle.open_round(db, slug, 2, actor=ACTOR)
    _report_round(db, slug)
    assert _live(db, slug) == ("swiss", 2)
    said = [e for e in audit.audit_log(db, slug).entries if e.action == "autopilot.pause"][-1]
    assert said.after["reason"] == "reverted"
    moved = autopilot.resume(db, slug, actor=ACTOR)
    assert moved is not None and moved.opened == (("swiss", 3),)


def test_a_swap_in_the_live_round_holds_the_autopilot(sqlite_db: Database) -> None:
    db = sqlite_db
    slug = _teamup(db, top=None)
    flow.next_round(db, slug, actor=ACTOR)
    _report_round(db, slug)
    # round 2 is open: staff revert it... a swap needs an Upcoming round
    lifecycle.revert_round(db, slug, 2, actor=ACTOR)
    autopilot.resume(db, slug, actor=ACTOR)
    lifecycle.swap(db, slug, 2, "p1", "p2", actor=ACTOR)
    pilot = autopilot.stage_pilot(db, slug)
    assert pilot.pause is not None and pilot.pause.reason == "edited"


def test_catch_up_moves_a_round_left_open_with_every_result_in(sqlite_db: Database) -> None:
    db = sqlite_db
    slug = _teamup(db, top=None)
    stages.edit_stage(db, slug, {"autopilot": False}, actor=ACTOR, stage="swiss")
    flow.next_round(db, slug, actor=ACTOR)
    _report_round(db, slug)
    stages.edit_stage(db, slug, {"autopilot": True}, actor=ACTOR, stage="swiss")
    assert _live(db, slug) == ("swiss", 1)
    moved = autopilot.catch_up(db)
    assert [(s, m.completed, m.opened) for s, m in moved] == [(slug, 1, (("swiss", 2),))]
    assert autopilot.catch_up(db) == []  # once
    assert _live(db, slug) == ("swiss", 2)
    said = [e for e in audit.audit_log(db, slug).entries if e.actor == autopilot.AUTOPILOT]
    assert said[0].after["trigger"] == "when the server started with every result in"


def test_the_banner_says_what_holds_the_autopilot(sqlite_db: Database) -> None:
    db = sqlite_db
    slug = _teamup(db, top=None)
    status = autopilot_status(db, slug)
    assert status is not None and status.state == "waiting" and "round 1 by hand" in status.why
    assert status.plan == "plays 3 rounds (max rounds)"
    flow.next_round(db, slug, actor=ACTOR)
    status = autopilot_status(db, slug)
    assert status is not None and status.state == "running"
    assert status.why.startswith("Round 1: 4 of 4 tables to report")
    autopilot.pause(db, slug, actor=ACTOR)
    status = autopilot_status(db, slug)
    assert status is not None and (status.state, status.why) == ("paused", "Paused by hand.")
    assert status.resumable
    stages.edit_stage(db, slug, {"autopilot": False}, actor=ACTOR, stage="swiss")
    assert autopilot_status(db, slug) is None


def test_a_forced_rematch_does_not_stop_the_autopilot_it_is_labelled(sqlite_db: Database) -> None:
    db = sqlite_db
    slug = _teamup(db, 4, cap=4, top=None)  # 4 players meet everyone in 3 rounds
    flow.next_round(db, slug, actor=ACTOR)
    said = []
    while _live(db, slug) is not None:
        stage, number = _live(db, slug) or ("", 0)
        rnd = events.export_event(db, slug).stage(stage).round(number)
        assert rnd is not None
        for m in rnd.matches:
            if m.result is None:
                recorded = results.report(
                    db, slug, number, Result.win(Side.A), table=m.table, actor=ACTOR
                )
        assert recorded.autopilot is not None
        said.append(recorded.autopilot)
    assert [m.opened for m in said] == [(("swiss", 2),), (("swiss", 3),), (("swiss", 4),), ()]
    assert [bool(m.repeats) for m in said] == [False, False, True, False]
    assert "Repeat pairing: Table" in said[2].text and "met in round" in said[2].text
    assert said[3].text == "the autopilot completed round 4"
    view = repeats.round_view(db, slug, 4, stage="swiss")
    assert view.repeat_pairing and view.state == "completed"
