"""The C.07 tie-breaks added for issue 12, each on a small event worked by hand (the values
in the comments), each test citing its article of FIDE Handbook C.07 (edition applied from
1 August 2024; the 2026 amendment keeps these definitions). TieBreakServer agrees with all of
them on five generated events: test_c07_golden_catalogue.py.

The event (``fide`` preset, chess scoring; White is the toss's ``first``):

    round 1: A (W) beat B;  C (W) drew D
    round 2: C (W) lost to A;  B (W) lost to D
    round 3: A (W) drew D;  B beat C — no toss recorded: colour unknown

Points: A 2½, D 2, B 1, C ½. Ratings: A 1800, B 1600, C 1500, D 1700.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from fairpair.engine.rounds import Toss, TossReason
from fairpair.engine.rulesets import FIDE
from fairpair.engine.tiebreaks.fide_tables import dp, pd
from fairpair.engine.tiebreaks.rating import _ptp, _tpr
from fairpair.engine.tournament import Tournament

from .builders import build, values

RATINGS = {"a": 1800, "b": 1600, "c": 1500, "d": 1700}
ROUNDS = [
    [("a", "b", "a"), ("c", "d", "d")],
    [("c", "a", "b"), ("b", "d", "b")],
    [("a", "d", "d"), ("b", "c", "a")],
]
WHITE = {(1, "a"), (1, "c"), (2, "c"), (2, "b"), (3, "a")}  # (round, White); b–c: no toss


def event(ruleset: object = "fide", ratings: dict[str, int] | None = None) -> Tournament:
    t = build(ROUNDS, ruleset=ruleset, ratings=RATINGS if ratings is None else ratings)  # type: ignore[arg-type]
    stage = t.stages[-1]
    rounds = tuple(
        dataclasses.replace(
            rnd,
            matches=tuple(
                dataclasses.replace(m, toss=Toss(m.a, TossReason.MANUAL, manual=True))
                if (rnd.number, m.a) in WHITE
                else m
                for m in rnd.matches
            ),
        )
        for rnd in stage.rounds
    )
    return dataclasses.replace(t, stages=(dataclasses.replace(stage, rounds=rounds),))


def test_games_played_with_black() -> None:
    # Art. 7.3: A had Black in round 2; B in round 1; D in rounds 1, 2 and 3; C had White
    # twice and an unknown colour in round 3 (no toss) → 0.
    assert values(event(), "black_games") == {"a": 1, "b": 1, "c": 0, "d": 3}


def test_games_won_with_black() -> None:
    # Art. 7.4: A won with Black in round 2, D in round 2; B's round-3 win has no known
    # colour and does not count.
    assert values(event(), "black_wins") == {"a": 1, "b": 0, "c": 0, "d": 1}


def test_a_forfeit_is_no_game_with_black() -> None:
    # Art. 7.3/7.4 count games played: B forfeits round 1 with Black → 0 games for both.
    t = event()
    stage = t.stages[-1]
    first = stage.rounds[0]
    forfeit = dataclasses.replace(
        first.matches[0], result=build([[("a", "b", "fa")]]).stages[-1].rounds[0].matches[0].result
    )
    rounds = (dataclasses.replace(first, matches=(forfeit, *first.matches[1:])), *stage.rounds[1:])
    t = dataclasses.replace(t, stages=(dataclasses.replace(stage, rounds=rounds),))
    assert values(t, "black_games")["b"] == 0
    assert values(t, "black_wins")["a"] == 1  # round 2, unchanged


def test_rounds_elected_to_play() -> None:
    # Art. 7.6 (REP; GE in the 2024 text): X asked for a half-point bye (round 1) and
    # forfeited round 2, then played → 1; Y played, won by forfeit, had a full-point bye → 3;
    # Z played, had the pairing bye, played → 3.
    t = build(
        [
            [("x", "half"), ("y", "z", "a")],
            [("x", "y", "fb"), ("z", "bye")],
            [("x", "z", "a"), ("y", "full")],
        ],
        ruleset="fide",
    )
    assert values(t, "rounds_elected") == {"x": 1, "y": 3, "z": 3}
    # A withdrawn player's absences are not elected: W played round 1 only → 1.
    late = build(
        [[("w", "v", "a")], [("v", "bye")]], ruleset="fide", drops={"w": 1}, players=["w", "v"]
    )
    assert values(late, "rounds_elected") == {"w": 1, "v": 2}


def test_progressive_cut1() -> None:
    # Art. 7.5 with 14.1: the running score after round 1 is cut. A 1, 2, 2½ → PS 5½, Cut-1
    # 4½; D ½, 1½, 2 → 3½; B 0, 0, 1 → 1; C ½, ½, ½ → 1.
    t = event()
    assert values(t, "progressive") == {"a": Fraction(11, 2), "b": 1, "c": Fraction(3, 2), "d": 4}
    assert values(t, "progressive_cut1") == {
        "a": Fraction(9, 2),
        "b": 1,
        "c": 1,
        "d": Fraction(7, 2),
    }


def test_fore_buchholz() -> None:
    # Art. 8.3: round 3 counted as drawn: A–D stays a draw, B–C becomes one → scores A 2½,
    # B ½, C 1, D 2. FB A = B ½ + C 1 + D 2 = 3½ (BH 3½); B = A 2½ + D 2 + C 1 = 5½ (BH 5);
    # C = D 2 + A 2½ + B ½ = 5 (BH 5½); D = C 1 + B ½ + A 2½ = 4 (BH 4).
    t = event()
    assert values(t, "buchholz") == {
        "a": Fraction(7, 2),
        "b": 5,
        "c": Fraction(11, 2),
        "d": 4,
    }
    assert values(t, "fore_buchholz") == {"a": Fraction(7, 2), "b": Fraction(11, 2), "c": 5, "d": 4}


def test_average_of_opponents_buchholz() -> None:
    # Art. 8.2: A's opponents B 5, C 5½, D 4 → 14½ / 3 = 29/6; B: A 3½, D 4, C 5½ → 13/3;
    # C: D 4, A 3½, B 5 → 25/6; D: C 5½, B 5, A 3½ → 14/3. Exact fractions.
    assert values(event(), "aob") == {
        "a": Fraction(29, 6),
        "b": Fraction(13, 3),
        "c": Fraction(25, 6),
        "d": Fraction(14, 3),
    }


def test_sonneborn_berger_cut1_cuts_the_lowest_opponent() -> None:
    # Art. 9.1 with 14.1: B lost to A (2½) and D (2), beat C (½): SB ½. The least significant
    # round is the one against the lowest opponent, C → SB-C1 0 (cutting the lowest product,
    # a 0, would leave ½). A: beat B 1, beat C ½, drew D ½ × 2 = 1 → SB 2½; C (½) cut → 2.
    t = event()
    assert values(t, "sonneborn_berger")["b"] == Fraction(1, 2)
    assert values(t, "sonneborn_berger_cut1")["b"] == 0
    assert values(t, "sonneborn_berger")["a"] == Fraction(5, 2)
    assert values(t, "sonneborn_berger_cut1")["a"] == 2


def test_sonneborn_berger_cut1_takes_a_voluntarily_unplayed_round_first() -> None:
    # Art. 16.5 (2026): Q's half-point bye (dummy min(2½, 1½) = 1½, × ½ = ¾) and the lowest
    # opponent Y (0, beaten: 0) are the two candidates; the one with the higher product goes:
    # the bye. SB 1¾ → SB-C1 = Z 1 × 1 = 1.
    t = build(
        [
            [("q", "half"), ("z", "y", "a"), ("x", "w", "a")],
            [("q", "y", "a"), ("x", "z", "a"), ("w", "bye")],
            [("q", "z", "a"), ("w", "y", "a"), ("x", "bye")],
        ],
        ruleset="fide",
    )
    assert values(t, "sonneborn_berger")["q"] == Fraction(7, 4)
    assert values(t, "sonneborn_berger_cut1")["q"] == 1


def test_aro_cut1() -> None:
    # Art. 10.1 with 14.1: A met 1600, 1500, 1700 → ARO 1600, without 1500 → 1650. B: 1800,
    # 1700, 1500 → 1666⅔ → 1667, without 1500 → 1750. D: 1500, 1600, 1800 → 1633, → 1700.
    t = event()
    assert values(t, "aro") == {"a": 1600, "b": 1667, "c": 1700, "d": 1633}
    assert values(t, "aro_cut1") == {"a": 1650, "b": 1750, "c": 1750, "d": 1700}


def test_tournament_performance_rating() -> None:
    # Art. 10.2, B.02 table 8.1.1: A 2½/3 = 83% → dp 273: 1600 + 273 = 1873; B 1/3 = 33% →
    # −125: 1667 − 125 = 1542; C ½/3 = 17% → −273: 1700 − 273 = 1427; D 2/3 = 67% → +125:
    # 1633 + 125 = 1758.
    assert values(event(), "tpr") == {"a": 1873, "b": 1542, "c": 1427, "d": 1758}


def test_average_performance_rating_of_opponents() -> None:
    # Art. 10.4: A's opponents' TPRs 1542, 1427, 1758 → 4727 / 3 = 1575⅔ → 1576.
    assert values(event(), "apro")["a"] == 1576


def test_perfect_tournament_performance() -> None:
    # Art. 10.3, B.02 table 8.1.2 without the 400 cut: a draw against 1700 needs PD ≥ 0.50,
    # given up to 3 points below → 1697; 1 of 2 against 1600 and 1800 → 1699 (0.64 + 0.36 at
    # +99/−101; at 1698, 0.63 + 0.36 < 1); no points → lowest − 800 = 800; 2 of 2 → the
    # highest + 736 = 2536 (PD 1.00 needs more than 735).
    assert _ptp([1700], 1) == 1697
    assert _ptp([1600, 1800], 2) == 1699
    assert _ptp([1600, 1800], 0) == 800
    assert _ptp([1600, 1800], 4) == 2536
    assert _ptp([], 0) is None


def test_average_perfect_performance_of_opponents() -> None:
    # Art. 10.5: P and Q (both 1700) drew: each PTP 1697, so each APPO 1697.
    t = build([[("p", "q", "d")]], ruleset="fide", ratings={"p": 1700, "q": 1700})
    assert values(t, "ptp") == {"p": 1697, "q": 1697}
    assert values(t, "appo") == {"p": 1697, "q": 1697}


def test_unrated_opponents_are_left_out() -> None:
    # fairpair's reading (C.07 would drop the rating tie-breaks, docs/tiebreaks.md): with B
    # unrated, A's TPR is over C and D only: ARO 1600, 1½/2 = 75% → +193 → 1793.
    ratings = {k: v for k, v in RATINGS.items() if k != "b"}
    assert values(event(ratings=ratings), "tpr")["a"] == 1793


def test_the_tables() -> None:
    # B.02 8.1.1 and 8.1.2, a few entries each.
    assert (dp(50), dp(75), dp(100), dp(0), dp(17)) == (0, 193, 800, -800, -273)
    assert (pd(0), pd(3), pd(4), pd(735), pd(736), pd(-736)) == (50, 50, 51, 99, 100, 0)


@given(st.lists(st.integers(1000, 2800), min_size=1, max_size=9), st.data())
def test_performance_grows_with_the_score(ratings: list[int], data: st.DataObject) -> None:
    # TPR and PTP never fall when the score rises against the same opponents.
    low = data.draw(st.integers(0, 2 * len(ratings)))
    high = data.draw(st.integers(low, 2 * len(ratings)))
    assert _tpr(ratings, low) <= _tpr(ratings, high)  # type: ignore[operator]
    assert _ptp(ratings, low) <= _ptp(ratings, high)  # type: ignore[operator]


@given(st.integers(-1000, 1000))
def test_the_scoring_probabilities_add_up_to_one(difference: int) -> None:
    assert pd(difference) + pd(-difference) == 100


def test_the_fide_preset_keeps_its_list() -> None:
    assert FIDE.tiebreaks == (
        "buchholz_cut1",
        "buchholz",
        "sonneborn_berger",
        "head_to_head",
        "wins",
        "aro",
    )
