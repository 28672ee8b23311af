"""The engine's model refuses impossible facts with the field and the reason."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fairpair.engine.drops import Drop
from fairpair.engine.errors import InvalidResult, UnknownStage
from fairpair.engine.players import Player
from fairpair.engine.results import GameScore, MatchFormat, Result, ResultKind, Side
from fairpair.engine.rulesets import FIDE, TEAMUP
from fairpair.engine.scoring import Scoring
from fairpair.engine.stage import Elimination, Stage, StageFormat, stage_from_settings
from fairpair.engine.tournament import Tournament


def test_games_decide_the_winner() -> None:
    assert Result.from_games(2, 1).winner is Side.A
    assert Result.from_games(0, 2).winner is Side.B
    assert Result.from_games(1, 1, 1).is_draw


@pytest.mark.parametrize(
    ("make", "where"),
    [
        (lambda: GameScore(2, -1), "games.b"),
        (lambda: Result(ResultKind.PLAYED, Side.B, GameScore(2, 1)), "winner"),
        (lambda: Result(ResultKind.FORFEIT), "winner"),
        (lambda: Result(ResultKind.INTENTIONAL_DRAW, Side.A), "winner"),
        (lambda: Result(ResultKind.SKIPPED, None, GameScore(1, 0)), "games"),
    ],
)
def test_impossible_results_are_refused(make: object, where: str) -> None:
    with pytest.raises(InvalidResult) as caught:
        make()  # type: ignore[operator]
    assert caught.value.where == where


def test_points_are_exact() -> None:
    with pytest.raises(TypeError, match="exact"):
        Scoring(win=0.5)  # type: ignore[arg-type]
    assert TEAMUP.scoring.draw == Fraction(1, 2)
    assert TEAMUP.scoring.unit == 2
    assert Scoring().unit == 1


def test_formats_that_can_draw() -> None:
    assert MatchFormat.BO1.can_draw and MatchFormat.TWO_GAME.can_draw
    assert not MatchFormat.BO3.can_draw


def test_round_cap_of_swiss_elimination() -> None:
    assert (
        stage_from_settings(
            format=StageFormat.SWISS_ELIMINATION, elimination=Elimination(3, 2)
        ).round_cap
        == 4
    )
    assert (
        stage_from_settings(
            format=StageFormat.SWISS_ELIMINATION, elimination=Elimination(3, 2), max_rounds=3
        ).round_cap
        == 3
    )
    assert stage_from_settings(max_rounds=5).round_cap == 5
    assert Stage().round_cap is None


def test_drops_at_tournament_and_stage_level() -> None:
    swiss = Stage(id="swiss", drops=(Drop("b", 3),))
    cut = Stage(id="top8", ruleset=FIDE)
    t = Tournament(
        "t",
        (Player("a", "A"), Player("b", "B"), Player("c", "C")),
        (swiss, cut),
        (Drop("a", 2, stage="swiss"), Drop("c", 1)),
    )
    assert t.drop_rounds(swiss) == {"b": 3, "a": 2, "c": 1}
    assert t.drop_rounds(cut) == {"a": 0, "c": 1}
    with pytest.raises(UnknownStage):
        t.stage("finals")
    assert t.stage() is cut
