"""The one reader of typed results (``interop.typed_text.parse_result``): the console's result
entry, ``fairpair result`` and the API's text results all go through it. Every spelling of a
draw is the same draw; a game score is never taken for one unless its games are level."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fairpair.engine.results import Result, ResultKind, Side
from fairpair.interop.typed_text import DRAW_SPELLINGS, RESULTS_HELP, BadValue, parse_result

SPACES = st.text(alphabet=" \t", max_size=3)
DASHES = st.sampled_from(["-", "–", "—", "−"])


@given(st.sampled_from(sorted(DRAW_SPELLINGS)), SPACES, SPACES, st.booleans())
def test_every_spelling_of_a_draw_is_the_same_draw(
    spelling: str, before: str, after: str, upper: bool
) -> None:
    typed = before + (spelling.upper() if upper else spelling) + after
    assert parse_result(typed) == Result.draw()


@given(
    st.sampled_from(["½", "1/2", "0.5"]),
    DASHES,
    SPACES,
    SPACES,
)
def test_a_half_each_with_any_dash_and_spaces_is_a_draw(
    half: str, dash: str, left: str, right: str
) -> None:
    assert parse_result(f"{half}{left}{dash}{right}{half}") == Result.draw()


@pytest.mark.parametrize("typed", ["½-½", "1/2", "0.5-0.5", "=", "1/2-1/2", "draw", "½ – ½"])
def test_the_chess_draws_the_issue_names(typed: str) -> None:
    result = parse_result(typed)
    assert result.kind is ResultKind.PLAYED and result.winner is None and result.games is None


@given(st.integers(0, 999), st.integers(0, 999), st.integers(0, 999) | st.none(), DASHES, SPACES)
def test_a_game_score_is_its_games_and_draws_only_when_level(
    a: int, b: int, d: int | None, dash: str, space: str
) -> None:
    typed = f"{a}{space}{dash}{space}{b}" + (f"{dash}{d}" if d is not None else "")
    result = parse_result(typed)
    assert result == Result.from_games(a, b, d or 0)
    assert (result.winner is None) == (a == b)


def test_a_chess_win_is_one_nil_from_the_first_player() -> None:
    assert parse_result("1-0").winner is Side.A
    assert parse_result("0-1").winner is Side.B


@pytest.mark.parametrize("typed", ["½-1", "1/3", "==", "0.5-1", "draw!", "", "2-1-1-1"])
def test_what_is_not_a_result_is_refused_naming_the_field(typed: str) -> None:
    with pytest.raises(BadValue) as refused:
        parse_result(typed, "result")
    assert refused.value.location.path == ("result",)
    assert "1/2-1/2" in RESULTS_HELP and "=" in RESULTS_HELP and RESULTS_HELP.isascii()


def test_an_intentional_draw_stays_intentional() -> None:
    assert parse_result("ID") == Result.draw(intentional=True)
    assert parse_result("intentional_draw") == Result.draw(intentional=True)
