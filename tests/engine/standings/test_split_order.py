"""Tie groups are split in exact order although they are sorted by float first: values whose
floats are equal but which differ (huge denominators), ints past a float's range, and the
given order kept among equal values."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from fairpair.engine.standings.table import _split
from fairpair.engine.tiebreaks.context import Value

BASE = Fraction(1, 3)
#: Distinct fractions with one float: 1/3 plus a tiny amount.
NEAR = [BASE + Fraction(k, 10**30) for k in range(4)]


def exact_split(group: list[str], values: dict[str, Value], higher: bool) -> list[list[str]]:
    valued = [p for p in group if values.get(p) is not None]
    valued.sort(key=lambda p: values[p], reverse=higher)  # type: ignore[arg-type,return-value]
    parts: list[list[str]] = []
    for pid in valued:
        if parts and values[parts[-1][0]] == values[pid]:
            parts[-1].append(pid)
        else:
            parts.append([pid])
    unvalued = [p for p in group if values.get(p) is None]
    return parts + ([unvalued] if unvalued else [])


values_strategy = st.one_of(
    st.none(),
    st.integers(-5, 5),
    st.fractions(max_denominator=12),
    st.sampled_from(NEAR),
    st.just(10**400),
)


@given(st.lists(values_strategy, max_size=30), st.booleans())
def test_the_split_is_the_exact_one(found: list[Value], higher: bool) -> None:
    group = [f"p{k}" for k in range(len(found))]
    values = dict(zip(group, found, strict=True))
    assert _split(group, values, higher) == exact_split(group, values, higher)


def test_equal_floats_that_differ_are_told_apart() -> None:
    assert len({float(v) for v in NEAR}) == 1
    group = ["a", "b", "c", "d", "e"]
    values: dict[str, Value] = dict(
        zip(group, [NEAR[1], NEAR[3], NEAR[1], NEAR[0], None], strict=True)
    )
    assert _split(group, values, True) == [["b"], ["a", "c"], ["d"], ["e"]]
    assert _split(group, values, False) == [["d"], ["a", "c"], ["b"], ["e"]]
