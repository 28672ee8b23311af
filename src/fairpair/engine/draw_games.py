"""A drawn match of several games, given without its games: ask, or say what it costs.

In a best-of-three (or five) a draw can be 1-1, 1-1-1, 0-0-3 (three drawn games) or an
unfinished 0-0 — and the games feed GW% and OGW% (MTR appendix C: game points 3 a won game,
1 a drawn one, over the games played). A draw given as a bare ``draw`` (``½-½``, ``=``) has
no games: GW% then counts no games for that match. The console asks for the game score
first (``DrawWithoutGames``), naming the choice; the command line and the API record it and
say so (``NO_GAMES_NOTE``). An intentional draw is not asked about: it is agreed, not played.
"""

from __future__ import annotations

from fairpair.engine.errors import DrawWithoutGames, Location
from fairpair.engine.results import MatchFormat, Result, ResultKind

__all__ = ["GAME_FORMATS", "NO_GAMES_NOTE", "ask_for_draw_games", "draw_without_games"]

#: The match formats whose draws have a game score worth asking for, as organizers say them.
GAME_FORMATS = {MatchFormat.BO3: "best-of-three", MatchFormat.BO5: "best-of-five"}

#: Said when such a draw is recorded without games.
NO_GAMES_NOTE = "a draw without games: GW% and OGW% count no games for this match"


def draw_without_games(result: Result, fmt: MatchFormat) -> bool:
    """``result`` is a played draw without its game score in a match of several games."""
    return (
        result.kind is ResultKind.PLAYED
        and result.winner is None
        and result.games is None
        and fmt in GAME_FORMATS
    )


def ask_for_draw_games(result: Result, fmt: MatchFormat, where: Location) -> None:
    """Refuse a draw without games in a match of several games (``DrawWithoutGames``, at
    ``where``'s ``result`` field), naming both ways on."""
    if draw_without_games(result, fmt):
        raise DrawWithoutGames(
            Location(("result",), stage=where.stage, round=where.round, table=where.table),
            f"a draw in a {GAME_FORMATS[fmt]} match: type its game score (1-1, 1-1-1, 0-0-3), "
            "or record it without games — GW% and OGW% then count no games for this match",
        )
