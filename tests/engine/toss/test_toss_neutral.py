"""Neutral: reproducible, unbiased, independent of standings, table numbers and seating."""

from __future__ import annotations

import random
from typing import Any

from toss_builders import tournament

from fairpair.engine.rounds import TossReason
from fairpair.engine.toss import assign_tosses, neutral_first

#: χ² with one degree of freedom at p = 0.001.
CHI2_CRITICAL = 10.828


def _chi2(hits: int, n: int) -> float:
    expected = n / 2
    return ((hits - expected) ** 2 + (n - hits - expected) ** 2) / expected


def test_same_inputs_same_choice_whatever_the_seating() -> None:
    for i in range(200):
        a, b = f"player-{i}", f"player-{i + 1000}"
        kw: dict[str, Any] = {"stage_id": "swiss", "seed": "s", "round_number": 3}
        assert neutral_first(a, b, **kw) == neutral_first(a, b, **kw) == neutral_first(b, a, **kw)


def test_unbiased_over_10000_tied_pairs() -> None:
    rng = random.Random(20240601)
    n = 10_000
    low_first = listed_first = 0
    for i in range(n):
        a, b = f"p{2 * i}", f"p{2 * i + 1}"
        if rng.random() < 0.5:
            a, b = b, a
        first = neutral_first(a, b, stage_id="swiss", seed="chi2", round_number=1 + i % 15)
        low_first += first == min(a, b)
        listed_first += first == a
    assert _chi2(low_first, n) < CHI2_CRITICAL, low_first
    assert _chi2(listed_first, n) < CHI2_CRITICAL, listed_first


def test_unbiased_for_one_pair_across_rounds_and_stages() -> None:
    n = 10_000
    hits = sum(
        neutral_first("ana", "bob", stage_id=f"stage-{i // 100}", seed="", round_number=i % 100)
        == "ana"
        for i in range(n)
    )
    assert _chi2(hits, n) < CHI2_CRITICAL, hits


def test_depends_on_stage_seed_and_round() -> None:
    picks = {
        neutral_first("a", "b", stage_id=s, seed=seed, round_number=r)
        for s in ("swiss", "day2")
        for seed in ("", "x", "y")
        for r in range(1, 6)
    }
    assert picks == {"a", "b"}


def test_table_order_and_seating_do_not_matter_in_a_round() -> None:
    ids = [f"p{i}" for i in range(40)]
    t = tournament(ids)
    pairs = [(ids[i], ids[i + 1]) for i in range(0, 40, 2)]
    tosses = assign_tosses(t, t.stage(), 1, pairs)
    assert all(x.reason is TossReason.NEUTRAL for x in tosses)
    swapped = [(b, a) for a, b in reversed(pairs)]
    again = assign_tosses(t, t.stage(), 1, swapped)
    assert [x.first for x in reversed(again)] == [x.first for x in tosses]
