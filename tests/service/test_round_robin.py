"""A round-robin stage through the service, on both backends: rounds released one by one or
every remaining one together (one transaction, an audit entry per round), several rounds
live at once, results in any Open round, the schedule view, and the refusals."""

from __future__ import annotations

from fairpair.engine.results import Result, Side
from fairpair.engine.rulesets import get_ruleset
from fairpair.engine.stage import StageFormat, stage_from_settings
from fairpair.engine.stage_config import RoundRobinConfig
from fairpair.service.event import events
from fairpair.service.kernel import audit
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.results import standings as service_standings
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.round_robin import release_all, schedule_view
from fairpair.store.database import Database

from .helpers import Audited, refused

ACTOR = "td"


def _event(db: Database, size: int, cycles: int = 1) -> str:
    stage = stage_from_settings(
        id="rr",
        name="Round robin",
        format=StageFormat.ROUND_ROBIN,
        cycles=cycles,
        ruleset=get_ruleset("round_robin"),
        seed="s",
    )
    slug = events.create_event(db, "Club RR", actor=ACTOR, stage=stage)
    players.add_players(
        db, slug, [NewPlayer(f"P{i}", id=f"p{i}", seed=i) for i in range(1, size + 1)], actor=ACTOR
    )
    return slug


def test_the_stage_is_stored_as_a_round_robin(db: Database) -> None:
    slug = _event(db, 4, cycles=2)
    stage = events.export_event(db, slug).stage("rr")
    assert stage.config == RoundRobinConfig(cycles=2)


def test_one_by_one_then_the_rest_together(db: Database) -> None:
    slug = _event(db, 5)
    run = Audited(db, slug, ACTOR)
    run("round.generate", drafts.generate)
    run("round.release", rounds.release)
    run("round.open", rounds.open_round, 1)
    # round 1 is Open: a round robin still pairs and releases round 2
    run("round.generate", drafts.generate)
    run("round.release", rounds.release)
    before = len(audit.audit_log(db, slug).entries)
    numbers = release_all(db, slug, actor=ACTOR)
    assert numbers == [3, 4, 5]
    run.last = audit.audit_log(db, slug, limit=1).entries[-1].id
    entries = audit.audit_log(db, slug).entries
    assert len(entries) == before + 3
    assert [e.action for e in entries[-3:]] == ["round.release"] * 3
    assert [e.subject for e in entries[-3:]] == [
        f"stage rr round {n} (released with the rest of the schedule)" for n in (3, 4, 5)
    ]
    stage = events.export_event(db, slug).stage("rr")
    assert [r.status.value for r in stage.rounds] == [
        "open",
        "scheduled",
        "scheduled",
        "scheduled",
        "scheduled",
    ]
    # the stored rounds are the Berger table (5 players: 6 is the bye), who plays first included
    r4 = stage.round(4)
    assert r4 is not None
    # FIDE 5 or 6, round 4: 6-5, 1-4, 2-3 → p5 sits out
    assert [(m.a, m.b) for m in r4.matches] == [("p1", "p4"), ("p2", "p3")]
    assert [(b.player, b.kind.value) for b in r4.byes] == [("p5", "zero")]
    assert all(m.toss is not None and m.toss.first == m.a for m in r4.matches)
    # results in any Open round; round 4 can be opened before round 2
    run("round.open", rounds.open_round, 4)
    run("result.report", results.report, 4, Result.win(Side.B), table=1)
    run("result.report", results.report, 1, Result.win(Side.A), table=1)
    view = schedule_view(db, slug)
    assert [r.state for r in view.rounds] == ["open", "scheduled", "scheduled", "open", "scheduled"]
    assert view.rounds[3].games[0].result == "P4 wins"
    assert view.rounds[3].sits_out is not None and view.rounds[3].sits_out.id == "p5"
    assert [p.id for p in view.players] == ["p1", "p2", "p3", "p4", "p5"]


def test_refusals_change_nothing(db: Database) -> None:
    slug = _event(db, 4)
    drafts.generate(db, slug, actor=ACTOR)
    refused(
        db,
        "refused",
        "a draft of round 1 exists",
        call=lambda: release_all(db, slug, actor=ACTOR),
    )
    rounds.release(db, slug, actor=ACTOR)
    assert release_all(db, slug, actor=ACTOR) == [2, 3]
    refused(
        db,
        "refused",
        "nothing to release",
        "the round robin has 3 rounds; all are paired",
        call=lambda: release_all(db, slug, actor=ACTOR),
    )
    refused(
        db,
        "pairing_refused",
        "the round robin has 3 rounds; all are paired",
        call=lambda: drafts.generate(db, slug, actor=ACTOR),
    )
    refused(
        db,
        "lifecycle_refused",
        "round 3 of the round robin is released after it",
        call=lambda: rounds.delete_round(db, slug, 2, actor=ACTOR),
    )


def test_release_all_is_refused_outside_a_round_robin(db: Database) -> None:
    slug = events.create_event(db, "Swiss night", actor=ACTOR)
    players.add_players(db, slug, [NewPlayer(f"P{i}", id=f"p{i}") for i in range(4)], actor=ACTOR)
    refused(
        db,
        "refused",
        "only a round robin has its whole schedule fixed at the start",
        call=lambda: release_all(db, slug, actor=ACTOR),
    )


def test_a_full_single_round_robin_ranks_by_the_round_robin_tiebreaks(db: Database) -> None:
    slug = _event(db, 4)
    release_all(db, slug, actor=ACTOR)
    for n in (1, 2, 3):
        rounds.open_round(db, slug, n, actor=ACTOR)
    # Round 1: 1-4, 2-3 | Round 2: 4-3, 1-2 | Round 3: 2-4, 3-1
    reported = {
        (1, 1): Result.win(Side.A),
        (1, 2): Result.win(Side.B),
        (2, 1): Result.win(Side.A),
        (2, 2): Result.forfeit(Side.B),  # p1 forfeits to p2
        (3, 1): Result.win(Side.A),
        (3, 2): Result.win(Side.B),
    }
    for (n, table), result in reported.items():
        results.report(db, slug, n, result, actor=ACTOR, table=table)
    for n in (1, 2, 3):
        rounds.complete_round(db, slug, n, actor=ACTOR)
    _, shown = service_standings.standings(db, slug)
    assert [tb.name for tb in shown.tiebreaks] == [
        "head_to_head_forfeits",
        "wins",
        "sonneborn_berger",
        "koya",
        "random",
    ]
    # p1 and p2 both on 2 points: p2 beat p1 by forfeit, and a forfeit counts as played
    assert [r.player.id for r in shown.rows][:2] == ["p2", "p1"]
    assert shown.rows[0].tiebreaks[0] == 1
