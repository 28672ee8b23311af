"""Counting wins. Source: FIDE Handbook C.07 (number of wins; games won over the board)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from fairpair.engine.errors import N_
from fairpair.engine.ledger import RoundKind, round_entries
from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind, defined
from fairpair.engine.tiebreaks.context import TiebreakContext, Value

#: The definition of ``wins``, one message a paragraph (/help/tiebreaks).
WINS_TEXT = defined(
    N_("Number of wins: every round the player won, byes and forfeit wins included."),
)


def number_of_wins(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Number of wins (its definition: ``WINS_TEXT``)."""
    return {pid: rec.wins for pid, rec in ctx.records.items()}


#: The definition of ``matches_won``, one message a paragraph (/help/tiebreaks).
MATCHES_WON_TEXT = defined(
    N_(
        "Matches played & won: matches actually played against an opponent and won; byes and "
        "forfeit wins do not count."
    ),
)


def matches_played_won(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Matches played & won (its definition: ``MATCHES_WON_TEXT``)."""
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


#: The definition of ``rounds_elected``, one message a paragraph (/help/tiebreaks).
ROUNDS_ELECTED_TEXT = defined(
    N_(
        'Rounds one elected to play (REP; "games one elected to play", GE, in the 2024 text): '
        "the rounds of the stage so far minus the player's voluntarily unplayed ones — half- "
        "and zero-point byes, forfeit losses (a double forfeit too) and rounds the player was "
        "not in (before joining, after withdrawing, a skipped match). A game, a "
        "pairing-allocated or full-point bye and a forfeit win count; a match not reported yet "
        "does not."
    ),
    N_("*Example:* 5 rounds with a half-point bye and a forfeit loss → 3."),
    N_("*Source:* C.07 art. 7.6 (voluntarily unplayed rounds: 16.2)."),
)


def rounds_elected(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Rounds elected to play (its definition: ``ROUNDS_ELECTED_TEXT``)."""
    entries = round_entries(ctx.ledger)
    return {pid: sum(1 for e in entries.get(pid, ()) if e.kind in _ELECTED) for pid in ctx.records}


#: The definition of ``standard_points``, one message a paragraph (/help/tiebreaks).
STANDARD_POINTS_TEXT = defined(
    N_(
        "Standard points (STD): the player's score counted 1 / ½ / 0 whatever the scoring — "
        "each round scoring more than a draw is 1, a draw's points ½, less 0 (a win, forfeit "
        "win or full bye 1; a draw or half-point bye ½; a loss, forfeit loss, zero-point bye "
        "or absence 0). Under chess scoring it equals the points."
    ),
    N_("*Example:* scoring 3/1/0, a win, a draw, a pairing bye (3) and a loss → 2½."),
    N_("*Source:* C.07 as amended in force from 1 March 2026 (TieBreakServer's ``STD``)."),
)


def standard_points(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Standard points (its definition: ``STANDARD_POINTS_TEXT``)."""
    draw = ctx.draw_points
    entries = round_entries(ctx.ledger)
    out: dict[PlayerId, Value] = {}
    for pid in ctx.records:
        halves = sum(
            2 if e.points > draw else 1 if e.points == draw else 0
            for e in entries.get(pid, ())
            if e.kind is not RoundKind.PENDING
        )
        out[pid] = halves // 2 if halves % 2 == 0 else Fraction(halves, 2)
    return out


TIEBREAKS = (
    Tiebreak(
        "wins",
        "Number of wins",
        "WIN",
        ValueKind.COUNT,
        True,
        WINS_TEXT,
        number_of_wins,
    ),
    Tiebreak(
        "matches_won",
        "Matches played & won",
        "MPW",
        ValueKind.COUNT,
        True,
        MATCHES_WON_TEXT,
        matches_played_won,
    ),
    Tiebreak(
        "rounds_elected",
        "Rounds elected to play",
        "REP",
        ValueKind.COUNT,
        True,
        ROUNDS_ELECTED_TEXT,
        rounds_elected,
    ),
    Tiebreak(
        "standard_points",
        "Standard points",
        "STD",
        ValueKind.POINTS,
        True,
        STANDARD_POINTS_TEXT,
        standard_points,
    ),
)
