"""FIDE C.07 unplayed rounds as applied from 1 August 2024 (``fide_2024``, the ``fide_2024``
preset), beside the 2026 amendment (``fide_2026``, the ``fide`` preset).

The two editions share the opponents' adjusted score (art. 16.3: a withdrawn opponent's
remaining rounds count as draws) and the cut order (art. 16.5: voluntarily unplayed rounds
first); they differ in the dummy opponent of the player's own unplayed rounds (art. 16.4):
2024 puts it on the player's own final points, 2026 caps it (16.4.1 forfeits: the scheduled
opponent's adjusted score; 16.4.2 byes and absences: a draw in every round so far).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from fairpair.engine.ruleset import UnplayedRounds
from fairpair.engine.rulesets import FIDE, get_ruleset

from .builders import Rounds, build, values, with_ruleset
from .seed001 import seed_001

H = Fraction(1, 2)


def test_the_fide_2024_preset_is_fide_with_the_2024_edition() -> None:
    preset = get_ruleset("fide_2024")
    assert preset.unplayed is UnplayedRounds.FIDE_2024
    assert preset.unplayed.fide and UnplayedRounds.FIDE_2026.fide
    assert not UnplayedRounds.VIRTUAL_OPPONENT.fide
    assert preset.tiebreaks == FIDE.tiebreaks and preset.scoring == FIDE.scoring
    assert get_ruleset("fide").unplayed is UnplayedRounds.FIDE_2026  # the default edition


def test_seed_001_bye_is_an_uncapped_dummy() -> None:
    # Art. 16.4 (2024): Ivo's pairing-allocated bye is a dummy on his own 3 → 4 + 1 + 1 + 3
    # = 9; Hana 2 + 1 + 2 + 3 = 8 (as `virtual_opponent`); 2026 caps the dummy at ½ × 4.
    def pick(v: dict[str, Any]) -> tuple[Any, ...]:
        return (v["cole"], v["ivo"], v["hana"])

    assert pick(values(seed_001("fide_2024"), "buchholz")) == (8, 9, 8)
    assert pick(values(seed_001("fide"), "buchholz")) == (8, 8, 7)


# W beats P in round 1 and then withdraws: absent in rounds 2 and 3.
WITHDRAWAL: Rounds = [
    [("w", "p", "a"), ("a", "b", "a"), ("c", "d", "d")],
    [("p", "a", "a"), ("b", "c", "a"), ("d", "bye")],
    [("p", "b", "d"), ("a", "d", "a"), ("c", "bye")],
]


def test_a_withdrawn_opponents_remaining_rounds_count_as_draws() -> None:
    # Art. 16.3 (2024): W's two absences after withdrawing count as draws in the score W's
    # opponents use: 1 + ½ + ½ = 2. P: W 2 + A 2 + B 1½ = 5½ (W's own 1 would give 4½).
    t = build(WITHDRAWAL, ruleset="fide_2024", drops={"w": 1})
    assert values(t, "buchholz")["p"] == Fraction(11, 2)
    legacy = with_ruleset(t, unplayed=UnplayedRounds.VIRTUAL_OPPONENT)
    assert values(legacy, "buchholz")["p"] == Fraction(9, 2)


def test_the_withdrawn_players_absences_are_dummies_on_their_own_points() -> None:
    # Art. 16.4 (2024): each absence is a dummy on W's own 1 (uncapped; here the 2026 cap
    # ½ × 3 = 1½ does not bite): P 1½ + 1 + 1 = 3½. Art. 16.5: Cut-1 removes an absence
    # (voluntarily unplayed) first → 2½. SB: beat P 1½ × 1, the absences × 0 → 1½.
    t = build(WITHDRAWAL, ruleset="fide_2024", drops={"w": 1})
    assert values(t, "buchholz")["w"] == Fraction(7, 2)
    assert values(t, "buchholz_cut1")["w"] == Fraction(5, 2)
    assert values(t, "sonneborn_berger")["w"] == Fraction(3, 2)


# Q takes a half-point bye in round 1 and beats Y and Z; Y ends on 0, Z on 1, Q on 2½.
HALF_BYE_FIRST = [
    [("q", "half"), ("z", "y", "a"), ("x", "w", "a")],
    [("q", "y", "a"), ("x", "z", "a"), ("w", "bye")],
    [("q", "z", "a"), ("w", "y", "a"), ("x", "bye")],
]


def test_the_requested_bye_dummy_is_on_the_players_own_points() -> None:
    # Art. 16.4 (2024): the half-point bye is a dummy on Q's own 2½: BH = 2½ + Y 0 + Z 1
    # = 3½. 2026 (16.4.2): the dummy is capped at ½ × 3 = 1½ → 2½.
    t = build(HALF_BYE_FIRST, ruleset="fide_2024")
    assert values(t, "buchholz")["q"] == Fraction(7, 2)
    assert values(with_ruleset(t, unplayed=UnplayedRounds.FIDE_2026), "buchholz")["q"] == Fraction(
        5, 2
    )
    # Art. 9.1 with 16.4: SB scores the dummy by the round's result, ½ × 2½ = 1¼, + Z 1 × 1
    # → 2¼ (2026: ½ × 1½ + 1 = 1¾).
    assert values(t, "sonneborn_berger")["q"] == Fraction(9, 4)
    assert values(with_ruleset(t, unplayed=UnplayedRounds.FIDE_2026), "sonneborn_berger")[
        "q"
    ] == Fraction(7, 4)


def test_cut_removes_the_voluntarily_unplayed_round_first() -> None:
    # Art. 16.5 (2024): the half-point bye (2½) is cut before Y's lower 0: Cut-1 = 0 + 1 = 1;
    # Cut-2 then removes Y's 0 → 1. Median-1 cuts the bye low and Z's 1 high → 0.
    t = build(HALF_BYE_FIRST, ruleset="fide_2024")
    assert values(t, "buchholz_cut1")["q"] == 1
    assert values(t, "buchholz_cut2")["q"] == 1
    assert values(t, "median1")["q"] == 0


# A wins round 1 by forfeit (B did not come), then beats C and D. A 3, B ½, C 2, D ½.
FORFEIT_FIRST = [
    [("a", "b", "fa"), ("c", "d", "a")],
    [("a", "c", "a"), ("b", "d", "d")],
    [("a", "d", "a"), ("c", "b", "a")],
]


def test_a_forfeit_win_is_a_dummy_on_the_players_own_points() -> None:
    # Art. 16.4 (2024): the forfeit win is a game against a dummy on A's own 3:
    # BH = 3 + C 2 + D ½ = 5½. 2026 (16.4.1): at most B's adjusted ½ → ½ + 2 + ½ = 3.
    t = build(FORFEIT_FIRST, ruleset="fide_2024")
    assert values(t, "buchholz")["a"] == Fraction(11, 2)
    assert values(with_ruleset(t, unplayed=UnplayedRounds.FIDE_2026), "buchholz")["a"] == 3
    # A forfeit win is not voluntarily unplayed (16.5 does not apply): Cut-1 drops D's ½ → 5.
    assert values(t, "buchholz_cut1")["a"] == 5
    # B's forfeit loss: a dummy on B's own ½ (both editions), voluntarily unplayed so cut
    # first: BH = ½ + D ½ + C 2 = 3, Cut-1 = 2½.
    assert values(t, "buchholz")["b"] == 3
    assert values(t, "buchholz_cut1")["b"] == Fraction(5, 2)
