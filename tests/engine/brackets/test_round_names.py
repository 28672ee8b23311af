"""The names of playoff rounds (issue 28, point 3): single elimination counts the players still
in (Final, Semifinals, Quarterfinals, Round of 16 …), double elimination numbers each
bracket's rounds (Winners round N, Losers round N) before the Grand final; a round holding
matches of several bracket rounds names them all."""

from __future__ import annotations

import pytest

from fairpair.engine.brackets import double_elimination, single_elimination
from fairpair.engine.brackets.bracket import Bracket
from fairpair.engine.brackets.round_names import (
    bracket_round_name,
    match_round_name,
    single_round_name,
)


def _by_round(bracket: Bracket) -> list[str]:
    """The name of each winners round of ``bracket``, first round first."""
    rounds = sorted({m.round for m in bracket.matches if m.bracket == "winners"})
    return [
        bracket_round_name(
            bracket, [m.id for m in bracket.matches if m.bracket == "winners" and m.round == r]
        )
        or ""
        for r in rounds
    ]


@pytest.mark.parametrize(
    ("entrants", "names"),
    [
        (2, ["Final"]),
        (4, ["Semifinals", "Final"]),
        (8, ["Quarterfinals", "Semifinals", "Final"]),
        (16, ["Round of 16", "Quarterfinals", "Semifinals", "Final"]),
        (32, ["Round of 32", "Round of 16", "Quarterfinals", "Semifinals", "Final"]),
        (6, ["Quarterfinals", "Semifinals", "Final"]),  # byes: two quarterfinals are played
    ],
)
def test_single_elimination_rounds_are_named_by_the_players_still_in(
    entrants: int, names: list[str]
) -> None:
    assert _by_round(single_elimination(entrants)) == names


def test_single_elimination_match_labels_are_singular() -> None:
    labels = [m.label for m in single_elimination(16).matches]
    assert labels[0] == "Round of 16 #1" and "Quarterfinal #4" in labels
    assert "Semifinal #2" in labels and labels[-1] == "Final"


def test_the_third_place_match_is_named_beside_the_final() -> None:
    bracket = single_elimination(8, third_place=True)
    last = [
        m.id for m in bracket.matches if m.bracket in ("winners", "third_place") and m.round == 3
    ]
    assert bracket_round_name(bracket, last) == "Final · Third place"


def test_double_elimination_numbers_each_brackets_rounds() -> None:
    bracket = double_elimination(8)
    names = {m.id: match_round_name(bracket, m) for m in bracket.matches}
    assert [names[f"M{i}"] for i in range(1, 5)] == ["Winners round 1"] * 4
    assert {names["M7"], names["M8"]} == {"Losers round 1"}
    assert names["M11"] == "Winners round 3" and names["M13"] == "Losers round 4"
    assert names["M14"] == "Grand final" and names["M15"] == "Bracket reset"
    # a round of the stage holds the second winners round and the first losers round
    assert bracket_round_name(bracket, ["M7", "M5", "M8", "M6"]) == (
        "Winners round 2 · Losers round 1"
    )
    labels = {m.id: m.label for m in bracket.matches}
    assert labels["M5"] == "Winners round 2 #1" and labels["M8"] == "Losers round 1 #2"


def test_names_refuse_what_is_not_a_round_of_the_bracket() -> None:
    assert bracket_round_name(single_elimination(4), ["M99"]) is None
    with pytest.raises(ValueError, match="round 4 of a bracket of 3 rounds"):
        single_round_name(3, 4)
