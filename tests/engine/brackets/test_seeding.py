"""MTR 10.4 seeding: bracket order, sizes and byes as tables, and its meeting properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fairpair.engine.brackets import bracket_order, bracket_size, byes, first_round
from fairpair.engine.errors import InvalidStage

ORDERS = {
    2: (1, 2),
    4: (1, 4, 2, 3),
    8: (1, 8, 4, 5, 2, 7, 3, 6),
    16: (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11),
    32: (
        1, 32, 16, 17, 8, 25, 9, 24, 4, 29, 13, 20, 5, 28, 12, 21,
        2, 31, 15, 18, 7, 26, 10, 23, 3, 30, 14, 19, 6, 27, 11, 22,
    ),
}  # fmt: skip


@pytest.mark.parametrize("size", sorted(ORDERS))
def test_bracket_order_table(size: int) -> None:
    assert bracket_order(size) == ORDERS[size]


def test_top_8_is_mtr_10_4() -> None:
    assert first_round(8) == ((1, 8), (4, 5), (2, 7), (3, 6))


SIZES_AND_BYES = {
    2: (2, ()), 3: (4, (1,)), 4: (4, ()), 5: (8, (1, 2, 3)), 6: (8, (1, 2)), 7: (8, (1,)),
    8: (8, ()), 9: (16, tuple(range(1, 8))), 12: (16, (1, 2, 3, 4)), 15: (16, (1,)),
    16: (16, ()), 17: (32, tuple(range(1, 16))), 24: (32, tuple(range(1, 9))), 31: (32, (1,)),
    32: (32, ()),
}  # fmt: skip


@pytest.mark.parametrize("n", range(2, 33))
def test_size_and_byes_for_every_field(n: int) -> None:
    size = bracket_size(n)
    assert size >= n > size // 2
    assert byes(n) == tuple(range(1, size - n + 1))
    if n in SIZES_AND_BYES:
        assert (size, byes(n)) == SIZES_AND_BYES[n]
    bye_seeds = tuple(a for a, b in first_round(n) if b is None)
    assert sorted(bye_seeds) == list(byes(n))
    seen = sorted(s for pair in first_round(n) for s in pair if s is not None)
    assert seen == list(range(1, n + 1))


def test_twelve_gives_byes_to_seeds_one_to_four() -> None:
    assert [a for a, b in first_round(12) if b is None] == [1, 4, 2, 3]


@pytest.mark.parametrize("bad", [0, 1, -3])
def test_too_few_entrants_refused(bad: int) -> None:
    with pytest.raises(InvalidStage):
        bracket_size(bad)


def test_order_needs_a_power_of_two() -> None:
    with pytest.raises(InvalidStage):
        bracket_order(12)


def _meeting_round(order: tuple[int, ...], x: int, y: int) -> int:
    """The round in which seeds x and y can first meet (their slots share a block of 2^r)."""
    i, j = order.index(x), order.index(y)
    r = 1
    while i >> r != j >> r:
        r += 1
    return r


@given(st.integers(1, 6), st.data())
def test_meeting_properties(k: int, data: st.DataObject) -> None:
    size = 2**k
    order = bracket_order(size)
    rounds = k
    s = data.draw(st.integers(1, size // 2))
    assert _meeting_round(order, s, size + 1 - s) == 1
    if size >= 2:
        assert _meeting_round(order, 1, 2) == rounds
    if size >= 4:
        for x in range(1, 5):
            for y in range(x + 1, 5):
                assert _meeting_round(order, x, y) >= rounds - 1
    # the higher seed is side a of every first-round pair
    assert all(order[i] < order[i + 1] for i in range(0, size, 2))
