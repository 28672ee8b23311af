"""Games with Black: BPG and BWG. Source: FIDE Handbook C.07 (edition applied from 1 August
2024, unchanged by the 2026 amendment), art. 7.3 (number of games played with Black) and 7.4
(number of games won with Black).

The colour of a game is its toss: White is the player who plays first, ``Match.toss.first``
(a chess file's recorded colours arrive as a recorded toss). A match without a toss has no
known colour and counts for neither player. Only games played over the board count (C.07
art. 7.3/7.4: "games played"); forfeits and byes never do.
"""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.errors import N_
from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind, defined
from fairpair.engine.tiebreaks.context import TiebreakContext, Value


def _black(ctx: TiebreakContext) -> tuple[dict[PlayerId, int], dict[PlayerId, int]]:
    """Per player: games played over the board with Black, and of those the games won."""
    records = ctx.records
    played = dict.fromkeys(records, 0)
    won = dict.fromkeys(records, 0)
    last = ctx.ledger.last_round
    for rnd in ctx.stage.rounds:
        if rnd.number > last:
            continue
        for match in rnd.matches:
            result, toss = match.result, match.toss
            if result is None or toss is None or not result.was_played:
                continue
            if toss.first not in match.players:
                continue  # a toss naming neither player: no known colour
            black = match.opponent_of(toss.first)
            if black not in played:
                continue
            played[black] += 1
            if result.winner is not None and result.winner is match.side_of(black):
                won[black] += 1
    return played, won


#: The definition of ``black_games``, one message a paragraph (/help/tiebreaks).
BLACK_GAMES_TEXT = defined(
    N_(
        "Games played with Black (BPG): the games the player played over the board with Black "
        "— the side that did not play first (``Match.toss.first`` is White). A game whose "
        "match has no toss has no known colour and is not counted; forfeits and byes never "
        "count. More is better."
    ),
    N_("*Source:* C.07 art. 7.3."),
)


def black_games(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Games played with Black (its definition: ``BLACK_GAMES_TEXT``)."""
    return _black(ctx)[0]


#: The definition of ``black_wins``, one message a paragraph (/help/tiebreaks).
BLACK_WINS_TEXT = defined(
    N_(
        "Games won with Black (BWG): the games the player won over the board with Black (the "
        "side that did not play first). Games of unknown colour (no toss), forfeit wins and "
        "byes do not count."
    ),
    N_("*Source:* C.07 art. 7.4."),
)


def black_wins(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Games won with Black (its definition: ``BLACK_WINS_TEXT``)."""
    return _black(ctx)[1]


TIEBREAKS = (
    Tiebreak(
        "black_games",
        "Games played with Black",
        "BPG",
        ValueKind.COUNT,
        True,
        BLACK_GAMES_TEXT,
        black_games,
    ),
    Tiebreak(
        "black_wins",
        "Games won with Black",
        "BWG",
        ValueKind.COUNT,
        True,
        BLACK_WINS_TEXT,
        black_wins,
    ),
)
