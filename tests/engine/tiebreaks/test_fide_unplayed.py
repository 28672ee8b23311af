"""FIDE C.07 unplayed rounds as amended in force from 1 March 2026 (``fide_2026``).

Hand-worked cases cite the article each rule comes from (numbering of the 2026 edition as
TieBreakServer and other implementations quote it: 16.1.2 voluntarily unplayed rounds,
16.3 the score opponents use, 16.4 the dummy opponent, 16.5 cuts). The golden cases compare
every value with FIDE's reference program, TieBreakServer 1.9.57 (rules 2026-03-01), on
generated events: ``tests/data/fide_tiebreaks`` holds the TRF inputs and its outputs.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from fairpair.engine.ruleset import UnplayedRounds
from fairpair.engine.rulesets import FIDE, get_ruleset
from fairpair.engine.standings import compute_standings

from .builders import Rounds, build, values, with_ruleset
from .trf_reader import read_trf

H = Fraction(1, 2)
DATA = Path(__file__).resolve().parents[2] / "data" / "fide_tiebreaks"


def test_the_fide_preset_uses_the_2026_edition() -> None:
    assert get_ruleset("fide").unplayed is UnplayedRounds.FIDE_2026


# W beats P in round 1 and then withdraws: absent in rounds 2 and 3.
WITHDRAWAL: Rounds = [
    [("w", "p", "a"), ("a", "b", "a"), ("c", "d", "d")],
    [("p", "a", "a"), ("b", "c", "a"), ("d", "bye")],
    [("p", "b", "d"), ("a", "d", "a"), ("c", "bye")],
]


def test_opponent_rounds_after_withdrawal_count_as_draws() -> None:
    # Art. 16.3.2: W's absences after their last round count as draws in the score W's
    # opponents use: 1 + ½ + ½ = 2, not W's own 1. P: W 2 + A 2 + B 1½ = 5½.
    t = build(WITHDRAWAL, ruleset="fide", drops={"w": 1})
    assert values(t, "buchholz")["p"] == Fraction(11, 2)
    legacy = with_ruleset(t, unplayed=UnplayedRounds.VIRTUAL_OPPONENT)
    assert values(legacy, "buchholz")["p"] == Fraction(9, 2)  # W counted on their 1


def test_withdrawn_players_own_buchholz_counts_dummies_for_the_absences() -> None:
    # Art. 16.4.2: each absence is a dummy opponent on min(own 1, ½ × 3 rounds) = 1;
    # round 1 gives P's 1½ → 3½. Art. 16.5: Cut-1 takes an absence (voluntary) first → 2½.
    t = build(WITHDRAWAL, ruleset="fide", drops={"w": 1})
    assert values(t, "buchholz")["w"] == Fraction(7, 2)
    assert values(t, "buchholz_cut1")["w"] == Fraction(5, 2)
    # Sonneborn-Berger: beat P (1½ × 1); the absences score 0 against their dummies.
    assert values(t, "sonneborn_berger")["w"] == Fraction(3, 2)


# Q takes a half-point bye in round 1 and beats Y and Z; Y ends on 0, Z on 1.
HALF_BYE_FIRST = [
    [("q", "half"), ("z", "y", "a"), ("x", "w", "a")],
    [("q", "y", "a"), ("x", "z", "a"), ("w", "bye")],
    [("q", "z", "a"), ("w", "y", "a"), ("x", "bye")],
]


def test_bye_dummy_is_capped_at_a_draw_per_round() -> None:
    # Art. 16.4.2: Q's own 2½ is more than ½ × 3 rounds, so the dummy is on 1½:
    # BH = 1½ + Y 0 + Z 1 = 2½ (the 2024 dummy on 2½ gave 3½).
    t = build(HALF_BYE_FIRST, ruleset="fide")
    assert values(t, "buchholz")["q"] == Fraction(5, 2)
    legacy = with_ruleset(t, unplayed=UnplayedRounds.VIRTUAL_OPPONENT)
    assert values(legacy, "buchholz")["q"] == Fraction(7, 2)


def test_cut_removes_the_voluntary_unplayed_round_first() -> None:
    # Art. 16.5: the half-point bye (1½) is cut before Y's 0, although Y's is lower:
    # Cut-1 = 0 + 1 = 1. Median-1 then also drops the highest of what is left (Z 1) → 0.
    t = build(HALF_BYE_FIRST, ruleset="fide")
    assert values(t, "buchholz_cut1")["q"] == 1
    assert values(t, "median1")["q"] == 0
    # X's pairing bye is not voluntary: X's lowest value is cut as usual.
    # X: W 2, Z 1, bye dummy min(own 3, 1½) = 1½ → 4½; Cut-1 removes Z's 1 → 3½.
    assert values(t, "buchholz")["x"] == Fraction(9, 2)
    assert values(t, "buchholz_cut1")["x"] == Fraction(7, 2)


def test_sonneborn_berger_scores_the_dummy_by_the_rounds_result() -> None:
    # Art. 9.1 with 16.4: half-point bye 1½ × ½ + Y 0 × 1 + Z 1 × 1 = 1¾.
    t = build(HALF_BYE_FIRST, ruleset="fide")
    assert values(t, "sonneborn_berger")["q"] == Fraction(7, 4)


def last_round(kind: str) -> list[list[tuple[str, ...]]]:
    """F ends on 1½ after two rounds; in round 3 F forfeits to P, or takes a zero bye."""
    third: list[tuple[str, ...]] = (
        [("p", "f", "fa"), ("g", "h", "a")]
        if kind == "forfeit"
        else [("f", "zero"), ("g", "h", "a"), ("p", "bye")]
    )
    return [[("f", "g", "d"), ("h", "p", "d")], [("f", "h", "a"), ("g", "p", "d")], third]


def test_a_forfeit_loss_keeps_its_zero_but_a_trailing_zero_bye_is_a_draw() -> None:
    # G met F, P and H. Art. 16.3.1: F's final forfeit had a scheduled opponent, so F
    # counts 1½ for G; art. 16.3.2: a final zero-point bye (requested) counts as a draw → 2.
    forfeit = build(last_round("forfeit"), ruleset="fide")
    zero = build(last_round("zero"), ruleset="fide")
    assert values(forfeit, "buchholz")["g"] == 4  # F 1½ + P 2 + H ½
    assert values(zero, "buchholz")["g"] == Fraction(9, 2)  # F 2 + P 2 + H ½


def test_forfeit_dummy_is_capped_at_the_scheduled_opponents_score() -> None:
    # Art. 16.4.1: P won by forfeit against F (adjusted 1½) with own 2: dummy min(2, 1½).
    # P: H ½ + G 2 + 1½ = 4.
    t = build(last_round("forfeit"), ruleset="fide")
    assert values(t, "buchholz")["p"] == 4
    # F's forfeit loss is voluntary (16.1.2): dummy min(own 1½, P 2) = 1½, cut first.
    # F: G 2, H ½, forfeit 1½ → BH 4, Cut-1 without the forfeit 2½.
    assert values(t, "buchholz")["f"] == 4
    assert values(t, "buchholz_cut1")["f"] == Fraction(5, 2)


def test_koya_counts_a_forfeit_against_the_scheduled_opponent() -> None:
    # Art. 9.2 as TieBreakServer computes it: threshold ½ × 3 = 1½; F qualifies (1½),
    # so P's forfeit win over F counts 1; P drew G (2) for ½ more; H (½) does not count.
    t = build(last_round("forfeit"), ruleset="fide")
    assert values(t, "koya")["p"] == Fraction(3, 2)


def test_other_conventions_are_unchanged() -> None:
    t = build(HALF_BYE_FIRST, ruleset="teamup")
    assert values(t, "buchholz")["q"] == 1  # no opponent: Y 0 + Z 1


# ---------------------------------------------------------------- TieBreakServer golden data

EXPECTED: dict[str, Any] = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))
COLUMNS = {
    "PTS": None,
    "BH": "buchholz",
    "BH/C1": "buchholz_cut1",
    "BH/C2": "buchholz_cut2",
    "BH/M1": "median1",
    "BH/M2": "median2",
    "SB": "sonneborn_berger",
    "KS": "koya",
    "PS": "progressive",
    "ARO": "aro",
    "WIN": "wins",
}


@pytest.mark.parametrize(
    "event",
    EXPECTED["events"],
    ids=[f"{e['file']}-after-{e['after_round'] or 'all'}" for e in EXPECTED["events"]],
)
def test_matches_tiebreakserver(event: dict[str, Any]) -> None:
    text = (DATA / event["file"]).read_text(encoding="utf-8")
    ruleset = dataclasses.replace(FIDE, tiebreaks=())
    t, _ = read_trf(text, ruleset)
    got: dict[str, dict[str, object]] = {}
    names = [n for n in COLUMNS.values() if n is not None]
    st = compute_standings(t, after_round=event["after_round"], tiebreaks=names)
    for row in st.rows:
        got[row.player.id] = {"PTS": row.points, **dict(zip(names, row.tiebreaks, strict=True))}
    compared = 0
    for number, expected in event["values"].items():
        pid = f"p{number}"
        if pid not in got:  # no completed round: no row (TieBreakServer shows zeros)
            assert Fraction(expected[0]) == 0
            continue
        for column, want in zip(EXPECTED["columns"], expected, strict=True):
            name = COLUMNS[column]
            have = got[pid]["PTS" if name is None else name]
            assert (None if want is None else Fraction(want)) == have, (pid, column)
            compared += 1
    assert compared >= 10 * len(COLUMNS)
