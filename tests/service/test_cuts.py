"""Drawing a top cut in a saved event (issue 9, point 1): automatically the moment the last
match of the Swiss is reported, or by the organizer; re-drawn after a correction while the
playoff has not started; refused while the Swiss is unfinished (unless on purpose) and once
the playoff's round 1 is released. Every draw is in the audit log."""

from __future__ import annotations

import random

import pytest

from fairpair.engine.errors import FairpairError
from fairpair.engine.players import Player
from fairpair.engine.results import Result, Side
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import StageFormat, SwissConfig
from fairpair.engine.standings import compute_standings
from fairpair.engine.topcut import CutRule, top_cut
from fairpair.service.event import events
from fairpair.service.kernel import audit
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import cut as cuts
from fairpair.service.rounds import drafts, stages
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database

ACTOR = "td"


def _event(db: Database, n: int = 16, cap: int = 3, cut: dict[str, object] | None = None) -> str:
    stage = Stage(config=SwissConfig(max_rounds=cap), ruleset=PRESETS["mtg"], seed="cut")
    slug = events.create_event(db, "Cut Open", actor=ACTOR, stage=stage)
    players.add_players(
        db,
        slug,
        [NewPlayer(f"Player {k:02}", id=f"p{k:02}", seed=k) for k in range(1, n + 1)],
        actor=ACTOR,
    )
    stages.add_stage(
        db,
        slug,
        {
            "id": "top8",
            "format": "single_elimination",
            "cut": cut or {"from_stage": "swiss", "top": 8},
        },
        actor=ACTOR,
    )
    return slug


def _play_round(db: Database, slug: str, rng: random.Random, *, leave: int = 0) -> list[int]:
    t = events.export_event(db, slug).stage("swiss")
    if t.rounds and t.rounds[-1].state is not None and t.rounds[-1].state.value == "open":
        rounds.complete_round(db, slug, t.rounds[-1].number, actor=ACTOR, stage="swiss")
    drafts.generate(db, slug, actor=ACTOR, stage="swiss")
    number = rounds.release(db, slug, actor=ACTOR, stage="swiss")
    rounds.open_round(db, slug, number, actor=ACTOR, stage="swiss")
    view = rounds.round_view(db, slug, number, stage="swiss")
    tables = [t.table for t in view.tables]
    for table in tables[: len(tables) - leave]:
        side = Side.A if rng.random() < 0.5 else Side.B
        results.report(db, slug, number, Result.win(side), actor=ACTOR, table=table, stage="swiss")
    return tables[len(tables) - leave :]


def _field(db: Database, slug: str) -> tuple[tuple[str, ...] | None, dict[str, int]]:
    t = events.export_event(db, slug)
    stage = t.stage("top8")
    return stage.participants, dict(stage.seeds)


def test_the_cut_is_drawn_the_moment_the_last_swiss_result_is_reported(db: Database) -> None:
    slug = _event(db)
    rng = random.Random(1)
    _play_round(db, slug, rng)
    _play_round(db, slug, rng)
    left = _play_round(db, slug, rng, leave=1)
    assert _field(db, slug)[0] is None  # one match still to play: no cut yet
    results.report(db, slug, 3, Result.win(Side.A), actor=ACTOR, table=left[0], stage="swiss")
    seated, seeds = _field(db, slug)
    t = events.export_event(db, slug)
    expected = top_cut(compute_standings(t, t.stage("swiss")), CutRule(fixed=8)).players
    assert seated == expected and len(expected) == 8
    assert seeds == {p: k + 1 for k, p in enumerate(expected)}
    entry = [e for e in audit.audit_log(db, slug).entries if e.action == "cut.draw"]
    assert len(entry) == 1 and entry[0].after["automatic"] is True
    assert entry[0].after["players"] == list(expected)

    # A correction of a Swiss result before the playoff starts draws the cut again.
    view = rounds.round_view(db, slug, 3, stage="swiss")
    first = view.tables[0]
    assert first.result is not None
    flipped = Side.B if first.result.startswith(first.a.name) else Side.A
    results.correct(db, slug, 3, first.table, Result.win(flipped), actor=ACTOR, stage="swiss")
    t = events.export_event(db, slug)
    again = top_cut(compute_standings(t, t.stage("swiss")), CutRule(fixed=8)).players
    assert _field(db, slug)[0] == again


def test_a_percentage_cut_rounds_to_the_sizes(db: Database) -> None:
    slug = _event(db, n=37, cap=2, cut={"from_stage": "swiss", "percent": 20})
    rng = random.Random(2)
    _play_round(db, slug, rng)
    _play_round(db, slug, rng)
    seated, _ = _field(db, slug)
    assert seated is not None and len(seated) == 8  # 20% of 37 = 7.4 → 8


