"""The result codes of a TRF round (TRF-16 / TRF-2026, "Player Section", result) and what
each is in fairpair (docs/trf.md has the table).

Letter codes are case-insensitive in the specification; fairpair writes them upper-case
and keeps a file's own spelling through ``TrfLayout``.
"""

from __future__ import annotations

from fairpair.engine.rounds import ByeKind

WIN, DRAW, LOSS = "1", "=", "0"
UNRATED_WIN, UNRATED_DRAW, UNRATED_LOSS = "W", "D", "L"
FORFEIT_WIN, FORFEIT_LOSS = "+", "-"
HALF_BYE, FULL_BYE, PAIRING_BYE, ZERO_BYE = "H", "F", "U", "Z"
BLANK = " "

#: Every code a round may hold (blank: a zero-point bye without an opponent, a game not
#: reported yet with one).
CODES = frozenset("1=0WDL+-HFUZ ")

#: A game at the board: this side's code → the other side's code.
PLAYED_PAIRS = {
    WIN: LOSS,
    LOSS: WIN,
    DRAW: DRAW,
    UNRATED_WIN: UNRATED_LOSS,
    UNRATED_LOSS: UNRATED_WIN,
    UNRATED_DRAW: UNRATED_DRAW,
}

#: A round without an opponent (``0000``): the code → the bye. ``+`` with no opponent is what
#: some programs write for the pairing-allocated bye; ``-`` an absence.
BYES = {
    PAIRING_BYE: ByeKind.PAIRING,
    FORFEIT_WIN: ByeKind.PAIRING,
    FULL_BYE: ByeKind.FULL,
    HALF_BYE: ByeKind.HALF,
    ZERO_BYE: ByeKind.ZERO,
    BLANK: ByeKind.ZERO,
    FORFEIT_LOSS: ByeKind.ZERO,
}

#: The code fairpair writes for each bye.
BYE_CODES = {
    ByeKind.PAIRING: PAIRING_BYE,
    ByeKind.FULL: FULL_BYE,
    ByeKind.HALF: HALF_BYE,
    ByeKind.ZERO: ZERO_BYE,
}

WHITE, BLACK, NO_COLOUR = "w", "b", "-"
COLOURS = frozenset("wb- ")
