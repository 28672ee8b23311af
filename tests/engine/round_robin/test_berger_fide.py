"""The Berger tables against FIDE's published tables (C.05 Annex 1), game for game, board for
board, colour for colour, for 3..16 players; and the construction rule behind them."""

from __future__ import annotations

from itertools import pairwise

import pytest
from berger_fide import FIDE_TEXT, fide_tables

from fairpair.engine.round_robin import berger_table, table_size

FIDE = fide_tables()


def test_the_golden_text_holds_every_published_table() -> None:
    assert sorted(FIDE) == [4, 6, 8, 10, 12, 14, 16]
    for size, rounds in FIDE.items():
        assert len(rounds) == size - 1
        assert all(len(round_) == size // 2 for round_ in rounds)
    assert FIDE_TEXT.count("-") == sum(size // 2 * (size - 1) for size in FIDE)


@pytest.mark.parametrize("n", range(3, 17))
def test_the_table_is_fides_published_table(n: int) -> None:
    """Every round, every board and who has White, for n = 3..16 (odd n uses the table of
    n + 1: "the highest number counts as a bye")."""
    published = FIDE[n + n % 2]
    table = berger_table(n)
    assert len(table) == len(published)
    for number, (ours, theirs) in enumerate(zip(table, published, strict=True), start=1):
        assert ours == theirs, f"{n} players, round {number}"


@pytest.mark.parametrize("n", [4, 7, 10, 16])
def test_spot_checks_read_straight_from_the_annex(n: int) -> None:
    table = berger_table(n)
    if n == 4:
        assert table == (((1, 4), (2, 3)), ((4, 3), (1, 2)), ((2, 4), (3, 1)))
    if n == 7:
        assert table[1] == ((8, 5), (6, 4), (7, 3), (1, 2))
        assert table[6] == ((4, 8), (5, 3), (6, 2), (7, 1))
    if n == 10:
        assert table[8] == ((5, 10), (6, 4), (7, 3), (8, 2), (9, 1))
    if n == 16:
        assert table[14] == ((8, 16), (9, 7), (10, 6), (11, 5), (12, 4), (13, 3), (14, 2), (15, 1))


def _next_round_by_the_rule(
    round_: tuple[tuple[int, int], ...], m: int
) -> tuple[tuple[int, int], ...]:
    """The rotation, stated independently of the implementation: every number but m moves on
    by m/2 around the circle 1..m-1; board 1 (against m) changes colours; the others keep
    the colour of their board."""

    def move(x: int) -> int:
        return x if x == m else (x - 1 + m // 2) % (m - 1) + 1

    (w, b), *rest = round_
    first = (move(b), move(w))
    return (first, *((move(w2), move(b2)) for w2, b2 in rest))


@pytest.mark.parametrize("n", range(2, 31))
def test_the_construction_rule(n: int) -> None:
    """Round 1 is 1-m, 2-(m-1), ...; each next round is the rotation above. This is what
    the published tables for 4..16 are (the previous test), continued for any n."""
    m = table_size(n)
    table = berger_table(n)
    assert table[0] == tuple((k, m + 1 - k) for k in range(1, m // 2 + 1))
    for before, after in pairwise(table):
        assert after == _next_round_by_the_rule(before, m)
    # board 1 always holds the fixed player m, whose colours alternate (Black in round 1)
    assert all(m in round_[0] for round_ in table)
    assert [round_[0][0] == m for round_ in table] == [r % 2 == 0 for r in range(1, m)]


def test_sizes() -> None:
    assert [table_size(n) for n in range(2, 9)] == [2, 4, 4, 6, 6, 8, 8]
    assert berger_table(2) == (((1, 2),),)
    for bad in (-1, 0, 1):
        with pytest.raises(ValueError):
            berger_table(bad)
