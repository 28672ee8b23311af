"""A draw without its games in a best-of-three (``engine.draw_games``): the console asks
(``ask_draw_games`` refuses it, naming both ways on, and records nothing); the command line
and the API record it and say that GW% counts no games for it; a draw with its games, an
intentional draw and a chess draw (best of one) are recorded as they are."""

from __future__ import annotations

import pytest

from fairpair.engine.draw_games import NO_GAMES_NOTE, draw_without_games
from fairpair.engine.errors import DrawWithoutGames, InvalidResult
from fairpair.engine.results import MatchFormat, Result
from fairpair.engine.ruleset import Ruleset
from fairpair.engine.rulesets import FIDE, MTG
from fairpair.engine.stage import Stage
from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database

ACTOR = "td"


def _open(db: Database, name: str, ruleset: Ruleset) -> str:
    slug = events.create_event(db, name, actor=ACTOR, stage=Stage(ruleset=ruleset, seed=name))
    players.add_players(
        db,
        slug,
        [NewPlayer(n, id=n.lower(), seed=i) for i, n in enumerate("ABCDEF", 1)],
        actor=ACTOR,
    )
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    rounds.open_round(db, slug, 1, actor=ACTOR)
    return slug


@pytest.mark.parametrize(
    ("result", "fmt", "asked"),
    [
        (Result.draw(), MatchFormat.BO3, True),
        (Result.draw(), MatchFormat.BO5, True),
        (Result.draw(), MatchFormat.BO1, False),
        (Result.draw(), MatchFormat.TWO_GAME, False),
        (Result.from_games(1, 1, 1), MatchFormat.BO3, False),
        (Result.draw(intentional=True), MatchFormat.BO3, False),
        (Result.from_games(2, 1), MatchFormat.BO3, False),
    ],
)
def test_which_results_are_a_draw_without_games(
    result: Result, fmt: MatchFormat, asked: bool
) -> None:
    assert draw_without_games(result, fmt) is asked


def test_the_console_is_asked_and_the_rest_are_told(db: Database) -> None:
    slug = _open(db, "Draw Night", MTG)
    with pytest.raises(DrawWithoutGames) as asked:
        results.report(db, slug, 1, Result.draw(), actor=ACTOR, table=1, ask_draw_games=True)
    assert isinstance(asked.value, InvalidResult)  # its row of the error table: 422
    assert asked.value.location.path == ("result",) and asked.value.location.table == 1
    assert "1-1, 1-1-1, 0-0-3" in asked.value.reason and "without games" in asked.value.reason
    assert rounds.round_view(db, slug, 1).tables[0].result is None  # nothing recorded

    told = results.report(db, slug, 1, Result.draw(), actor=ACTOR, table=1)
    assert told.note == NO_GAMES_NOTE and "GW%" in told.note
    games = results.report(
        db, slug, 1, Result.from_games(1, 1, 1), actor=ACTOR, table=2, ask_draw_games=True
    )
    assert games.note is None and games.result == "draw 1-1-1"
    agreed = results.report(
        db, slug, 1, Result.draw(intentional=True), actor=ACTOR, table=3, ask_draw_games=True
    )
    assert agreed.note is None
    with pytest.raises(DrawWithoutGames):  # a correction to a bare draw is asked about too
        results.correct(
            db, slug, 1, 2, Result.draw(), actor=ACTOR, reason="slip", ask_draw_games=True
        )


def test_a_chess_draw_is_just_a_draw(db: Database) -> None:
    slug = _open(db, "Chess Draw", FIDE)
    drawn = results.report(db, slug, 1, Result.draw(), actor=ACTOR, table=1, ask_draw_games=True)
    assert drawn.note is None and drawn.result == "draw"
