"""``service.rounds.cut_view``: the cut of a cut stage as the console shows it — not drawn, drawn,
changed since it was drawn; refused for a stage that is no cut and an event without one."""

from __future__ import annotations

import random

import pytest

from fairpair.engine.errors import FairpairError
from fairpair.engine.results import Result, Side
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import SwissConfig
from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import cut as cuts
from fairpair.service.rounds import drafts, stages
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.cut_view import cut_view
from fairpair.store.database import Database

ACTOR = "td"


def _round(db: Database, slug: str, rng: random.Random, leave: int = 0) -> int:
    drafts.generate(db, slug, actor=ACTOR, stage="swiss")
    number = rounds.release(db, slug, actor=ACTOR, stage="swiss")
    rounds.open_round(db, slug, number, actor=ACTOR, stage="swiss")
    view = rounds.round_view(db, slug, number, stage="swiss")
    for t in view.tables[: len(view.tables) - leave]:
        side = Side.A if rng.random() < 0.5 else Side.B
        results.report(
            db, slug, number, Result.win(side), actor=ACTOR, table=t.table, stage="swiss"
        )
    return number


def test_the_cut_view_follows_the_cut(db: Database) -> None:
    stage = Stage(config=SwissConfig(max_rounds=2), ruleset=PRESETS["mtg"], seed="cv")
    slug = events.create_event(db, "Cut View", actor=ACTOR, stage=stage)
    players.add_players(
        db, slug, [NewPlayer(f"P{k}", id=f"p{k}", seed=k) for k in range(1, 9)], actor=ACTOR
    )
    with pytest.raises(FairpairError, match="no top cut"):
        cut_view(db, slug)
    with pytest.raises(FairpairError, match="not a top cut"):
        cut_view(db, slug, "swiss")
    stages.add_stage(
        db,
        slug,
        {"id": "top", "format": "single_elimination", "cut": {"from_stage": "swiss", "top": 4}},
        actor=ACTOR,
    )
    rng = random.Random(3)
    number = _round(db, slug, rng)
    rounds.complete_round(db, slug, number, actor=ACTOR, stage="swiss")
    _round(db, slug, rng, leave=1)
    early = cut_view(db, slug)
    assert early.state == "not drawn" and not early.finished and early.outstanding == 1
    assert len(early.cut.seats) == 4 and early.cut.explanation[0] == "Top 4:"
    drawn = cuts.draw(db, slug, actor=ACTOR, stage="top", early=True)
    now = cut_view(db, slug, "top")
    assert now.state == "drawn" and [s.id for s in now.cut.seats] == list(drawn.players)
    assert now.from_stage == "swiss" and not now.started


def test_drawing_the_cut_again_is_said_first_and_changes_nothing_until_done(
    db: Database,
) -> None:
    stage = Stage(config=SwissConfig(max_rounds=2), ruleset=PRESETS["mtg"], seed="again")
    slug = events.create_event(db, "Cut Again", actor=ACTOR, stage=stage)
    players.add_players(
        db, slug, [NewPlayer(f"P{k}", id=f"p{k}", seed=k) for k in range(1, 9)], actor=ACTOR
    )
    stages.add_stage(
        db,
        slug,
        {"id": "top", "format": "single_elimination", "cut": {"from_stage": "swiss", "top": 4}},
        actor=ACTOR,
    )
    rng = random.Random(5)
    rounds.complete_round(db, slug, _round(db, slug, rng), actor=ACTOR, stage="swiss")
    _round(db, slug, rng)  # the last result draws the cut
    assert cuts.redraw_plan(db, slug, stage="top") is not None
    same = cuts.redraw_plan(db, slug, stage="top")
    assert same is not None and not same.changes and same.seats == 4

    first = cut_view(db, slug, "top")
    seated = [s.id for s in first.cut.seats]
    second = seated[1]  # seed 2 leaves: the 5th comes in, seeds 3 and 4 move up
    players.drop_player(db, slug, second, actor=ACTOR)
    assert cut_view(db, slug, "top").state == "changed"
    plan = cuts.redraw_plan(db, slug, stage="top")
    assert plan is not None and plan.changes and plan.seats == 4
    assert plan.moves is not None
    assert [m.player for m in plan.moves.moved_out] == [second]
    (came,) = plan.moves.moved_in
    assert came.place == 4  # 5th before the drop, 4th among the players still in
    assert [(r.player.player, r.before, r.after) for r in plan.reseeded] == [
        (seated[2], 3, 2),
        (seated[3], 4, 3),
    ]
    assert cut_view(db, slug, "top").state == "changed"  # saying it changed nothing

    drawn = cuts.draw(db, slug, actor=ACTOR, stage="top")
    assert drawn.moves == plan.moves  # what was said is what was done
    assert cut_view(db, slug, "top").state == "drawn"
