"""A pod table (4 players, places 1–4) next to a two-player match in one stage: validated,
scored by place, and "met" for the pairing history (docs/tables.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fairpair.engine.changes import open_round, record_places, release_round
from fairpair.engine.errors import InvalidResult
from fairpair.engine.history import met_before
from fairpair.engine.players import Player
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Match, PodTable, Round, RoundState
from fairpair.engine.ruleset import Ruleset
from fairpair.engine.scoring import Scoring
from fairpair.engine.stage import stage_from_settings
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament
from fairpair.engine.validation import problems
from fairpair.engine.validation_pods import places_problem

PLAYERS = tuple(Player(p, p.title()) for p in ("ash", "bea", "cole", "dev", "eli", "fay"))


def event(places: tuple[int, ...] | None, scoring: Scoring | None = None) -> Tournament:
    rnd = Round(
        1,
        matches=(Match(1, "eli", "fay", Result.win(Side.A)),),
        pods=(PodTable(2, ("ash", "bea", "cole", "dev"), places),),
    )
    ruleset = Ruleset(scoring=scoring or Scoring(win=Fraction(5), draw=Fraction(1)))
    stage = stage_from_settings(ruleset=ruleset, rounds=(rnd,))
    return Tournament("Commander night", PLAYERS, (stage,))


def test_a_pod_and_a_match_in_one_round_validate_and_score_by_place() -> None:
    t = event((1, 2, 3, 4))
    assert problems(t) == []
    rows = {r.player.id: r for r in compute_standings(t).rows}
    assert rows["ash"].points == 5 and rows["ash"].wins == 1
    assert [rows[p].points for p in ("bea", "cole", "dev")] == [0, 0, 0]
    assert rows["dev"].losses == 1 and rows["dev"].played == 1
    assert rows["eli"].points == 5 and rows["fay"].points == 0


def test_a_shared_first_place_is_a_draw() -> None:
    rows = {r.player.id: r for r in compute_standings(event((1, 1, 3, 4))).rows}
    assert rows["ash"].points == rows["bea"].points == 1 and rows["ash"].draws == 1


def test_points_per_place_when_the_ruleset_lists_them() -> None:
    scoring = Scoring(place_points=(Fraction(4), Fraction(3), Fraction(2), Fraction(1)))
    rows = {r.player.id: r for r in compute_standings(event((2, 1, 4, 2), scoring)).rows}
    assert [rows[p].points for p in ("ash", "bea", "cole", "dev")] == [3, 4, 1, 3]


def test_pod_mates_have_met_and_a_bye_meets_nobody() -> None:
    met = met_before(event((1, 2, 3, 4)).stage())
    assert met["ash"] == {"bea", "cole", "dev"}
    assert met["eli"] == {"fay"}


@pytest.mark.parametrize(
    ("seats", "places", "where", "reason"),
    [
        (("ash", "bea"), None, "seats", "a pod table has 3–10 seats, not 2"),
        (("ash", "bea", "ash"), None, "seats[2]", "'ash' has two seats at this table"),
        (("ash", "bea", "cole"), (1, 2), "places", "2 places for 3 seats"),
        (("ash", "bea", "cole"), (1, 3, 3), "places", "place 3 cannot follow 1 seat ahead"),
        (("ash", "bea", "cole"), (0, 1, 2), "places", "places are numbered 1 to 3"),
    ],
)
def test_impossible_pod_tables_are_refused_with_their_place(
    seats: tuple[str, ...], places: tuple[int, ...] | None, where: str, reason: str
) -> None:
    rnd = Round(1, pods=(PodTable(1, seats, places),))
    t = Tournament("x", PLAYERS, (stage_from_settings(rounds=(rnd,)),))
    found = problems(t)
    assert any(
        p.where == f"stages[0].rounds[0].pods[0].{where}" and reason in p.reason for p in found
    ), found


def test_a_player_at_a_pod_and_in_a_match_of_the_same_round_is_refused() -> None:
    rnd = Round(1, (Match(1, "ash", "eli"),), pods=(PodTable(2, ("ash", "bea", "cole")),))
    found = problems(Tournament("x", PLAYERS, (stage_from_settings(rounds=(rnd,)),)))
    assert [p.where for p in found] == ["stages[0].rounds[0].pods[0].seats[0]"]


@given(st.lists(st.integers(1, 6), min_size=3, max_size=6))
def test_valid_places_are_exactly_the_rankings(places: list[int]) -> None:
    ranked = sorted(places)
    is_ranking = all(p == 1 + sum(1 for q in places if q < p) for p in places)
    assert (places_problem(tuple(places), len(places)) is None) == (is_ranking and ranked[0] == 1)


def test_record_places_through_the_transition() -> None:
    stage = stage_from_settings(
        rounds=(Round(1, pods=(PodTable(1, ("ash", "bea", "cole")),), state=RoundState.SCHEDULED),)
    )
    t = open_round(Tournament("x", PLAYERS, (stage,)), 1)
    t = record_places(t, 1, 1, (2, 1, 3))
    assert t.stage().rounds[0].pods[0].places == (2, 1, 3)
    with pytest.raises(InvalidResult, match="place 3 cannot follow"):
        record_places(t, 1, 1, (1, 3, 3))
    assert release_round is not None
