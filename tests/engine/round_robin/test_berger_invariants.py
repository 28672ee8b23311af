"""Invariants of the Berger tables and of the double round robin for any n (2..30)."""

from __future__ import annotations

from itertools import combinations

import pytest
from berger_fide import FIDE_DOUBLE_ROUND_NOTE

from fairpair.engine.round_robin import BergerTable, berger_table, double_round_robin, table_size

SIZES = range(2, 31)


def colours(table: BergerTable, n: int) -> dict[int, str]:
    """Each real player's colours round by round: W, B, or '-' for the bye (meeting n+1)."""
    seq = {p: "" for p in range(1, n + 1)}
    for round_ in table:
        for white, black in round_:
            if white in seq and black in seq:
                seq[white] += "W"
                seq[black] += "B"
            else:
                seq[white if white in seq else black] += "-"
    return seq


def three_in_a_row(sequence: str) -> bool:
    played = sequence.replace("-", "")
    return "WWW" in played or "BBB" in played


@pytest.mark.parametrize("n", SIZES)
def test_everyone_meets_everyone_once_and_plays_once_a_round(n: int) -> None:
    m = table_size(n)
    table = berger_table(n)
    assert len(table) == m - 1
    for round_ in table:
        numbers = [p for pair in round_ for p in pair]
        assert sorted(numbers) == list(range(1, m + 1))
    met = [frozenset(pair) for round_ in table for pair in round_]
    assert sorted(map(sorted, met)) == sorted(map(list, combinations(range(1, m + 1), 2)))


@pytest.mark.parametrize("n", SIZES)
def test_colour_balance(n: int) -> None:
    """Even n: m-1 games, everyone has White once more or once less than Black; odd n: the
    bye takes the dummy's games and everyone has as many Whites as Blacks. Nobody has the
    same colour three games running in one cycle."""
    for player, seq in colours(berger_table(n), n).items():
        assert abs(seq.count("W") - seq.count("B")) == (1 if n % 2 == 0 else 0), player
        assert seq.count("-") == n % 2
        assert not three_in_a_row(seq), (player, seq)


@pytest.mark.parametrize("n", SIZES)
def test_double_round_robin_is_fides_recommendation(n: int) -> None:
    """C.05 Annex 1: "For a double-round tournament it is recommended to reverse the order of
    the last two rounds of the first cycle. This is to avoid three consecutive games with the
    same colour." The second cycle is the table with colours reversed."""
    assert "reverse the order of the last two rounds of the first cycle" in FIDE_DOUBLE_ROUND_NOTE
    single = berger_table(n)
    double = double_round_robin(n)
    k = len(single)
    assert len(double) == 2 * k
    first, second = double[:k], double[k:]
    if k >= 2:
        assert first == (*single[:-2], single[-1], single[-2])
    else:
        assert first == single
    assert second == tuple(tuple((b, w) for w, b in round_) for round_ in single)
    # every pair meets twice, once with each colour
    games = [pair for round_ in double for pair in round_]
    assert len(games) == len(set(games))
    assert {frozenset(g) for g in games} == {
        frozenset(p) for p in combinations(range(1, table_size(n) + 1), 2)
    }
    for player, seq in colours(double, n).items():
        assert seq.count("W") == seq.count("B"), player
        assert not three_in_a_row(seq), (player, seq)


@pytest.mark.parametrize("n", [4, 6, 8, 10, 16, 30])
def test_without_the_reversal_someone_would_get_three_in_a_row(n: int) -> None:
    """Why FIDE recommends it: the plain table then its colour swap gives players 1 and
    m/2 + 1 the same colour three games running."""
    single = berger_table(n)
    plain = (*single, *(tuple((b, w) for w, b in round_) for round_ in single))
    streaks = [p for p, seq in colours(plain, n).items() if three_in_a_row(seq)]
    assert streaks == [1, n // 2 + 1]
