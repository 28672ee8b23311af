"""Head-to-head / direct encounter.

Source: FIDE Handbook C.07 (2024) article 6, Direct Encounter: among exactly the tied
players, the points scored against each other; when not all of them met, a player is
ranked ahead only if no missing result could catch them up; players still tied are
compared again among themselves (as the FIDE Technical Commission's TieBreakServer does).
Seed 001: players who never met are not separated.
"""

from __future__ import annotations

from fractions import Fraction

from .builders import build, order, ranks, standings

H2H = "head_to_head"


def test_two_tied_players_who_met_winner_first() -> None:
    # C 2, A 1, B 1, D 0; B beat A.
    rounds = [[("a", "b", "b"), ("c", "d", "a")], [("a", "d", "a"), ("b", "c", "b")]]
    st = standings(build(rounds, ruleset="teamup"), H2H)
    assert order(st) == ["c", "b", "a", "d"]
    assert [r.rank for r in st.rows] == [1, 2, 3, 4]
    assert st.value("b", H2H) == 1 and st.value("a", H2H) == 0


def test_all_met_cycle_does_not_separate() -> None:
    # A beat B, B beat C, C beat A; each also has one bye: everyone on 2.
    t = build(
        [
            [("a", "b", "a"), ("c", "bye")],
            [("b", "c", "a"), ("a", "bye")],
            [("c", "a", "a"), ("b", "bye")],
        ],
        ruleset="teamup",
    )
    st = standings(t, H2H)
    assert set(ranks(st).values()) == {1}
    assert all(r.tiebreaks == (None,) for r in st.rows)


def test_only_among_exactly_the_tied_players() -> None:
    # Same cycle, but ARO first separates A (her opponents are rated 2000, the others'
    # average 1500). Among exactly B and C, B beat C: B second, C third.
    t = build(
        [
            [("a", "b", "a"), ("c", "bye")],
            [("b", "c", "a"), ("a", "bye")],
            [("c", "a", "a"), ("b", "bye")],
        ],
        ruleset="teamup",
        ratings={"a": 1000, "b": 2000, "c": 2000},
    )
    st = standings(t, "aro", H2H)
    assert order(st) == ["a", "b", "c"]
    assert [r.rank for r in st.rows] == [1, 2, 3]
    assert st.value("b", H2H) == 1 and st.value("c", H2H) == 0
    assert st.value("a", H2H) is None


FOUR = [
    # A, B, C, D all meet: A beat B and D, lost to C; B beat C and D; C drew D.
    [("a", "b", "a"), ("c", "d", "d")],
    [("a", "c", "b"), ("b", "d", "a")],
    [("a", "d", "a"), ("b", "c", "a")],
    # Then fresh opponents bring everyone to 3: A W L L, B W L L, C W D L, D W W D.
    [("a", "f1", "a"), ("b", "f2", "a"), ("c", "f3", "a"), ("d", "f4", "a")],
    [("a", "f5", "b"), ("b", "f6", "b"), ("c", "f7", "d"), ("d", "f8", "a")],
    [("a", "f9", "b"), ("b", "f10", "b"), ("c", "f11", "b"), ("d", "f12", "d")],
]


def test_all_met_ordered_by_score_and_reapplied_among_the_still_tied() -> None:
    t = build(FOUR, ruleset="teamup")
    st = standings(t, H2H)
    assert [st.row(p).points for p in "abcd"] == [3, 3, 3, 3]
    # Among the four: A 2, B 2, C 1½, D ½. A and B stay tied; among exactly them A beat B.
    assert order(st)[:4] == ["a", "b", "c", "d"]
    assert [ranks(st)[p] for p in "abcd"] == [1, 2, 3, 4]
    assert [st.value(p, H2H) for p in "abcd"] == [2, 2, Fraction(3, 2), Fraction(1, 2)]


SWISS = [
    # A beat B and C; B and C never met. Everyone ends on 2.
    [("a", "b", "a"), ("c", "f1", "a")],
    [("a", "c", "a"), ("b", "f2", "a")],
    [("a", "f3", "b"), ("b", "f4", "a"), ("c", "f5", "a")],
]


def test_not_all_met_leader_placed_when_nobody_can_catch_up() -> None:
    # A scored 2; B and C scored 0 and could reach at most 1 with their missing game.
    st = standings(build(SWISS, ruleset="teamup"), H2H)
    assert [ranks(st)[p] for p in "abc"] == [1, 2, 2]
    assert st.value("a", H2H) == 2
    assert st.value("b", H2H) is None and st.value("c", H2H) is None


def test_not_all_met_no_separation_when_a_missing_game_could_change_it() -> None:
    # A beat B; C met neither. A's 1 could be matched by C winning both missing games.
    rounds = [
        [("a", "b", "a"), ("c", "f1", "a")],
        [("a", "f2", "b"), ("b", "f3", "a"), ("c", "f4", "b")],
    ]
    st = standings(build(rounds, ruleset="teamup"), H2H)
    assert [ranks(st)[p] for p in "abc"] == [1, 1, 1]


def test_repeat_meetings_are_averaged() -> None:
    # A and B met twice (A won, then drew): A averages ¾, B ¼ (C.07 article 6).
    rounds = [
        [("a", "b", "a"), ("c", "d", "a")],
        [("c", "a", "a"), ("d", "b", "b")],
        [("a", "b", "d"), ("c", "d", "b")],
    ]
    st = standings(build(rounds, ruleset="teamup"), H2H)
    assert st.row("a").points == st.row("b").points == Fraction(3, 2)
    assert st.value("a", H2H) == Fraction(3, 4) and st.value("b", H2H) == Fraction(1, 4)
    assert ranks(st)["a"] < ranks(st)["b"]  # type: ignore[operator]


def test_dropped_player_has_no_say() -> None:
    # B beat A, then withdrew. Only A is active in the tie: head-to-head does not apply.
    t = build(
        [[("b", "a", "a"), ("c", "d", "a")], [("a", "c", "a"), ("d", "bye")]],
        ruleset="teamup",
        drops={"b": 1},
    )
    st = standings(t, H2H)
    assert st.row("b").rank is None and st.row("b").dropped
    assert st.value("a", H2H) is None


# A round robin: B wins round 1 by forfeit (A did not come); A and B end tied on 2.
RR_FORFEIT = [
    [("a", "b", "fb"), ("c", "d", "a")],
    [("a", "c", "a"), ("b", "d", "b")],
    [("a", "d", "a"), ("b", "c", "a")],
]


def test_a_round_robins_direct_encounter_counts_the_forfeit_as_played() -> None:
    # C.07 art. 6 (direct encounter) in a tournament with pre-determined pairings, where a
    # forfeited game counts as played against the scheduled opponent (C.07 art. 15; the
    # `DE/P` of FIDE's TieBreakServer): B scored 1 against A, A 0 → B first. The plain
    # `head_to_head` leaves the forfeit out and cannot separate them. The `round_robin`
    # preset puts `head_to_head_forfeits` first.
    from fairpair.engine.rulesets import ROUND_ROBIN

    assert ROUND_ROBIN.tiebreaks[0] == "head_to_head_forfeits"
    t = build(RR_FORFEIT, ruleset="round_robin")
    st = standings(t)
    assert [r.player.id for r in st.rows][:2] == ["b", "a"]
    assert (st.value("b", "head_to_head_forfeits"), st.value("a", "head_to_head_forfeits")) == (
        1,
        0,
    )
    plain = standings(t, "head_to_head")
    assert plain.value("a", "head_to_head") is None and plain.value("b", "head_to_head") is None
