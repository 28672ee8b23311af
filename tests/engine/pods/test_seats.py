"""The seat order rotates who sits first: first-seat counts measured over random 10-round
events (docs/pods.md "Seat order")."""

from __future__ import annotations

import random

import pytest

from fairpair.engine.pods import (
    RemainderMode,
    first_seat_spread,
    pair_pods,
    plan_pods,
    pod_tables,
    seat_history,
    seat_order,
)
from fairpair.engine.rounds import Round


def event_spread(n: int, mode: RemainderMode, seed: int, rounds: int = 10) -> int:
    rng = random.Random(seed)
    ids = [f"p{i:02}" for i in range(n)]
    points = dict.fromkeys(ids, 0)
    met: dict[str, set[str]] = {p: set() for p in ids}
    had_bye: set[str] = set()
    played: list[Round] = []
    plan = plan_pods(n, 4, mode)
    for number in range(1, rounds + 1):
        ranked = sorted(ids, key=lambda p: (-points[p], p))
        history = seat_history(played)
        firsts = {p: sum(1 for s in history.get(p, ()) if s == 1) for p in ids}
        pairing = pair_pods(ranked, met, plan, had_bye=had_bye, first_seats=firsts)
        pods = pod_tables(pairing.tables, history)
        assert all(p.places is None for p in pods)
        played.append(Round(number, pods=pods))
        had_bye.update(pairing.byes)
        for table in pairing.tables:
            for p in table:
                met[p].update(q for q in table if q != p)
            points[rng.choice(table)] += 5
    return first_seat_spread(seat_history(played))


def test_seat_one_goes_to_who_had_it_least() -> None:
    history = {"a": (1, 1), "b": (1, 2), "c": (3, 4), "d": (2, 3)}
    assert seat_order(("a", "b", "c", "d"), history) == ("c", "d", "b", "a")
    assert seat_order(("a", "b", "c"), {}) == ("a", "b", "c")


#: CI: the smallest and the largest field, and 12, the one without a remainder; 13 and 17 run
#: nightly (``pytest --nightly``, tests/conftest.py).
SEAT_SIZES = [7, 12, *(pytest.param(n, marks=pytest.mark.nightly) for n in (13, 17)), 21]


@pytest.mark.parametrize("mode", list(RemainderMode))
@pytest.mark.parametrize("n", SEAT_SIZES)
def test_first_seat_counts_stay_within_one(n: int, mode: RemainderMode) -> None:
    """Within one over 10 rounds among players with equally many rounds, in every mode:
    the pairing keeps a player with the fewest first seats at every table (rule 3b of
    ``engine.pods.pairing``; docs/pods.md "Seat rotation")."""
    spreads = [event_spread(n, mode, seed) for seed in range(2)]
    assert max(spreads) <= 1, spreads
