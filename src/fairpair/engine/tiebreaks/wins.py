"""Counting wins. Source: FIDE Handbook C.07 (number of wins; games won over the board)."""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.ledger import RoundKind, round_entries
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


#: The rounds a player elected to play (C.07 art. 7.6): a game, a pairing-allocated or
#: full-point bye, a forfeit win — every round but the voluntarily unplayed ones (requested
#: byes, forfeit losses, absences) and the unreported.
_ELECTED = frozenset(
    (
        RoundKind.PLAYED,
        RoundKind.POD,
        RoundKind.PAIRING_BYE,
        RoundKind.FULL_BYE,
        RoundKind.FORFEIT_WIN,
    )
)


def rounds_elected(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Rounds one elected to play (REP; "games one elected to play", GE, in the 2024 text):
    the rounds of the stage so far minus the player's voluntarily unplayed ones — half- and
    zero-point byes, forfeit losses (a double forfeit too) and rounds the player was not in
    (before joining, after withdrawing, a skipped match). A game, a pairing-allocated or
    full-point bye and a forfeit win count; a match not reported yet does not.
    *Example:* 5 rounds with a half-point bye and a forfeit loss → 3. *Source:* C.07 art. 7.6
    (voluntarily unplayed rounds: 16.2)."""
    entries = round_entries(ctx.ledger)
    return {pid: sum(1 for e in entries.get(pid, ()) if e.kind in _ELECTED) for pid in ctx.records}


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
    Tiebreak(
        "rounds_elected",
        "Rounds elected to play",
        "REP",
        ValueKind.COUNT,
        True,
        rounds_elected.__doc__ or "",
        rounds_elected,
    ),
)
