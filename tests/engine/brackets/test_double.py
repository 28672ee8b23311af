"""Double elimination (issue 9, point 3): the alternating-crossover slot map as a table, the
reset only when needed, final standings, and every bracket for 2..32 entrants played out."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.engine.brackets import LoserOf, PlayoffDrawRefused, double_elimination, state
from fairpair.engine.brackets.double import CROSSOVER, drop_order
from fairpair.engine.brackets.notes import Bye, DropOrder, ResetRule, note_text
from fairpair.engine.errors import InvalidResult

from .simulate import play
from .test_single import assert_valid_ranking

#: Entrants → LB round → the WB matches whose losers drop in, in LB match order (side a of
#: drop-in rounds; LB R1 pairs them two by two).
SLOT_MAP = {
    4: {1: ("Winners round 1 #1", "Winners round 1 #2"), 2: ("Winners round 2",)},
    8: {
        1: ("Winners round 1 #1", "Winners round 1 #2", "Winners round 1 #3", "Winners round 1 #4"),
        2: ("Winners round 2 #2", "Winners round 2 #1"),
        4: ("Winners round 3",),
    },
    16: {
        1: tuple(f"Winners round 1 #{i}" for i in range(1, 9)),
        2: ("Winners round 2 #4", "Winners round 2 #3", "Winners round 2 #2", "Winners round 2 #1"),
        4: ("Winners round 3 #2", "Winners round 3 #1"),
        6: ("Winners round 4",),
    },
    32: {
        1: tuple(f"Winners round 1 #{i}" for i in range(1, 17)),
        2: tuple(f"Winners round 2 #{i}" for i in range(8, 0, -1)),
        4: ("Winners round 3 #3", "Winners round 3 #4", "Winners round 3 #1", "Winners round 3 #2"),
        6: ("Winners round 4 #2", "Winners round 4 #1"),
        8: ("Winners round 5",),
    },
}


@pytest.mark.parametrize("n", sorted(SLOT_MAP))
def test_slot_map_table(n: int) -> None:
    b = double_elimination(n)
    label = {m.id: m.label for m in b.matches}
    found: dict[int, list[str]] = {}
    for m in b.matches:
        if m.bracket == "losers":
            for source in (m.a, m.b):
                if isinstance(source, LoserOf):
                    found.setdefault(m.round, []).append(label[source.match])
    assert {r: tuple(v) for r, v in found.items()} == SLOT_MAP[n]
    rounds = n.bit_length() - 1
    assert max(found) == 2 * (rounds - 1)  # 2(k-1) losers rounds


def test_drop_orders_named() -> None:
    assert [drop_order(r) for r in range(2, 7)] == [
        "reverse",
        "half_swap",
        "reverse",
        "half_swap",
        "reverse",
    ]
    assert "alternating" in CROSSOVER
    b = double_elimination(16)
    assert [n for n in b.notes if isinstance(n, DropOrder)] == [
        DropOrder(1, 1, "natural"),
        DropOrder(2, 2, "reverse"),
        DropOrder(3, 4, "half_swap"),
        DropOrder(4, 6, "reverse"),
    ]
    reset = next(n for n in b.notes if isinstance(n, ResetRule))
    assert "only if the losers-bracket champion wins" in note_text(reset)


def test_eight_match_count_and_final() -> None:
    b = double_elimination(8)
    assert len(b.matches) == 15  # 7 WB + 6 LB + final + reset
    assert (b.final, b.reset) == ("M14", "M15")


def _play_to_final(n: int) -> tuple[dict[str, str], int]:
    b = double_elimination(n)
    results: dict[str, str] = {}
    while True:
        now = state(b, results)
        if b.final in now.playable:
            return results, len(now.placements)
        results[now.playable[0]] = "a"


def test_reset_only_when_losers_champion_wins_the_final() -> None:
    b = double_elimination(8)
    results, _ = _play_to_final(8)
    won_by_a = state(b, {**results, b.final: "a"})
    assert won_by_a.complete and won_by_a.reset_needed is False
    assert b.reset not in won_by_a.playable
    with pytest.raises(InvalidResult):
        state(b, {**results, b.final: "a", str(b.reset): "a"})
    won_by_b = state(b, {**results, b.final: "b"})
    assert won_by_b.reset_needed is True and won_by_b.playable == (b.reset,)
    assert not won_by_b.complete
    done = state(b, {**results, b.final: "b", str(b.reset): "a"})
    assert done.complete and done.champion == 1
    with pytest.raises(PlayoffDrawRefused):
        state(b, {**results, b.final: "draw"})


def _places(n: int, seed: int) -> list[str]:
    run = play(double_elimination(n), random.Random(seed))
    assert run.final is not None
    return sorted((p.text for p in run.final.placements), key=lambda t: int(t.split("–")[0]))


STANDINGS = {
    4: ["1", "2", "3", "4"],
    6: ["1", "2", "3", "4", "5–6", "5–6"],
    8: ["1", "2", "3", "4", "5–6", "5–6", "7–8", "7–8"],
    12: ["1", "2", "3", "4", "5–6", "5–6", "7–8", "7–8"] + ["9–12"] * 4,
    16: ["1", "2", "3", "4", "5–6", "5–6", "7–8", "7–8"] + ["9–12"] * 4 + ["13–16"] * 4,
    32: ["1", "2", "3", "4", "5–6", "5–6", "7–8", "7–8"]
    + ["9–12"] * 4
    + ["13–16"] * 4
    + ["17–24"] * 8
    + ["25–32"] * 8,
}


@pytest.mark.parametrize("n", sorted(STANDINGS))
@pytest.mark.parametrize("seed", range(3))
def test_final_standings(n: int, seed: int) -> None:
    assert _places(n, seed) == STANDINGS[n]


#: Entrants → no losers-bracket rematch before this LB round, whatever the results (measured
#: over random runs; rounds 1 and 2 are guaranteed by construction for 8+ slots).
NO_REMATCH_BEFORE = {4: 2, 8: 3, 16: 4, 24: 5, 32: 5}


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 32), st.randoms(use_true_random=False))
def test_every_double_bracket_plays_out(n: int, rng: random.Random) -> None:
    check_double(n, rng)


@pytest.mark.parametrize("n", range(2, 33))
def test_every_field_size_many_runs(n: int) -> None:
    for seed in range(40):
        check_double(n, random.Random(seed))


def check_double(n: int, rng: random.Random) -> None:
    b = double_elimination(n)
    run = play(b, rng)
    final = run.final
    assert final is not None and final.champion is not None
    played = run.played
    assert len(played) == len(set(played))  # each match once
    expected = {m.id for m in b.matches if m.id != b.reset}
    final_pair = next(p for p in run.pairs if p[0] == b.final)
    lb_champion_won = final_pair[3] == final_pair[2]
    assert final.reset_needed is lb_champion_won
    assert set(played) == (expected | {str(b.reset)} if lb_champion_won else expected)
    assert len(played) == 2 * n - (1 if lb_champion_won else 2)
    for seed in range(1, n + 1):
        losses = run.losses.get(seed, 0)
        assert losses <= 1 if seed == final.champion else losses == 2
    assert_valid_ranking(final.placements, n)
    # no rematch in the losers bracket before the round the slot map guarantees
    met: set[frozenset[int]] = set()
    guarantee = NO_REMATCH_BEFORE.get(n, 3 if n >= 5 else 2)
    for match_id, a, c, _ in run.pairs:
        m = b.match(match_id)
        if m.bracket == "losers" and m.round < guarantee:
            assert frozenset((a, c)) not in met, (n, m.label)
        met.add(frozenset((a, c)))


@pytest.mark.parametrize(("n", "bye_seeds", "matches"), [(6, [1, 2], 11), (12, [1, 4, 2, 3], 23)])
def test_byes_for_six_and_twelve(n: int, bye_seeds: list[int], matches: int) -> None:
    b = double_elimination(n)
    assert [note.seed for note in b.notes if isinstance(note, Bye)] == bye_seeds
    assert len(b.matches) == matches  # 2n - 2 played before the final, the final, the reset
    # every LB R1 match lost a side to a bye: the WB R1 losers go straight to LB R2
    assert not [m for m in b.matches if m.bracket == "losers" and m.round == 1]


@pytest.mark.parametrize("n", [6, 8, 12, 16])
def test_every_note_renders_as_a_sentence(n: int) -> None:
    b = double_elimination(n)
    kinds = {type(note).__name__ for note in b.notes}
    assert {"Seeded", "Feed", "DropOrder", "ResetRule"} <= kinds
    for note in b.notes:
        text = note_text(note)
        assert text[0].isupper() and text.endswith(".")
    losers_fed = [n for n in b.notes if getattr(n, "outcome", None) == "loser"]
    # every WB match's loser goes somewhere: exactly one Feed per real WB match
    assert len(losers_fed) == len([m for m in b.matches if m.bracket == "winners"])
