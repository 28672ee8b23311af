"""OMW%, GW%, OGW% (Magic Tournament Rules, appendix C) and OMW%/OOMW% under the Play!
Pokémon rules, hand-worked from the published examples (RULES.md)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from .builders import Rounds, build, values, with_ruleset

F = Fraction


def only_opponent_sees(
    rounds: Rounds, ruleset: str, *, drops: Mapping[str, int] | None = None
) -> Any:
    """X plays P in round 1 and withdraws: X's OMW% is exactly P's (floored) win rate."""
    t = build(rounds, ruleset=ruleset, drops={"x": 1, **(drops or {})})
    return values(t, "omw")["x"]


# -- MTR appendix C ----------------------------------------------------------------------


def test_mtr_5_2_1_over_8_rounds_is_0667() -> None:
    # MW% = 16 / (3 × 8) = 0.667.
    outcome = ["a", "a", "a", "a", "a", "b", "b", "d"]
    rounds = [[("p", "x" if i == 0 else f"o{i}", code)] for i, code in enumerate(outcome)]
    got = only_opponent_sees(rounds, "mtg")
    assert got == F(2, 3)
    assert f"{float(got):.3f}" == "0.667"


def test_mtr_1_3_0_then_withdrew_is_floored_to_033() -> None:
    # Four rounds played, 3 / 12 = 0.25 → 0.33; the event goes on to round 6 without P.
    rounds = [
        [("p", "x", "a")],
        [("p", "o2", "b")],
        [("p", "o3", "b")],
        [("p", "o4", "b")],
        [("o2", "o3", "a")],
        [("o3", "o4", "a")],
    ]
    assert only_opponent_sees(rounds, "mtg", drops={"p": 4}) == F(33, 100)


def test_mtr_3_2_0_with_round_1_bye_then_withdrew_is_060() -> None:
    # The bye counts in P's own record: 9 / (3 × 5) = 0.60.
    rounds: Rounds = [
        [("p", "bye")],
        [("p", "x", "a")],
        [("p", "o3", "a")],
        [("p", "o4", "b")],
        [("p", "o5", "b")],
        [("o3", "o4", "a")],
    ]
    assert only_opponent_sees(rounds, "mtg", drops={"p": 5}) == F(3, 5)
    # A tool that leaves byes out of the player's own record: 6 / 12 = 0.50.
    t = with_ruleset(build(rounds, ruleset="mtg", drops={"x": 1, "p": 5}), byes_in_own_record=False)
    assert values(t, "omw")["x"] == F(1, 2)


def test_mtr_game_points_2_0_0__2_1_0__2_0_1() -> None:
    # 2-0-0: 6 and 0 game points; 2-1-0: 6 and 3; 2-0-1: 7 and 1 (out of 3 × games).
    t = build(
        [[("w1", "l1", (2, 0)), ("w2", "l2", (2, 1)), ("w3", "l3", (2, 0, 1))]],
        ruleset="mtg",
    )
    raw = values(with_ruleset(t, percentage_floor=F(0)), "gw")
    assert raw == {"w1": 1, "l1": 0, "w2": F(2, 3), "l2": F(1, 3), "w3": F(7, 9), "l3": F(1, 9)}
    # MTR: "Again, use 0.33 if the actual game-win percentage is lower than that."
    floored = values(t, "gw")
    assert floored["l1"] == floored["l3"] == F(33, 100)
    assert floored["l2"] == F(1, 3)  # 0.333… is above 0.33
    # OGW%: each opponent's GW%, floored.
    ogw = values(t, "ogw")
    assert ogw["w1"] == F(33, 100) and ogw["l1"] == 1 and ogw["w2"] == F(1, 3)


def test_mtr_bye_is_a_2_0_win_in_own_games_and_ignored_in_opponents_percentages() -> None:
    # P: bye (2-0, 6 game points), then lost 0-2 to Q. GW% = 6 / 12 = 0.5.
    t = build(
        [[("p", "bye"), ("q", "r", (2, 1))], [("q", "p", (2, 0)), ("r", "bye")]], ruleset="mtg"
    )
    assert values(t, "gw")["p"] == F(1, 2)
    # P's OMW% and OGW% count only Q: Q is 2-0 in matches, 4-1 in games.
    assert values(t, "omw")["p"] == 1
    assert values(t, "ogw")["p"] == F(12, 15)


def test_mtr_forfeit_counts_the_no_show_as_an_opponent() -> None:
    # mtg gives forfeits an opponent: Q (0-1) appears in P's OMW% at the floor.
    t = build([[("p", "q", "fa")]], ruleset="mtg")
    assert values(t, "omw")["p"] == F(33, 100)
    # default leaves the forfeit out: P has no opponent, so no OMW%.
    assert values(build([[("p", "q", "fa")]]), "omw")["p"] is None


def test_mtr_draws_count_one_match_point() -> None:
    # Round 1: O drew P, X beat R. Round 2: R beat O, P beat X.
    # MW%: O 1/6 → 0.33, P 4/6, X 3/6, R 3/6.
    t = build(
        [[("o", "p", "d"), ("x", "r", "a")], [("r", "o", "a"), ("x", "p", "b")]], ruleset="mtg"
    )
    omw = values(t, "omw")
    assert omw["x"] == (F(1, 2) + F(2, 3)) / 2 == F(7, 12)
    assert omw["p"] == (F(33, 100) + F(1, 2)) / 2 == F(83, 200)
    assert omw["o"] == F(7, 12)


# -- Play! Pokémon --------------------------------------------------------------------------


def test_pokemon_3_1_1_is_70_percent() -> None:
    outcome = ["a", "a", "a", "b", "d"]
    rounds = [[("p", "x" if i == 0 else f"o{i}", code)] for i, code in enumerate(outcome)]
    assert only_opponent_sees(rounds, "pokemon") == F(7, 10)


def test_pokemon_floor_25_percent() -> None:
    rounds = [[("x", "p", "a")], [("o2", "p", "a")], [("o3", "p", "a")], [("o4", "p", "a")]]
    assert only_opponent_sees(rounds, "pokemon") == F(1, 4)


def test_pokemon_dropped_opponent_capped_at_75_percent() -> None:
    rounds = [[("p", "x", "a")], [("p", "o2", "a")], [("p", "o3", "a")], [("p", "o4", "a")]]
    more = [*rounds, [("o2", "o3", "a")], [("o3", "o4", "a")]]
    assert only_opponent_sees(more, "pokemon", drops={"p": 4}) == F(3, 4)
    assert only_opponent_sees(rounds, "pokemon") == 1  # not dropped: no cap


def test_pokemon_dropped_1_3_in_six_rounds_counts_played_rounds_only() -> None:
    rounds = [[("p", "x", "a")], [("o2", "p", "a")], [("o3", "p", "a")], [("o4", "p", "a")]]
    more = [*rounds, [("o2", "o3", "a")], [("o3", "o4", "a")]]
    assert only_opponent_sees(more, "pokemon", drops={"p": 4}) == F(1, 4)


def test_pokemon_byes_removed_2_1_with_a_bye_counts_1_1() -> None:
    rounds: Rounds = [[("p", "x", "a")], [("p", "bye")], [("o3", "p", "a")]]
    assert only_opponent_sees(rounds, "pokemon") == F(1, 2)


def test_pokemon_byes_removed_4_3_with_a_bye_counts_3_3() -> None:
    outcome = ["a", "bye", "a", "a", "b", "b", "b"]
    rounds: list[list[tuple[str, ...]]] = []
    for i, code in enumerate(outcome):
        opp = "x" if i == 0 else f"o{i}"
        rounds.append([("p", "bye")] if code == "bye" else [("p", opp, code)])
    assert only_opponent_sees(rounds, "pokemon") == F(1, 2)


def test_pokemon_own_bye_round_has_no_opponent() -> None:
    # X: bye, then beat P (0-1 → floored 25%). X's OWP is P's alone.
    t = build([[("x", "bye"), ("p", "q", "b")], [("x", "p", "a"), ("q", "bye")]], ruleset="pokemon")
    assert values(t, "omw")["x"] == F(1, 4)


def test_pokemon_oomw() -> None:
    # Three players, one bye each round (removed). X beat P, Q beat X, P drew Q.
    # Win %: X ½, P ¼, Q ¾. OWP: X (¼+¾)/2 = ½, P (½+¾)/2 = ⅝, Q (½+¼)/2 = ⅜.
    # OOWP: X (⅝+⅜)/2 = ½, P (½+⅜)/2 = 7/16, Q (½+⅝)/2 = 9/16.
    t = build(
        [
            [("x", "p", "a"), ("q", "bye")],
            [("q", "x", "a"), ("p", "bye")],
            [("p", "q", "d"), ("x", "bye")],
        ],
        ruleset="pokemon",
    )
    assert values(t, "omw") == {"x": F(1, 2), "p": F(5, 8), "q": F(3, 8)}
    assert values(t, "oomw") == {"x": F(1, 2), "p": F(7, 16), "q": F(9, 16)}
