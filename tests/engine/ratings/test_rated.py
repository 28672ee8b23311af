"""What is rated (seeds 001 and 004) and one event's update: a bye and a forfeit leave
ratings unchanged, a played win moves both players."""

from __future__ import annotations

import pytest

from fairpair.engine.players import Player
from fairpair.engine.ratings.period import rate_event, unrated
from fairpair.engine.ratings.rated import RATED, RatedGame, RatedPod, rated_event
from fairpair.engine.ratings.values import Rating, System
from fairpair.engine.results import Result, ResultKind, Side
from fairpair.engine.rounds import Bye, ByeKind, Match, PodTable, Round, RoundState
from fairpair.engine.stage import Stage
from fairpair.engine.tournament import Tournament
from fairpair.engine.unplayed import RoundOutcome

PLAYERS = tuple(Player(k, k.upper()) for k in ("ann", "bob", "cid", "dee", "eve"))


def _event(*rounds: Round) -> Tournament:
    return Tournament("Friday", PLAYERS, (Stage(rounds=rounds),))


def test_every_outcome_is_decided() -> None:
    assert set(RATED) == set(RoundOutcome)
    rated = {o for o, yes in RATED.items() if yes}
    assert rated == {RoundOutcome.PLAYED, RoundOutcome.INTENTIONAL_DRAW, RoundOutcome.POD}


def test_only_played_matches_of_completed_rounds_are_rated() -> None:
    done = RoundState.COMPLETED
    one = Round(
        1,
        (
            Match(1, "ann", "bob", Result.win(Side.A)),
            Match(2, "cid", "dee", Result.forfeit(Side.B)),
        ),
        (Bye("eve", ByeKind.PAIRING),),
        state=done,
    )
    two = Round(
        2,
        (
            Match(1, "ann", "cid", Result.draw(intentional=True)),
            Match(2, "bob", "eve", Result(ResultKind.DOUBLE_FORFEIT)),
        ),
        (Bye("dee", ByeKind.HALF),),
        state=done,
    )
    three = Round(
        3,
        (
            Match(1, "ann", "dee", Result(ResultKind.SKIPPED)),
            Match(2, "bob", "cid", Result.win(Side.B)),
        ),
        state=done,
    )
    live = Round(4, (Match(1, "ann", "eve", Result.win(Side.A)),), state=RoundState.OPEN)
    event = rated_event(_event(one, two, three, live))
    assert event.games == (
        RatedGame(1, "ann", "bob", 1.0),
        RatedGame(2, "ann", "cid", 0.5),
        RatedGame(3, "bob", "cid", 0.0),
    )
    assert event.rounds == 3
    assert event.players == frozenset({"ann", "bob", "cid"})


@pytest.mark.parametrize("system", list(System))
def test_a_bye_and_a_forfeit_leave_ratings_unchanged_a_played_win_moves_both(
    system: System,
) -> None:
    """Round 1: Ann beats Bob over the board; Cid wins by forfeit against Dee; Eve has the
    bye. Only Ann and Bob have a rating change, Ann up and Bob down by the same (equal
    ratings, one game)."""
    one = Round(
        1,
        (
            Match(1, "ann", "bob", Result.win(Side.A)),
            Match(2, "cid", "dee", Result.forfeit(Side.A)),
        ),
        (Bye("eve"),),
        state=RoundState.COMPLETED,
    )
    before = {p.id: unrated(system) for p in PLAYERS}
    updates = rate_event(system, rated_event(_event(one)), before)
    assert set(updates) == {"ann", "bob"}
    ann, bob = updates["ann"], updates["bob"]
    assert ann.after.value > ann.before.value
    assert bob.after.value < bob.before.value
    assert ann.change == pytest.approx(-bob.change)
    assert (ann.games, ann.score, bob.score) == (1, 1.0, 0.0)


def test_a_glicko_event_is_one_period_against_ratings_before_it() -> None:
    """Three games in one event are rated together against the opponents' ratings before
    it — Glickman's example, as an event."""
    players = (Player("me", "Me"), *(Player(k, k) for k in ("x", "y", "z")))
    games = (
        Match(1, "me", "x", Result.win(Side.A)),
        Match(1, "me", "y", Result.win(Side.B)),
        Match(1, "z", "me", Result.win(Side.A)),
    )
    rounds = tuple(Round(n, (m,), state=RoundState.COMPLETED) for n, m in enumerate(games, start=1))
    event = rated_event(Tournament("t", players, (Stage(rounds=rounds),)))
    before = {
        "me": Rating(1500, 200, 0.06),
        "x": Rating(1400, 30, 0.06),
        "y": Rating(1550, 100, 0.06),
        "z": Rating(1700, 300, 0.06),
    }
    me = rate_event(System.GLICKO2, event, before)["me"]
    assert me.after.value == pytest.approx(1464.06, abs=0.01)
    assert me.after.deviation == pytest.approx(151.52, abs=0.005)
    assert (me.games, me.score) == (3, 1.0)


def test_missed_periods_grow_the_deviation_first() -> None:
    one = Round(1, (Match(1, "ann", "bob", Result.win(Side.A)),), state=RoundState.COMPLETED)
    event = rated_event(_event(one))
    before = {"ann": Rating(1500, 60, 0.06), "bob": Rating(1500, 60, 0.06)}
    fresh = rate_event(System.GLICKO2, event, before)["ann"]
    away = rate_event(System.GLICKO2, event, before, idle={"ann": 10})["ann"]
    assert away.before.deviation is not None and away.before.deviation > 60
    assert away.change > fresh.change


def test_fide_elo_event_with_a_junior() -> None:
    one = Round(1, (Match(1, "ann", "bob", Result.win(Side.A)),), state=RoundState.COMPLETED)
    before = {
        "ann": Rating(2000, games=100, peak=2000),
        "bob": Rating(2000, games=100, peak=2000),
    }
    updates = rate_event(System.ELO, rated_event(_event(one)), before, juniors={"ann"})
    assert (updates["ann"].k, updates["ann"].after.value) == (40, 2020)
    assert (updates["bob"].k, updates["bob"].after.value) == (20, 1990)
    assert updates["ann"].expected == 0.5
    assert unrated(System.ELO, 1850).value == 1850


def test_pods_by_place_with_openskill() -> None:
    pod = PodTable(1, ("ann", "bob", "cid", "dee"), (2, 1, 4, 3))
    unreported = PodTable(2, ("eve", "ann", "bob"), None)
    rnd = Round(1, pods=(pod,), state=RoundState.COMPLETED)
    rnd2 = Round(2, pods=(unreported,), state=RoundState.COMPLETED)
    event = rated_event(_event(rnd, rnd2))
    assert event.pods == (RatedPod(1, ("ann", "bob", "cid", "dee"), (2, 1, 4, 3)),)
    updates = rate_event(System.OPENSKILL, event, {})
    order = sorted(updates, key=lambda p: -updates[p].after.value)
    assert order == ["bob", "ann", "dee", "cid"]
    assert updates["bob"].score == 1.0 and updates["ann"].score == 0.0
    # Glicko-2 and Elo do not rate pods.
    assert rate_event(System.GLICKO2, event, {}) == {}
