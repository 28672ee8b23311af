"""How many players make a top cut: a fixed number of seats, or a percentage of the players who
took part rounded to one of a set of sizes (seed 001, "Top cut math"; ``engine.topcut`` seats
them from the standings)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from fairpair.engine.errors import InvalidStage, Location, saying

#: The sizes a percentage cut is rounded to, by default (seed 001: "rounded to 4, 8 or 16").
DEFAULT_SIZES = (4, 8, 16)


@dataclass(frozen=True, slots=True)
class CutRule:
    """How many players make the cut: ``fixed`` seats, or ``percent`` of the players who took
    part rounded to the nearest of ``sizes`` (a tie goes to the larger size). Exactly one of
    ``fixed`` and ``percent`` is set. ``replace_dropped``: a player who drops after the cut is
    replaced by the next below the line (default); off: nobody advances in their place."""

    fixed: int | None = None
    percent: Fraction | None = None
    sizes: tuple[int, ...] = DEFAULT_SIZES
    replace_dropped: bool = True

    def __post_init__(self) -> None:
        where = Location(("top_cut",))
        if (self.fixed is None) == (self.percent is None):
            raise InvalidStage(
                where, saying("a top cut is a fixed number of seats or a percentage")
            )
        if self.fixed is not None and self.fixed < 2:
            raise InvalidStage(
                where, saying("a top cut has at least 2 seats, not %(seats)s", seats=self.fixed)
            )
        if self.percent is not None:
            if isinstance(self.percent, float):
                raise InvalidStage(
                    where, saying("the percentage must be exact (a Fraction), not float")
                )
            if not 0 < self.percent <= 1:
                raise InvalidStage(where, saying("the percentage is more than 0 and at most 100%"))
            if not self.sizes or any(s < 2 for s in self.sizes):
                raise InvalidStage(where, saying("the sizes a percentage rounds to are 2 or more"))

    def seats(self, took_part: int) -> int:
        """The number of seats for a stage ``took_part`` players took part in (never more
        than there are players; at least 2)."""
        if self.fixed is not None:
            return max(2, min(self.fixed, took_part))
        assert self.percent is not None
        raw = self.percent * took_part
        sizes = sorted(set(self.sizes))
        best = min(sizes, key=lambda s: (abs(Fraction(s) - raw), -s))
        if best <= took_part:
            return best
        fitting = [s for s in sizes if s <= took_part]
        return fitting[-1] if fitting else max(2, took_part)
