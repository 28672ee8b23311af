"""Swiss pods by score: no repeat pod-mates when avoidable, checked independently over random
events (docs/pods.md "Pairing")."""

from __future__ import annotations

import random

import pytest

from fairpair.engine.pods import RemainderMode, pair_pods, plan_pods

from .checker import brute_force, random_repeat_free


def simulate(n: int, mode: RemainderMode, size: int, rounds: int, seed: int):  # type: ignore[no-untyped-def]
    """Yield (ranked, met, had_bye, plan, pairing) for each round of a random pod event
    (the winner of each table, drawn at random, scores 5)."""
    rng = random.Random(seed)
    ids = [f"p{i:02}" for i in range(n)]
    points = dict.fromkeys(ids, 0)
    met: dict[str, set[str]] = {p: set() for p in ids}
    had_bye: set[str] = set()
    plan = plan_pods(n, size, mode)
    for _ in range(rounds):
        ranked = sorted(ids, key=lambda p: (-points[p], p))
        snapshot = {p: set(s) for p, s in met.items()}
        pairing = pair_pods(ranked, met, plan, had_bye=had_bye)
        yield ranked, snapshot, frozenset(had_bye), plan, pairing
        had_bye.update(pairing.byes)
        for table in pairing.tables:
            for p in table:
                met[p].update(q for q in table if q != p)
            points[rng.choice(table)] += 5


def test_first_round_is_score_order() -> None:
    ids = [f"p{i:02}" for i in range(13)]
    pairing = pair_pods(ids, {}, plan_pods(13))
    assert pairing.tables == (tuple(ids[:4]), tuple(ids[4:7]), tuple(ids[7:10]), tuple(ids[10:]))
    assert (pairing.repeats, pairing.displacement, pairing.proven) == (0, 0, True)


def test_a_repeat_moves_the_nearest_player() -> None:
    ids = [f"p{i}" for i in range(8)]
    met = {"p0": {"p3"}, "p3": {"p0"}}
    pairing = pair_pods(ids, met, plan_pods(8))
    assert pairing.repeats == 0 and pairing.displacement == 2
    assert pairing.tables == (("p0", "p1", "p2", "p4"), ("p3", "p5", "p6", "p7"))


def test_byes_go_to_the_lowest_without_one() -> None:
    ids = [f"p{i:02}" for i in range(14)]
    pairing = pair_pods(ids, {}, plan_pods(14, 4, "byes"), had_bye={"p13"})
    assert pairing.byes == ("p12", "p11")
    assert "p13" in pairing.tables[-1]


#: The field sizes checked against the brute force (5-12). CI: the smallest and the largest,
#: and 6 and 7, so that every remainder mod 4 (what the mode acts on) is there; the sizes
#: between run nightly (``pytest --nightly``, tests/conftest.py).
BRUTE_FORCE_SIZES = [
    5,
    6,
    7,
    *(pytest.param(n, marks=pytest.mark.nightly) for n in range(8, 12)),
    pytest.param(12, marks=pytest.mark.slow),
]
#: Larger fields against a random search. CI: the smallest and the largest; nightly: between.
RANDOM_SEARCH_SIZES = [
    13,
    *(pytest.param(n, marks=pytest.mark.nightly) for n in (17, 21, 24, 29, 33)),
    pytest.param(40, marks=pytest.mark.slow),
]


@pytest.mark.parametrize("mode", list(RemainderMode))
@pytest.mark.parametrize("n", BRUTE_FORCE_SIZES)
def test_brute_force_agrees_on_small_events(n: int, mode: RemainderMode) -> None:
    """Every round of 10-round random events: the fewest repeats the brute force finds, and
    when the search proved its answer, the same displacement."""
    for seed in range(3):
        for ranked, met, _, plan, pairing in simulate(n, mode, 4, 10, seed * 100 + n):
            seated = [p for p in ranked if p not in pairing.byes]
            best = brute_force(seated, met, plan.sizes)
            if best[0] == 0:
                assert pairing.repeats == 0, (n, mode, seed)
            assert pairing.repeats >= best[0]
            if pairing.proven:
                assert (pairing.repeats, pairing.displacement) == best
            # The answer is a partition of the seated field in the plan's sizes.
            assert tuple(len(t) for t in pairing.tables) == plan.sizes
            assert sorted(p for t in pairing.tables for p in t) == sorted(seated)


@pytest.mark.parametrize("mode", list(RemainderMode))
@pytest.mark.parametrize("n", RANDOM_SEARCH_SIZES)
def test_no_repeat_when_a_random_search_avoids_it(n: int, mode: RemainderMode) -> None:
    """Larger fields: whenever an independent random search seats the round without a
    repeat, the pairing has none either."""
    rng = random.Random(n)
    for ranked, met, _, plan, pairing in simulate(n, mode, 4, 10, n):
        seated = [p for p in ranked if p not in pairing.byes]
        if pairing.repeats:
            assert not random_repeat_free(seated, met, plan.sizes, rng, tries=5), (n, mode)


def test_deterministic() -> None:
    runs = [[p.tables for *_, p in simulate(17, RemainderMode.SMALLER, 4, 6, 7)] for _ in "ab"]
    assert runs[0] == runs[1]


def test_a_large_field_is_paired_by_swaps_without_repeats() -> None:
    """Beyond EXACT_LIMIT seated players the search's depth would grow with the field (a
    RecursionError at about 800 before): the tables start in score order and improve by swaps.
    Five rounds of 300 players (4 a table) leave no repeat pod-mate."""
    from fairpair.engine.pods.pairing import EXACT_LIMIT

    n = 300
    assert n > EXACT_LIMIT
    seen: set[frozenset[str]] = set()
    for _, met, _, plan, pairing in simulate(n, RemainderMode.SMALLER, 4, 5, seed=3):
        assert not pairing.proven and pairing.repeats == 0
        assert sorted(p for t in pairing.tables for p in t) == sorted(met)
        assert [len(t) for t in pairing.tables] == list(plan.sizes)
        for table in pairing.tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    assert frozenset((a, b)) not in seen
                    seen.add(frozenset((a, b)))
