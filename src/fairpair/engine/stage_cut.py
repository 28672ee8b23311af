"""Where a playoff stage's field comes from: the top cut of an earlier stage (seed 001, "Top
cut math"; ``engine.topcut``).

A stage with a ``cut`` starts with no participants; drawing the cut (automatically, the moment
the last match of ``from_stage`` is reported, or by the organizer) sets its ``participants`` in
seed order and its ``seeds`` (1 = the best of the cut).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from fairpair.engine.cut_rule import DEFAULT_SIZES, CutRule
from fairpair.engine.errors import InvalidStage, Location, Said, saying


@dataclass(frozen=True, slots=True, kw_only=True)
class StageCut:
    """The top ``top`` players of ``from_stage``, or ``percent`` % of the players who took
    part rounded to the nearest of ``sizes``. ``replace_dropped``: a player who drops after the
    cut gives their seat to the next below the line (default); off (Riftbound): nobody advances
    in their place. ``automatic``: drawn the moment the last match of ``from_stage`` is
    reported; off: the organizer draws it (``fairpair cut EVENT --draw``)."""

    from_stage: str
    top: int | None = None
    percent: Fraction | None = None
    sizes: tuple[int, ...] = DEFAULT_SIZES
    replace_dropped: bool = True
    automatic: bool = True

    def __post_init__(self) -> None:
        def refuse(field: str | None, reason: Said) -> None:
            raise InvalidStage(Location(("cut", field) if field else ("cut",)), reason)

        if (self.top is None) == (self.percent is None):
            refuse(
                None, saying('a cut is a fixed number of seats ("top") or a percentage ("percent")')
            )
        if self.top is not None and self.top < 2:
            refuse("top", saying("a top cut has at least 2 seats, not %(seats)s", seats=self.top))
        if self.percent is not None:
            if isinstance(self.percent, float):
                refuse("percent", saying("the percentage must be exact (a Fraction), not a float"))
            if not 0 < self.percent <= 100:
                refuse(
                    "percent",
                    saying(
                        "the percentage is more than 0 and at most 100, not %(percent)s",
                        percent=str(self.percent),
                    ),
                )
        if not self.sizes or any(size < 2 for size in self.sizes):
            refuse(
                "sizes", saying("the sizes a percentage rounds to are 2 or more (default 4, 8, 16)")
            )

    @property
    def rule(self) -> CutRule:
        """The engine's cut rule (``percent`` is in per cent here, a share there)."""
        return CutRule(
            fixed=self.top,
            percent=None if self.percent is None else Fraction(self.percent) / 100,
            sizes=self.sizes,
            replace_dropped=self.replace_dropped,
        )
