"""Game (score) difference. Source: seed 001, Team Up's "score difference (where game scores
were recorded)"."""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.errors import N_
from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind, defined
from fairpair.engine.tiebreaks.context import TiebreakContext, Value

#: The definition of ``game_difference``, one message a paragraph (/help/tiebreaks).
GAME_DIFFERENCE_TEXT = defined(
    N_(
        "Game difference: games won minus games lost, over every match with a game score (a "
        "bye counts as the scoring's bye games, MTR 2-0; a forfeit as its forfeit games)."
    ),
)


def game_difference(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Game difference (its definition: ``GAME_DIFFERENCE_TEXT``)."""
    return {pid: rec.games_won - rec.games_lost for pid, rec in ctx.records.items()}


TIEBREAKS = (
    Tiebreak(
        "game_difference",
        "Game difference",
        "GD",
        ValueKind.COUNT,
        True,
        GAME_DIFFERENCE_TEXT,
        game_difference,
    ),
)
