"""Each method's textbook output on a clean field, and round 1's seed order."""

from __future__ import annotations

from typing import Any

from fairpair.engine.pairing import (
    MethodNote,
    NoteKind,
    PairingDraft,
    check_pairing,
    pair_next_round,
)
from fairpair.engine.players import Player
from fairpair.engine.stage import PairingMethod, StageFormat
from fairpair.engine.tournament import Tournament

from .simulate import tournament


def tables(t: Tournament, **kwargs: Any) -> tuple[list[tuple[str, str]], PairingDraft]:
    draft = pair_next_round(t, **kwargs)
    check_pairing(t, draft)
    return [(p.a, p.b) for p in draft.pairings], draft


def ids(*numbers: int) -> list[str]:
    return [f"p{k - 1:02d}" for k in numbers]


def pairs(*seeds: tuple[int, int]) -> list[tuple[str, str]]:
    return [(f"p{a - 1:02d}", f"p{b - 1:02d}") for a, b in seeds]


def test_adjacent_pairs_neighbours_in_seed_order() -> None:
    got, draft = tables(tournament(8))
    assert got == pairs((1, 2), (3, 4), (5, 6), (7, 8))
    assert [p.table for p in draft.pairings] == [1, 2, 3, 4]
    assert any(n.kind is NoteKind.ROUND_ONE for n in draft.notes)


def test_slide_pairs_top_half_against_bottom_half() -> None:
    got, _ = tables(tournament(8), method=PairingMethod.SLIDE)
    assert got == pairs((1, 5), (2, 6), (3, 7), (4, 8))


def test_fold_pairs_strongest_against_weakest() -> None:
    got, _ = tables(tournament(8), method=PairingMethod.FOLD)
    assert got == pairs((1, 8), (2, 7), (3, 6), (4, 5))


def test_random_is_a_reproducible_shuffle_of_the_stage_seed() -> None:
    one, _ = tables(tournament(16, seed="a"), method=PairingMethod.RANDOM)
    again, _ = tables(tournament(16, seed="a"), method=PairingMethod.RANDOM)
    other, _ = tables(tournament(16, seed="b"), method=PairingMethod.RANDOM)
    assert one == again
    assert one != other
    assert sorted(p for pair in one for p in pair) == ids(*range(1, 17))


def test_stage_method_is_the_default_and_the_option_overrides_it() -> None:
    got, _ = tables(tournament(4, pairing_method=PairingMethod.FOLD))
    assert got == pairs((1, 4), (2, 3))
    got, _ = tables(tournament(4, pairing_method=PairingMethod.FOLD), method=PairingMethod.ADJACENT)
    assert got == pairs((1, 2), (3, 4))


def test_stage_seeds_win_over_tournament_seeds_and_unseeded_follow() -> None:
    t = tournament(4, seeds={"p03": 1, "p02": 2})
    got, _ = tables(t)
    assert got[0] == ("p03", "p02")
    assert {p for pair in got[1:] for p in pair} == {"p00", "p01"}


def test_unseeded_players_are_ordered_by_the_stage_seed() -> None:
    t = tournament(6)
    t = t.__class__(t.name, tuple(Player(p.id, p.name) for p in t.players), t.stages)
    first, _ = tables(t)
    again, _ = tables(t)
    assert first == again
    assert sorted(p for pair in first for p in pair) == ids(*range(1, 7))


def test_swiss_elimination_round_one_slides_when_the_method_is_adjacent() -> None:
    from fairpair.engine.stage import Elimination

    t = tournament(8, format=StageFormat.SWISS_ELIMINATION, elimination=Elimination(3, 2))
    got, draft = tables(t)
    assert got == pairs((1, 5), (2, 6), (3, 7), (4, 8))
    assert any(isinstance(n, MethodNote) and n.slide_first_round for n in draft.notes)
    off = tournament(
        8,
        format=StageFormat.SWISS_ELIMINATION,
        elimination=Elimination(3, 2),
        slide_first_round=False,
    )
    assert tables(off)[0] == pairs((1, 2), (3, 4), (5, 6), (7, 8))
    fold = tables(t, method=PairingMethod.FOLD)[0]
    assert fold == pairs((1, 8), (2, 7), (3, 6), (4, 5))
