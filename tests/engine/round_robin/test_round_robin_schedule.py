"""A Berger table on a stage's players: engine Rounds, seed order or a drawn order."""

from __future__ import annotations

import pytest

from fairpair.engine.round_robin import (
    berger_table,
    double_round_robin,
    drawn_order,
    round_robin_rounds,
    rounds_for,
)
from fairpair.engine.rounds import Bye, ByeKind, Match

SIX = ("ann", "bob", "cid", "dee", "eve", "fay")


def test_seed_order_numbers_the_players() -> None:
    rounds = round_robin_rounds(SIX)
    assert [r.number for r in rounds] == [1, 2, 3, 4, 5]
    # FIDE 5 or 6 players, round 2: 6-4, 5-3, 1-2
    assert rounds[1].matches == (
        Match(1, "fay", "dee", id="2.1"),
        Match(2, "eve", "cid", id="2.2"),
        Match(3, "ann", "bob", id="2.3"),
    )
    assert all(r.byes == () for r in rounds)
    for round_, table in zip(rounds, berger_table(6), strict=True):
        assert [(m.a, m.b) for m in round_.matches] == [(SIX[w - 1], SIX[b - 1]) for w, b in table]


def test_odd_field_the_highest_numbers_opponent_has_the_bye() -> None:
    five = SIX[:5]
    rounds = round_robin_rounds(five)
    assert len(rounds) == 5
    # round 1: 1-6 is the bye for 1, then 2-5, 3-4 on tables 1 and 2
    assert rounds[0].byes == (Bye("ann", ByeKind.ZERO),)
    assert [(m.table, m.a, m.b) for m in rounds[0].matches] == [
        (1, "bob", "eve"),
        (2, "cid", "dee"),
    ]
    assert sorted(r.byes[0].player for r in rounds) == sorted(five)
    for r in rounds:
        assert sorted(r.participants()) == sorted(five)
        assert [m.table for m in r.matches] == [1, 2]


def test_double_and_first_round() -> None:
    rounds = round_robin_rounds(SIX, double=True, first_round=3)
    assert [r.number for r in rounds] == list(range(3, 13))
    assert rounds[0].matches[0].id == "3.1"
    assert [[(m.a, m.b) for m in r.matches] for r in rounds] == [
        [(SIX[w - 1], SIX[b - 1]) for w, b in t] for t in double_round_robin(6)
    ]


def test_drawn_order_is_deterministic_and_ignores_input_order() -> None:
    order = drawn_order(SIX, "event-42")
    assert sorted(order) == sorted(SIX)
    assert drawn_order(tuple(reversed(SIX)), "event-42") == order
    assert drawn_order(SIX, "event-42") == order
    assert len({drawn_order(SIX, f"seed-{i}") for i in range(20)}) > 1
    rounds = round_robin_rounds(SIX, draw_seed="event-42")
    assert rounds == round_robin_rounds(order)


def test_refuses_a_bad_field() -> None:
    with pytest.raises(ValueError):
        round_robin_rounds(("a", "b", "a"))
    with pytest.raises(ValueError):
        drawn_order(("a", "a"), "s")
    with pytest.raises(ValueError):
        round_robin_rounds(("a",))
    with pytest.raises(ValueError):
        rounds_for(berger_table(8), SIX)
