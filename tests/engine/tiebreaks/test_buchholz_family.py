"""Buchholz, Cut-1, Cut-2, Median-1, Median-2, Sonneborn-Berger and Koya, hand-worked.

Source: FIDE Handbook C.07 (Play-off and Tie-Break Regulations, 2024): Buchholz = sum of the
opponents' scores; Cut-1/Cut-2 drop the lowest one/two; Median-1/-2 drop the highest and
lowest one/two; Sonneborn-Berger = sum of opponents' scores × the points scored against
them; Koya = points scored against opponents who reached 50% of the maximum score.
Seed 001 for the "no opponent" convention (a bye adds nothing) and the FIDE "virtual
opponent who finishes on the player's own points".
"""

from __future__ import annotations

from fractions import Fraction

from fairpair.engine.ruleset import UnplayedRounds

from .builders import Rounds, build, standings, values, with_ruleset

H = Fraction(1, 2)

# P beat A, drew B, lost to C, then had a pairing bye. A ends on 0, B on 2, C on 3, P on 2½.
SCHEDULE: Rounds = [
    [("p", "a", "a"), ("b", "x1", "a"), ("c", "x2", "a")],
    [("p", "b", "d"), ("a", "x1", "b"), ("c", "x3", "a")],
    [("p", "c", "b"), ("a", "x2", "b"), ("b", "x3", "d")],
    [("p", "bye"), ("x1", "x2", "d")],
]


def schedule(unplayed: UnplayedRounds = UnplayedRounds.NO_OPPONENT):  # type: ignore[no-untyped-def]
    return with_ruleset(build(SCHEDULE, ruleset="teamup"), unplayed=unplayed)


def test_points_of_the_schedule() -> None:
    st = standings(schedule())
    assert [st.row(p).points for p in ("p", "a", "b", "c")] == [Fraction(5, 2), 0, 2, 3]


def test_no_opponent_rule_leaves_the_bye_out() -> None:
    t = schedule()
    # Opponents' scores {0, 2, 3}; the bye adds nothing.
    assert values(t, "buchholz")["p"] == 5
    assert values(t, "buchholz_cut1")["p"] == 5  # 5 − 0
    assert values(t, "buchholz_cut2")["p"] == 3  # 5 − 0 − 2
    assert values(t, "median1")["p"] == 2  # 5 − 0 − 3
    assert values(t, "median2")["p"] == 0  # three values, four cut: nothing left
    # SB: A (0) × 1 + B (2) × ½ + C (3) × 0 = 1.
    assert values(t, "sonneborn_berger")["p"] == 1


def test_virtual_opponent_counts_the_bye_at_own_final_points() -> None:
    t = schedule(UnplayedRounds.VIRTUAL_OPPONENT)
    # Opponents' scores {0, 2, 3} plus a virtual opponent on P's own 2½.
    assert values(t, "buchholz")["p"] == Fraction(15, 2)
    assert values(t, "buchholz_cut1")["p"] == Fraction(15, 2)
    assert values(t, "buchholz_cut2")["p"] == Fraction(11, 2)
    assert values(t, "median1")["p"] == Fraction(9, 2)  # 2 + 2½
    assert values(t, "median2")["p"] == 0
    # SB: 1 + 2½ × 1 (the bye is a win against the virtual opponent).
    assert values(t, "sonneborn_berger")["p"] == Fraction(7, 2)


def test_half_point_bye_under_virtual_opponent_sb_adds_half_own_points() -> None:
    # The uncapped dummy opponent is `virtual_opponent`, named explicitly since the `fide`
    # preset follows the March 2026 edition (test_fide_unplayed.py has its numbers).
    t = with_ruleset(
        build([[("p", "q", "a")], [("p", "half"), ("q", "zero")]], ruleset="fide"),
        unplayed=UnplayedRounds.VIRTUAL_OPPONENT,
    )
    # P: 1 + ½ = 1½. Q: 0 (a zero-point bye is not a counted round).
    assert values(t, "sonneborn_berger")["p"] == Fraction(3, 4)  # Q 0 × 1 + 1½ × ½
    assert values(t, "buchholz")["p"] == Fraction(3, 2)  # Q 0 + 1½


def test_forfeits_are_unplayed_rounds() -> None:
    # Q forfeits to P; P then beats R over the board. R ends on 1 (beat S), Q on 0.
    rounds = [[("p", "q", "fa"), ("r", "s", "a")], [("p", "r", "a"), ("q", "s", "b")]]
    t = build(rounds, ruleset="teamup")
    assert values(t, "buchholz")["p"] == 1  # only R
    assert values(t, "sonneborn_berger")["p"] == 1
    virtual = with_ruleset(build(rounds, ruleset="fide"), unplayed=UnplayedRounds.VIRTUAL_OPPONENT)
    assert values(virtual, "buchholz")["p"] == 3  # R 1 + virtual opponent on P's own 2
    # C.07 (2026) art. 16.4.1: the dummy is capped at the scheduled opponent's score, Q's 0.
    assert values(build(rounds, ruleset="fide"), "buchholz")["p"] == 1


def test_dropped_opponent_still_counts_with_the_points_they_had() -> None:
    # D beat P in round 1 and withdrew; D's 1 point stays in P's Buchholz.
    rounds: Rounds = [[("d", "p", "a"), ("q", "r", "a")], [("p", "q", "a"), ("r", "bye")]]
    t = build(rounds, ruleset="teamup", drops={"d": 1})
    assert values(t, "buchholz")["p"] == 2  # D 1 + Q 1


def test_sonneborn_berger_round_robin() -> None:
    # Four players, all-play-all: A 2½, B 2, C 1, D ½.
    t = build(ROUND_ROBIN, ruleset="fide")
    sb = values(t, "sonneborn_berger")
    assert sb == {"a": Fraction(13, 4), "b": Fraction(3, 2), "c": H, "d": Fraction(5, 4)}


ROUND_ROBIN = [
    [("a", "b", "a"), ("c", "d", "a")],
    [("a", "c", "a"), ("b", "d", "a")],
    [("a", "d", "d"), ("b", "c", "a")],
]


def test_koya_round_robin() -> None:
    # Threshold: 50% of the maximum 3 = 1½ → A (2½) and B (2) qualify.
    # A: 1 against B. B: 0 against A. C: 0 + 0. D: ½ against A + 0 against B.
    t = build(ROUND_ROBIN, ruleset="fide")
    assert values(t, "koya") == {"a": 1, "b": 0, "c": 0, "d": H}


def test_koya_threshold_is_inclusive() -> None:
    # Two rounds, maximum 2: an opponent on exactly 1 qualifies.
    t = build(
        [[("a", "b", "a"), ("c", "d", "d")], [("a", "c", "d"), ("b", "d", "a")]], ruleset="teamup"
    )
    # B: 1, C: 1, D: ½. A scored 1 against B (1) and ½ against C (1).
    assert values(t, "koya")["a"] == Fraction(3, 2)
