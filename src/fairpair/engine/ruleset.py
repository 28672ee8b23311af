"""A ruleset: scoring plus tiebreak order plus the conventions the tiebreaks follow."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from fairpair.engine.scoring import Scoring


class UnplayedRounds(StrEnum):
    """How strength-of-schedule tiebreaks treat a round without an opponent (bye, forfeit).

    - ``no_opponent`` (default): the round is left out; it adds nothing.
    - ``virtual_opponent`` (FIDE): the round counts as a game against a virtual opponent who
      finishes on the player's own final points (and own percentages).
    """

    NO_OPPONENT = "no_opponent"
    VIRTUAL_OPPONENT = "virtual_opponent"


class WinRateBasis(StrEnum):
    """How a player's match-win rate is measured.

    - ``match_points``: match points ÷ (win points × rounds played) (MTR appendix C).
    - ``results``: (wins + ½ draws) ÷ rounds played (Play! Pokémon).
    """

    MATCH_POINTS = "match_points"
    RESULTS = "results"


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Everything that decides points and order. Presets live in ``rulesets``."""

    name: str = "custom"
    scoring: Scoring = field(default_factory=Scoring)
    tiebreaks: tuple[str, ...] = ()
    percentage_floor: Fraction = field(default_factory=lambda: Fraction(33, 100))
    unplayed: UnplayedRounds = UnplayedRounds.NO_OPPONENT
    byes_in_own_record: bool = True
    dropped_cap: Fraction | None = None
    win_rate: WinRateBasis = WinRateBasis.MATCH_POINTS
    forfeits_have_opponent: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.percentage_floor, float):
            raise TypeError("Ruleset.percentage_floor must be exact, not float")
        object.__setattr__(self, "percentage_floor", Fraction(self.percentage_floor))
        if not 0 <= self.percentage_floor <= 1:
            raise ValueError("Ruleset.percentage_floor must be between 0 and 1")
        if self.dropped_cap is not None:
            object.__setattr__(self, "dropped_cap", Fraction(self.dropped_cap))
