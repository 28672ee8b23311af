"""What the Dutch system (FIDE Handbook C.04.3) reads of a tournament, and what it answers.

The pairing works on plain values so that a TRF file, a saved event or a test can feed it
alike: each player's rounds so far (opponent, colour, whether the game was played, points),
the scoring, the number of rounds and the initial colour. ``engine.pairing.dutch.field``
builds these from a stage; ``fairpair check-pairings`` builds them from a TRF file.

Points are integers in the stage's scoring unit (chess: half-points).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, StrEnum


class Colour(StrEnum):
    """A player's piece colour in a game: White moves first (``Toss.first``)."""

    WHITE = "white"
    BLACK = "black"

    @property
    def other(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class Strength(IntEnum):
    """How strongly a player wants a colour (C.04.3 A.6)."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True, slots=True)
class PastRound:
    """One earlier round of one player.

    ``opponent`` is the other player's key when the round had one (a played game or a
    forfeit); ``colour`` is set only when the game was played; ``paired`` says the player took
    part in that round's pairing (a played game, a forfeit either way, the pairing-allocated
    bye) as opposed to a bye they asked for or an absence."""

    points: int
    opponent: str | None = None
    colour: Colour | None = None
    played: bool = False
    paired: bool = False
    pairing_bye: bool = False


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player of the tournament: ``number`` is the pairing number (the initial ranking
    list, C.04.2 "Initial order"); ``rounds`` holds one entry per round before the one paired
    (an entry with 0 points, not paired, for a round the player missed)."""

    key: str
    number: int
    rounds: tuple[PastRound, ...] = ()
    present: bool = True
    """Takes part in this round's pairing (not withdrawn, no bye or absence set for it)."""
    virtual: tuple[int, ...] = ()
    """Virtual points (Baku acceleration, C.04.5.1) added to the pairing score of each round,
    round 1 first, the round being paired last; missing entries are 0."""

    def virtual_at(self, index: int) -> int:
        """The virtual points of the round at 0-based ``index``."""
        return self.virtual[index] if 0 <= index < len(self.virtual) else 0


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points for each outcome, in the scoring unit."""

    win: int = 2
    draw: int = 1
    loss: int = 0


@dataclass(frozen=True, slots=True)
class DutchField:
    """Everything the pairing of one round reads."""

    entrants: tuple[Entrant, ...]
    rounds_total: int
    """The number of rounds of the tournament (topscorers exist only in its last round)."""
    initial_colour: Colour = Colour.WHITE
    """The colour of the top-ranked player of round 1 (C.04.2 "Initial colour"); the E.5
    rank rule gives it to odd pairing numbers."""
    scoring: Scoring = field(default_factory=Scoring)
    forbidden: tuple[tuple[str, str], ...] = ()
    """Pairs that must not meet (teammates, family), besides players who met already."""
    bye_floats_down: bool = True
    """A pairing-allocated bye is a downfloat whatever it scores (C.04.3 of 1 February 2026,
    art. 1.4.3); ``False``: only when it scores more than a loss, as any round scored without
    playing (the text of 1 July 2025, art. 1.4.3)."""


@dataclass(frozen=True, slots=True)
class Game:
    """One board of the answer: ``white`` against ``black``."""

    white: str
    black: str


class FloatKind(StrEnum):
    DOWN = "down"
    UP = "up"


@dataclass(frozen=True, slots=True)
class BracketRecord:
    """One pairing bracket as it was paired, for the notes."""

    score: int
    residents: tuple[str, ...]
    moved_down: tuple[str, ...]
    pairs: tuple[tuple[str, str], ...]
    floaters: tuple[str, ...]
    """Players left unpaired here: they move down to the next bracket."""
    upfloaters: tuple[str, ...] = ()
    """The lower players of pairs with different scores (they receive an upfloat)."""
    colour_denied: tuple[str, ...] = ()
    """Players of this bracket's pairs denied their colour preference (C.10)."""
    strong_denied: tuple[str, ...] = ()
    """Of those, the ones whose preference was strong or absolute (C.11)."""
    repeat_downfloat: tuple[str, ...] = ()
    """Players receiving a downfloat here (the higher of a pair with different scores, or the
    pairing-allocated bye) who received one the round before."""
    repeat_upfloat: tuple[str, ...] = ()
    """Upfloaters who received an upfloat the round before."""


@dataclass(frozen=True, slots=True)
class ColourDecision:
    """Why the board's colours are what they are (C.04.3 E.1–E.5)."""

    white: str
    black: str
    rule: str
    """``both`` (E.1), ``stronger`` (E.2), ``alternation`` (E.3), ``higher-ranked`` (E.4),
    ``rank`` (E.5)."""
    granted: tuple[str, ...] = ()
    """Players whose colour preference was granted."""
    denied: tuple[str, ...] = ()
    """Players who had a colour preference and did not get it."""
    higher: str = ""
    """The higher-ranked of the two (score, then pairing number)."""
    higher_number: int = 0
    white_wants: Colour | None = None
    white_strength: Strength = Strength.NONE
    black_wants: Colour | None = None
    black_strength: Strength = Strength.NONE


@dataclass(frozen=True, slots=True)
class DutchPairing:
    """The round: boards in order, the pairing-allocated bye, and how it was reached."""

    games: tuple[Game, ...]
    bye: str | None
    brackets: tuple[BracketRecord, ...]
    colours: tuple[ColourDecision, ...]
    scores: dict[str, int] = field(default_factory=dict, compare=False, hash=False)
