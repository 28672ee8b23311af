"""A rating as every system keeps it, and the systems."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class System(StrEnum):
    """A rating system: Glicko-2 (one-on-one), FIDE Elo (chess clubs), OpenSkill (Weng-Lin
    Plackett-Luce: pods with finishing places, and one-on-one when a community picks it)."""

    GLICKO2 = "glicko2"
    ELO = "elo"
    OPENSKILL = "openskill"

    @property
    def label(self) -> str:
        return LABELS[self]


LABELS = {System.GLICKO2: "Glicko-2", System.ELO: "FIDE Elo", System.OPENSKILL: "OpenSkill"}


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating in one system.

    - Glicko-2: ``value`` is the rating r, ``deviation`` the rating deviation RD,
      ``volatility`` σ;
    - FIDE Elo: ``value`` is the (whole) rating, no deviation; ``peak`` is the highest rating
      the player has had (K = 10 once it reached 2400);
    - OpenSkill: ``value`` is μ, ``deviation`` σ.

    ``games`` counts the rated games behind it (FIDE: K = 40 until 30 games)."""

    value: float
    deviation: float | None = None
    volatility: float | None = None
    games: int = 0
    peak: float | None = None


def rank_value(system: System, rating: Rating) -> float:
    """The number a rating list sorts by (highest first): OpenSkill's ordinal μ − 3σ, the
    rating itself for Glicko-2 and FIDE Elo."""
    if system is System.OPENSKILL and rating.deviation is not None:
        return rating.value - 3 * rating.deviation
    return rating.value
