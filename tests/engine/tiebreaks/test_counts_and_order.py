"""Number of wins, matches played & won, progressive score, game difference, average
rating of opponents, seed and random, hand-worked.

Sources: FIDE C.07 (2024): WIN counts rounds scored as a win with or without playing; WON
(matches played & won) only wins over the board; PS = sum of the running scores; ARO = mean
rating of the opponents actually played, rounded to a whole number. Seed 001 (Team Up:
"score difference (where game scores were recorded)", then seed); seed 004 (the default
order ends with Seed); Riftbound / Pokémon / FIDE (a random draw last).
"""

from __future__ import annotations

from fractions import Fraction

from .builders import Rounds, build, standings, values

# P: bye, forfeit win over Q, 2-1 win over R, 0-2 loss to S.
P_ROUNDS: Rounds = [
    [("p", "bye"), ("q", "r", (2, 0))],
    [("p", "q", "fa"), ("r", "s", (1, 2))],
    [("p", "r", (2, 1)), ("s", "q", (2, 0))],
    [("s", "p", (2, 0)), ("q", "r", "d")],
]


def test_wins_count_byes_and_forfeit_wins() -> None:
    assert values(build(P_ROUNDS), "wins")["p"] == 3


def test_matches_won_counts_only_wins_over_the_board() -> None:
    assert values(build(P_ROUNDS), "matches_won")["p"] == 1


def test_game_difference_counts_bye_games_when_the_scoring_has_them() -> None:
    # default: a bye is 2-0 → (2-0) + (2-1) + (0-2) = +1; the forfeit has no games.
    assert values(build(P_ROUNDS), "game_difference")["p"] == 1
    # teamup: a bye has no games → (2-1) + (0-2) = −1.
    assert values(build(P_ROUNDS, ruleset="teamup"), "game_difference")["p"] == -1


def test_progressive_score_win_loss_win_draw() -> None:
    # Chess scoring: running 1, 1, 2, 2½ → 6½.
    t = build(
        [[("p", "a", "a")], [("b", "p", "a")], [("p", "c", "a")], [("p", "d", "d")]],
        ruleset="fide",
    )
    assert values(t, "progressive")["p"] == Fraction(13, 2)


def test_progressive_score_of_a_player_who_dropped_after_one_round() -> None:
    # D won round 1 and left a three-round event: running 1, 1, 1 → 3.
    t = build(
        [[("d", "a", "a"), ("b", "c", "a")], [("a", "b", "a")], [("b", "c", "a")]],
        ruleset="fide",
        drops={"d": 1},
    )
    assert values(t, "progressive")["d"] == 3


def test_aro_rounds_half_up_and_skips_unrated_and_unplayed() -> None:
    ratings = {"a": 1500, "b": 1601, "c": None}
    rounds: Rounds = [
        [("p", "a", "a")],
        [("p", "b", "b")],
        [("p", "c", "d")],  # unrated: left out
        [("p", "bye")],  # no opponent
    ]
    t = build(rounds, ratings={k: v for k, v in ratings.items() if v is not None})
    aro = values(t, "aro")
    assert aro["p"] == 1551  # 1550.5 → 1551
    assert aro["c"] is None  # C's only opponent, P, is unrated


def test_seed_lower_is_better_and_unseeded_last() -> None:
    from dataclasses import replace

    t = build([[("a", "b", "d"), ("c", "d", "d")]], ruleset="teamup")
    t = replace(t, players=tuple(replace(p, seed=None) if p.id == "a" else p for p in t.players))
    st = standings(t, "seed")
    assert [r.player.id for r in st.rows] == ["b", "c", "d", "a"]
    stage = replace(t.stages[0], seeds={"d": 1})
    st = standings(replace(t, stages=(stage,)), "seed")
    assert st.rows[0].player.id == "d"


def test_random_is_reproducible_from_the_stage_seed() -> None:
    rounds = [[(f"p{i}", f"q{i}", "d") for i in range(6)]]
    first = values(build(rounds, seed="one"), "random")
    assert first == values(build(rounds, seed="one"), "random")
    assert len(set(first.values())) == len(first)  # it separates everyone
    other = values(build(rounds, seed="two"), "random")
    order_one = sorted(first, key=lambda p: -first[p])
    order_two = sorted(other, key=lambda p: -other[p])
    assert order_one != order_two
