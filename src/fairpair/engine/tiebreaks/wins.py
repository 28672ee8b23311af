"""Counting wins. Source: FIDE Handbook C.07 (number of wins; games won over the board)."""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind
from fairpair.engine.tiebreaks.context import TiebreakContext, Value


def number_of_wins(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Number of wins: every round the player won, byes and forfeit wins included."""
    return {pid: rec.wins for pid, rec in ctx.records.items()}


def matches_played_won(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Matches played & won: matches actually played against an opponent and won; byes and
    forfeit wins do not count."""
    return {pid: rec.won_over_board for pid, rec in ctx.records.items()}


TIEBREAKS = (
    Tiebreak(
        "wins",
        "Number of wins",
        "WIN",
        ValueKind.COUNT,
        True,
        number_of_wins.__doc__ or "",
        number_of_wins,
    ),
    Tiebreak(
        "matches_won",
        "Matches played & won",
        "MPW",
        ValueKind.COUNT,
        True,
        matches_played_won.__doc__ or "",
        matches_played_won,
    ),
)
