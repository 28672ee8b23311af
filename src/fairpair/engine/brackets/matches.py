"""One match of a bracket and the sources that feed its two sides: a seed, the winner or the
loser of an earlier match, or (for a bracket reset) the same side of an earlier match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Side = Literal["a", "b"]
BracketName = Literal["winners", "losers", "final", "reset", "third_place"]


@dataclass(frozen=True, slots=True)
class Seed:
    """The entrant with this seed (1 is the top seed)."""

    seed: int


@dataclass(frozen=True, slots=True)
class WinnerOf:
    """The winner of match ``match``."""

    match: str


@dataclass(frozen=True, slots=True)
class LoserOf:
    """The loser of match ``match``."""

    match: str


@dataclass(frozen=True, slots=True)
class SideOf:
    """Whoever played side ``side`` of match ``match`` (the bracket reset replays the final)."""

    match: str
    side: Side


Source = Seed | WinnerOf | LoserOf | SideOf


@dataclass(frozen=True, slots=True)
class Match:
    """One match of the bracket.

    ``depth`` orders eliminations: a player knocked out here places below everyone knocked out
    at a greater depth. ``loser_out`` says the loser is eliminated by this match (false when the
    loser drops to the losers bracket or plays for third place). ``label`` is the organizer's
    name ("Quarterfinal #2", "Winners round 2 #1", "Losers round 1 #2", "Grand final",
    "Bracket reset", "Third place").
    """

    id: str
    bracket: BracketName
    round: int
    index: int
    label: str
    a: Source
    b: Source
    depth: int
    loser_out: bool
