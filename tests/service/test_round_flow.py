"""What can happen next, and "Next round" (issue 28, points 2 and 3), through the service: the
offers across a Swiss with a top cut from round 1 to the champion (never a round past the
cap, never a round after the champion), a cut added after the Swiss ended is offered for the
draw and then started, "Next round" as one transaction (refused and nothing changed while a
result is missing; each move audited), stopping at the review when the draft has a warning;
"Release and open" in one step."""

from __future__ import annotations

from fairpair.engine.results import Result, Side
from fairpair.service.event import events
from fairpair.service.kernel import audit
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import cut as cuts
from fairpair.service.rounds import drafts, flow, lifecycle, stages
from fairpair.service.rounds.next_steps import NextSteps, Step, next_steps
from fairpair.store.database import Database

from .helpers import refused

ACTOR = "td"


def _event(db: Database, size: int, *, cap: int | None, cut: int | None = None) -> str:
    slug = events.create_event(db, f"Flow {size} {cap} {cut}", actor=ACTOR)
    players.add_players(
        db, slug, [NewPlayer(f"P{i}", id=f"p{i}", seed=i) for i in range(1, size + 1)], actor=ACTOR
    )
    if cap is not None:
        stages.edit_stage(db, slug, {"max_rounds": cap}, actor=ACTOR, stage="swiss")
    if cut is not None:
        _add_cut(db, slug, cut)
    return slug


def _add_cut(db: Database, slug: str, top: int, *, automatic: bool = True) -> None:
    settings = {"from_stage": "swiss", "top": top, "automatic": automatic}
    stages.add_stage(
        db, slug, {"id": "top", "format": "single_elimination", "cut": settings}, actor=ACTOR
    )


def _report_all(db: Database, slug: str, stage: str, number: int) -> None:
    rnd = events.export_event(db, slug).stage(stage).round(number)
    assert rnd is not None
    for m in rnd.matches:
        if m.result is None:
            results.report(
                db, slug, number, Result.win(Side.A), table=m.table, actor=ACTOR, stage=stage
            )


def _steps(db: Database, slug: str, stage: str | None = None) -> NextSteps:
    return next_steps(db, slug, stage)


def _labels(steps: NextSteps) -> list[str]:
    return [o.label for o in steps.offers]


def test_the_offers_follow_a_swiss_with_a_top_cut_to_its_champion(sqlite_db: Database) -> None:
    db = sqlite_db
    slug = _event(db, 8, cap=3, cut=4)
    first = _steps(db, slug)
    assert first.primary is not None and first.primary.step is Step.NEXT_ROUND
    assert first.primary.label == "Start round 1" and first.offered(Step.GENERATE) is not None

    started = flow.next_round(db, slug, actor=ACTOR)
    assert (started.round, started.name, started.opened, started.completed) == (
        1,
        "Round 1",
        True,
        None,
    )
    steps = _steps(db, slug)
    assert steps.primary is not None and steps.primary.step is Step.RESULTS
    assert steps.primary.label == "Enter results (4 to go)"
    assert "0 of" not in steps.status and "4 of 4 tables" in steps.status

    for number in (1, 2):
        _report_all(db, slug, "swiss", number)
        steps = _steps(db, slug)
        assert steps.primary is not None and steps.primary.step is Step.NEXT_ROUND
        assert steps.primary.label == (
            f"Next round: complete round {number}, start round {number + 1}"
        )
        assert steps.offered(Step.COMPLETE) is not None
        done = flow.next_round(db, slug, actor=ACTOR)
        assert (done.completed, done.round, done.opened) == (number, number + 1, True)

    # round 3 of 3: no round 4 is offered; completing it starts the semifinals
    _report_all(db, slug, "swiss", 3)
    swiss = _steps(db, slug, "swiss")
    assert all("round 4" not in label for label in _labels(swiss)), _labels(swiss)
    assert swiss.offered(Step.GENERATE) is None
    assert swiss.primary is not None and swiss.primary.label == (
        "Complete round 3 and start the Semifinals"
    )
    assert swiss.primary.stage == "top"
    semis = flow.next_round(db, slug, actor=ACTOR, stage=swiss.primary.stage)
    assert (semis.stage, semis.name, semis.completed, semis.completed_stage) == (
        "top",
        "Semifinals",
        3,
        "swiss",
    )
    after = _steps(db, slug, "swiss")
    assert after.finished and after.offers == ()  # the Swiss is over; its cut has started

    _report_all(db, slug, "top", 1)
    top = _steps(db, slug, "top")
    assert top.primary is not None
    assert top.primary.label == "Next round: complete the Semifinals, start the Final"
    final = flow.next_round(db, slug, actor=ACTOR, stage="top")
    assert final.name == "Final"
    _report_all(db, slug, "top", 2)
    last = _steps(db, slug, "top")
    assert [o.step for o in last.offers] == [Step.COMPLETE]  # no round after the final
    assert last.primary is not None and last.primary.label == "Complete the Final"
    flow_refusal = refused(
        db, "refused", "no next round", call=lambda: flow.next_round(db, slug, actor=ACTOR)
    )
    assert "Final" in flow_refusal.reason
    lifecycle.complete_round(db, slug, 2, actor=ACTOR, stage="top")
    decided = _steps(db, slug, "top")
    assert decided.finished and decided.offers == () and decided.champion == "P1"
    assert "P1 is the champion" in decided.status


