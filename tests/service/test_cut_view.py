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
