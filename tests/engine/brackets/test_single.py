"""Single elimination (issue 9, point 2): structure, byes, third place, placement, no draws."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.engine.brackets import (
    LoserOf,
    PlayoffDrawRefused,
    Seed,
    WinnerOf,
    decide,
    single_elimination,
    state,
)
from fairpair.engine.brackets.notes import Bye, Feed, note_text
from fairpair.engine.errors import InvalidResult, UnknownTable

from .simulate import play


def test_top_8_structure() -> None:
    b = single_elimination(8)
    assert [(m.id, m.a, m.b) for m in b.matches] == [
        ("M1", Seed(1), Seed(8)),
        ("M2", Seed(4), Seed(5)),
        ("M3", Seed(2), Seed(7)),
        ("M4", Seed(3), Seed(6)),
        ("M5", WinnerOf("M1"), WinnerOf("M2")),
        ("M6", WinnerOf("M3"), WinnerOf("M4")),
        ("M7", WinnerOf("M5"), WinnerOf("M6")),
    ]
    assert b.final == "M7"
    assert Feed("M1", "winner", "M5", "a") in b.notes
    assert "The winner of M1 plays M5 on side a." in [note_text(n) for n in b.notes]


def test_twelve_byes_to_top_four() -> None:
    b = single_elimination(12)
    assert [n.seed for n in b.notes if isinstance(n, Bye)] == [1, 4, 2, 3]
    first = [m for m in b.matches if m.round == 1]
    assert [(m.a, m.b) for m in first] == [
        (Seed(8), Seed(9)),
        (Seed(5), Seed(12)),
        (Seed(7), Seed(10)),
        (Seed(6), Seed(11)),
    ]
    second = [m for m in b.matches if m.round == 2]
    assert [m.a for m in second] == [Seed(1), Seed(4), Seed(2), Seed(3)]
    assert len(b.matches) == 11


def test_third_place_match_from_semifinal_losers() -> None:
    b = single_elimination(8, third_place=True)
    third = b.matches[-1]
    assert (third.bracket, third.a, third.b) == ("third_place", LoserOf("M5"), LoserOf("M6"))


def _places(n: int, third: bool) -> list[str]:
    run = play(single_elimination(n, third_place=third), random.Random(n))
    assert run.final is not None
    return sorted((p.text for p in run.final.placements), key=lambda t: int(t.split("–")[0]))


def test_placement_ranges_top_16() -> None:
    assert _places(16, False) == ["1", "2", "3–4", "3–4"] + ["5–8"] * 4 + ["9–16"] * 8
    assert _places(16, True) == ["1", "2", "3", "4"] + ["5–8"] * 4 + ["9–16"] * 8
    assert _places(12, False) == ["1", "2", "3–4", "3–4"] + ["5–8"] * 4 + ["9–12"] * 4


def test_draw_refused() -> None:
    b = single_elimination(4)
    with pytest.raises(PlayoffDrawRefused) as caught:
        state(b, {"M1": "draw"})
    assert caught.value.code == "invalid_result"
    with pytest.raises(PlayoffDrawRefused):
        decide("M1", 1, 1)
    assert decide("M1", 2, 1) == "a"
    assert decide("M1", 0, 2) == "b"
    with pytest.raises(InvalidResult):
        state(b, {"M1": "c"})
    with pytest.raises(UnknownTable):
        state(b, {"M9": "a"})
    with pytest.raises(InvalidResult):
        state(b, {"M3": "a"})  # the final is not playable yet


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 32), st.booleans(), st.randoms(use_true_random=False))
def test_every_single_bracket_plays_out(n: int, third: bool, rng: random.Random) -> None:
    b = single_elimination(n, third_place=third)
    run = play(b, rng)
    assert sorted(run.played) == sorted(m.id for m in b.matches)  # each match exactly once
    assert len(run.played) == n - 1 + (1 if third and n >= 4 else 0)
    final = run.final
    assert final is not None and final.champion is not None
    semis = {
        p for mid, a, c, _ in run.pairs if b.match(mid).bracket == "third_place" for p in (a, c)
    }
    for seed in range(1, n + 1):
        expected = 0 if seed == final.champion else 1
        if seed in semis:
            expected = run.losses.get(seed, 0)  # the third-place match is an extra match
            assert expected in (1, 2)
        assert run.losses.get(seed, 0) == expected
    assert_valid_ranking(final.placements, n)


def assert_valid_ranking(placements: tuple, n: int) -> None:  # type: ignore[type-arg]
    assert sorted(p.seed for p in placements) == list(range(1, n + 1))
    groups: dict[tuple[int, int], int] = {}
    for p in placements:
        groups[(p.first, p.last)] = groups.get((p.first, p.last), 0) + 1
    expected_first = 1
    for (first, last), count in sorted(groups.items()):
        assert first == expected_first
        assert last - first + 1 == count
        expected_first = last + 1
    assert expected_first == n + 1