def test_the_last_round_of_a_swiss_without_a_cut_offers_no_next_round(sqlite_db: Database) -> None:
    db = sqlite_db
    slug = _event(db, 4, cap=2)
    flow.next_round(db, slug, actor=ACTOR)
    _report_all(db, slug, "swiss", 1)
    flow.next_round(db, slug, actor=ACTOR)
    _report_all(db, slug, "swiss", 2)
    steps = _steps(db, slug)
    assert [o.step for o in steps.offers] == [Step.COMPLETE]
    assert steps.primary is not None and steps.primary.label == "Complete round 2"
    refused(db, "refused", "has no next round", call=lambda: flow.next_round(db, slug, actor=ACTOR))
    lifecycle.complete_round(db, slug, 2, actor=ACTOR)
    over = _steps(db, slug)
    assert over.finished and [o.step for o in over.offers] == [Step.ADD_CUT]
    assert "round 2 of 2 is complete" in over.status


def test_a_cut_added_after_the_swiss_ended_is_drawn_then_started(sqlite_db: Database) -> None:
    db = sqlite_db
    slug = _event(db, 8, cap=1)
    flow.next_round(db, slug, actor=ACTOR)
    _report_all(db, slug, "swiss", 1)
    lifecycle.complete_round(db, slug, 1, actor=ACTOR)
    _add_cut(db, slug, 4, automatic=False)
    steps = _steps(db, slug)
    assert steps.stage == "swiss" or steps.stage == "top"
    on_cut = _steps(db, slug, "top")
    assert on_cut.primary is not None
    assert (on_cut.primary.step, on_cut.primary.label) == (Step.DRAW_CUT, "Draw the top 4")
    on_swiss = _steps(db, slug, "swiss")
    assert on_swiss.primary is not None and on_swiss.primary.label == "Draw the top 4"
    cuts.draw(db, slug, actor=ACTOR, stage="top")
    drawn = _steps(db, slug, "top")
    assert drawn.primary is not None
    assert (drawn.primary.step, drawn.primary.label) == (Step.NEXT_ROUND, "Start the Semifinals")
    semis = flow.next_round(db, slug, actor=ACTOR, stage="top")
    assert (semis.name, semis.opened, semis.completed) == ("Semifinals", True, None)


def test_a_swiss_without_a_cap_ends_when_its_cut_is_drawn(sqlite_db: Database) -> None:
    db = sqlite_db
    slug = _event(db, 8, cap=None, cut=4)
    flow.next_round(db, slug, actor=ACTOR)
    _report_all(db, slug, "swiss", 1)
    flow.next_round(db, slug, actor=ACTOR)  # completes round 1, starts round 2
    _report_all(db, slug, "swiss", 2)
    swiss = _steps(db, slug, "swiss")
    assert swiss.primary is not None and swiss.primary.step is Step.NEXT_ROUND
    lifecycle.complete_round(db, slug, 2, actor=ACTOR)
    swiss = _steps(db, slug, "swiss")
    early = swiss.offered(Step.DRAW_CUT)
    assert early is not None and early.early and early.label == "End Swiss here: draw the top 4"
    cuts.draw(db, slug, actor=ACTOR, stage="top", early=True)
    top = _steps(db, slug, "top")
    assert top.primary is not None and top.primary.label == "Start the Semifinals"


def test_next_round_is_one_transaction_refused_while_a_result_is_missing(
    sqlite_db: Database,
) -> None:
    db = sqlite_db
    slug = _event(db, 8, cap=5)
    before = len(audit.audit_log(db, slug).entries)
    flow.next_round(db, slug, actor=ACTOR)
    made = [e.action for e in audit.audit_log(db, slug).entries[before:]]
    assert made == ["round.generate", "round.release", "round.open"]
    rnd = events.export_event(db, slug).stage("swiss").round(1)
    assert rnd is not None
    for m in rnd.matches[1:]:
        results.report(db, slug, 1, Result.win(Side.A), table=m.table, actor=ACTOR)
    refused(
        db,
        "lifecycle_refused",
        "cannot complete round 1",
        "1 match has no result yet",
        call=lambda: flow.next_round(db, slug, actor=ACTOR),
    )
    _report_all(db, slug, "swiss", 1)
    before = len(audit.audit_log(db, slug).entries)
    flow.next_round(db, slug, actor=ACTOR)
    made = [e.action for e in audit.audit_log(db, slug).entries[before:]]
    assert made == ["round.complete", "round.generate", "round.release", "round.open"]
    # a second click at once finds round 2 In Progress: refused, nothing changed
    refused(
        db,
        "lifecycle_refused",
        "cannot complete round 2",
        call=lambda: flow.next_round(db, slug, actor=ACTOR),
    )


def test_next_round_stops_at_the_review_when_the_draft_has_a_warning(sqlite_db: Database) -> None:
    db = sqlite_db
    slug = _event(db, 2, cap=3)
    flow.next_round(db, slug, actor=ACTOR)
    _report_all(db, slug, "swiss", 1)
    stopped = flow.next_round(db, slug, actor=ACTOR)
    assert not stopped.opened and stopped.completed == 1 and stopped.round == 2
    assert any("rematch" in w for w in stopped.warnings), stopped.warnings
    assert drafts.show_draft(db, slug).round == 2  # kept, private, for the organizer
    steps = _steps(db, slug)
    assert steps.primary is not None and steps.primary.step is Step.REVIEW
    assert steps.primary.label == "Review round 2"
    refused(db, "refused", "waits for review", call=lambda: flow.next_round(db, slug, actor=ACTOR))
    before = len(audit.audit_log(db, slug).entries)
    assert flow.release_and_open(db, slug, actor=ACTOR) == 2
    made = [e.action for e in audit.audit_log(db, slug).entries[before:]]
    assert made == ["round.release", "round.open"]
    assert events.show_event(db, slug).stages[0].rounds[-1].state == "open"
