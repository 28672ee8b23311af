"""Elimination brackets as pure data: seeding (MTR 10.4), single and double elimination.

A bracket is built once from the number of entrants (seeds 1..n); a pure function reads the
results so far (the winning side per match id, never a draw) and says which matches are playable
next and the final placement of everyone already decided. Nothing here does I/O.
"""

from fairpair.engine.brackets.bracket import (
    Bracket,
    BracketState,
    Placement,
    PlayoffDrawRefused,
    decide,
    state,
)
from fairpair.engine.brackets.double import double_elimination
from fairpair.engine.brackets.matches import LoserOf, Match, Seed, SideOf, Source, WinnerOf
from fairpair.engine.brackets.seeding import bracket_order, bracket_size, byes, first_round
from fairpair.engine.brackets.single import single_elimination

__all__ = [
    "Bracket",
    "BracketState",
    "LoserOf",
    "Match",
    "Placement",
    "PlayoffDrawRefused",
    "Seed",
    "SideOf",
    "Source",
    "WinnerOf",
    "bracket_order",
    "bracket_size",
    "byes",
    "decide",
    "double_elimination",
    "first_round",
    "single_elimination",
    "state",
]
