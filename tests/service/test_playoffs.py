"""A playoff stage through the service (issue 9, points 2, 3, 4, 6): a single- and a double-
elimination stage run generate → release → open → report → complete until a champion; draws
refused on both report paths and in corrections, and nothing changed; who plays first set
by hand on a playoff match."""

from __future__ import annotations

import random

import pytest

from fairpair.engine.errors import FairpairError
from fairpair.engine.formats.bracket_stage import BracketDecided
from fairpair.engine.results import GameScore, Result, ResultKind, Side
from fairpair.engine.rounds import TossReason
from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.results import standings as service_standings
from fairpair.service.rounds import drafts, stages
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds import toss as tosses
from fairpair.store.database import Database

from .helpers import refused

ACTOR = "td"


def _event(db: Database, size: int, fmt: str, **settings: object) -> str:
    slug = events.create_event(db, "Playoff Night", actor=ACTOR)
    players.add_players(
        db, slug, [NewPlayer(f"P{i}", id=f"p{i}", seed=i) for i in range(1, size + 1)], actor=ACTOR
    )
    stages.add_stage(db, slug, {"id": "top", "format": fmt, **settings}, actor=ACTOR)
    return slug


def _start(db: Database, slug: str) -> int:
    drafts.generate(db, slug, actor=ACTOR, stage="top")
    number = rounds.release(db, slug, actor=ACTOR, stage="top")
    rounds.open_round(db, slug, number, actor=ACTOR, stage="top")
    return number


def _run(db: Database, slug: str, rng: random.Random) -> int:
    """Rounds until the bracket is decided; the number of rounds played."""
    played = 0
    while True:
        try:
            number = _start(db, slug)
        except FairpairError as error:
            assert isinstance(error, BracketDecided) and error.code == "pairing_refused", error
            assert "the bracket is decided" in error.reason and "is the champion" in error.reason
            return played
        played += 1
        rnd = events.export_event(db, slug).stage("top").round(number)
        assert rnd is not None
        for m in rnd.matches:
            games = GameScore(2, rng.choice((0, 1)))
            side = rng.choice((Side.A, Side.B))
            result = Result.win(side, games if side is Side.A else games.flipped())
            results.report(db, slug, number, result, table=m.table, actor=ACTOR, stage="top")
        rounds.complete_round(db, slug, number, actor=ACTOR, stage="top")
        assert played < 20


@pytest.mark.parametrize(("fmt", "size"), [("single_elimination", 8), ("double_elimination", 6)])
def test_a_playoff_runs_to_a_champion(db: Database, fmt: str, size: int) -> None:
    slug = _event(db, size, fmt)
    played = _run(db, slug, random.Random(size))
    assert played >= 3
    t, table = service_standings.standings(db, slug, stage="top")
    first = table.rows[0]
    assert first.place is not None and first.place.first == 1
    assert all(r.place is not None for r in table.rows)
    stage = t.stage("top")
    for rnd in stage.rounds:
        for m in rnd.matches:
            assert m.id.startswith("M")  # the bracket's match ids
            assert m.toss is not None and m.toss.reason is TossReason.HIGHER_SEED
    if fmt == "double_elimination":
        assert all(r.losses == 2 for r in table.rows[1:])


@pytest.mark.parametrize(
    "result",
    [Result.draw(GameScore(1, 1)), Result(ResultKind.DOUBLE_FORFEIT), Result(ResultKind.SKIPPED)],
)
def test_draws_are_refused_and_nothing_changes(db: Database, result: Result) -> None:
    slug = _event(db, 4, "single_elimination")
    number = _start(db, slug)
    for call in (
        lambda: results.report(db, slug, number, result, table=1, actor=ACTOR, stage="top"),
        lambda: results.report(db, slug, number, result, table=1, actor=ACTOR),  # fast path
        lambda: results.report(db, slug, number, result, player="p1", actor=ACTOR, stage="top"),
    ):
        error = refused(db, "invalid_result", "playoff match", "replay it", call=call)
        assert error.location.table == 1
    results.report(db, slug, number, Result.win(Side.A), table=1, actor=ACTOR, stage="top")
    refused(
        db,
        "invalid_result",
        "cannot end in",
        call=lambda: results.correct(db, slug, number, 1, result, actor=ACTOR, stage="top"),
    )


def test_who_plays_first_is_set_by_hand_on_a_playoff(db: Database) -> None:
    slug = _event(db, 4, "double_elimination")
    number = _start(db, slug)
    match = events.export_event(db, slug).stage("top").round(number).matches[0]  # type: ignore[union-attr]
    assert match.toss is not None and match.toss.first == match.a
    now = tosses.flip(db, slug, number, match.table, actor=ACTOR, stage="top")
    assert now == match.b
    after = events.export_event(db, slug).stage("top").round(number).matches[0]  # type: ignore[union-attr]
    assert after.toss is not None and after.toss.manual and after.toss.first == match.b
    back = tosses.flip(db, slug, number, match.table, actor=ACTOR, stage="top", first=match.a)
    assert back == match.a


def test_games_so_far_may_be_level_on_a_playoff(db: Database) -> None:
    slug = _event(db, 4, "single_elimination")
    number = _start(db, slug)
    results.record_games(db, slug, number, 1, GameScore(1, 1), actor=ACTOR, stage="top")
    results.report(db, slug, number, Result.win(Side.B), table=1, actor=ACTOR, stage="top")