def test_the_organizer_draws_a_manual_cut_only_when_the_swiss_is_finished(db: Database) -> None:
    slug = _event(db, cap=2, cut={"from_stage": "swiss", "top": 4, "automatic": False})
    rng = random.Random(3)
    _play_round(db, slug, rng)
    with pytest.raises(FairpairError, match="is not finished"):
        cuts.draw(db, slug, actor=ACTOR, stage="top8")
    assert _field(db, slug)[0] is None
    early = cuts.draw(db, slug, actor=ACTOR, stage="top8", early=True)
    assert len(early.players) == 4
    _play_round(db, slug, rng)
    assert _field(db, slug)[0] == early.players  # manual: not redrawn by the last result
    drawn = cuts.draw(db, slug, actor=ACTOR, stage="top8")
    assert _field(db, slug)[0] == drawn.players


def test_a_dropped_player_takes_no_seat(db: Database) -> None:
    slug = _event(db, cap=1)
    rng = random.Random(4)
    _play_round(db, slug, rng)
    seated, _ = _field(db, slug)
    assert seated is not None
    t = events.export_event(db, slug)
    best = compute_standings(t, t.stage("swiss")).rows[0].player.id
    # Dropping the leader after the Swiss, then drawing again: the ninth takes the seat.
    players.drop_player(db, slug, best, actor=ACTOR)
    drawn = cuts.draw(db, slug, actor=ACTOR, stage="top8")
    assert best not in drawn.players and len(drawn.players) == 8
    assert best in drawn.cut.skipped


def test_a_cut_from_an_unknown_or_later_stage_is_refused(db: Database) -> None:
    slug = _event(db)
    with pytest.raises(FairpairError, match="stage"):
        stages.add_stage(
            db,
            slug,
            {"id": "x", "format": "pods", "cut": {"from_stage": "nope", "top": 4}},
            actor=ACTOR,
        )
    assert [s.id for s in events.export_event(db, slug).stages] == ["swiss", "top8"]


def test_players_of_an_undrawn_cut_stage_is_nobody() -> None:
    from fairpair.engine.stage import StageCut, stage_from_settings
    from fairpair.engine.tournament import Tournament

    t = Tournament(
        "x",
        (Player("a", "A"), Player("b", "B")),
        (
            Stage(),
            stage_from_settings(
                id="po",
                format=StageFormat.SINGLE_ELIMINATION,
                cut=StageCut(from_stage="swiss", top=2),
            ),
        ),
    )
    assert t.players_of(t.stage("po")) == ()
    assert len(t.players_of(t.stage("swiss"))) == 2


def _finished_swiss(db: Database, cut: dict[str, object]) -> tuple[str, tuple[str, ...]]:
    slug = _event(db, n=12, cap=2, cut=cut)
    rng = random.Random(5)
    _play_round(db, slug, rng)
    _play_round(db, slug, rng)
    seated, _ = _field(db, slug)
    assert seated is not None
    return slug, seated


def test_a_seated_player_who_drops_before_round_1_is_replaced_by_the_next(db: Database) -> None:
    slug, seated = _finished_swiss(db, {"from_stage": "swiss", "top": 8})
    t = events.export_event(db, slug)
    rows = compute_standings(t, t.stage("swiss")).rows
    ninth = rows[8].player.id
    gone = seated[2]
    players.drop_player(db, slug, gone, actor=ACTOR)
    saved = drafts.generate(db, slug, actor=ACTOR)  # the default: the cut stage's round 1
    assert saved.stage == "top8"
    now, seeds = _field(db, slug)
    assert now is not None and gone not in now and ninth in now and len(now) == 8
    assert seeds[ninth] == 8  # the seeds follow the standings again
    paired = {p["id"] for t in saved.pairings for p in (t["a"], t["b"])}
    assert paired == set(now)
    replaced = [n for n in saved.notes if n["kind"] == "seat_replaced"]
    assert replaced and replaced[0]["withdrawn"] == gone and replaced[0]["replacement"] == ninth
    entry = [e for e in audit.audit_log(db, slug).entries if e.action == "cut.replace"]
    assert entry and entry[0].after["replaced"] == [[gone, ninth]]


def test_with_riftbound_rules_nobody_takes_a_droppers_seat(db: Database) -> None:
    slug, seated = _finished_swiss(db, {"from_stage": "swiss", "top": 8, "replace_dropped": False})
    gone = seated[0]
    players.drop_player(db, slug, gone, actor=ACTOR)
    saved = drafts.generate(db, slug, actor=ACTOR)
    assert _field(db, slug)[0] == seated  # the field is as the cut made it
    paired = {p["id"] for t in saved.pairings for p in (t["a"], t["b"])}
    assert gone not in paired and seated[7] not in paired  # seed 8 advances without playing
    assert len(saved.pairings) == 3
    walkovers = [n for n in saved.notes if n["kind"] == "walkover"]
    assert walkovers and walkovers[0]["winner"] == seated[7] and walkovers[0]["unreplaced"]
