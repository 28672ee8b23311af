"""Game (score) difference. Source: seed 001, Team Up's "score difference (where game scores
were recorded)"."""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind
from fairpair.engine.tiebreaks.context import TiebreakContext, Value


def game_difference(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Game difference: games won minus games lost, over every match with a game score
    (a bye counts as the scoring's bye games, MTR 2-0; a forfeit as its forfeit games)."""
    return {pid: rec.games_won - rec.games_lost for pid, rec in ctx.records.items()}


TIEBREAKS = (
    Tiebreak(
        "game_difference",
        "Game difference",
        "GD",
        ValueKind.COUNT,
        True,
        game_difference.__doc__ or "",
        game_difference,
    ),
)
