"""Where a playoff stage's field comes from: the top cut of an earlier stage (seed 001, "Top
cut math"; ``engine.topcut``).

A stage with a ``cut`` starts with no participants; drawing the cut (automatically, the moment
the last match of ``from_stage`` is reported, or by the organizer) sets its ``participants`` in
seed order and its ``seeds`` (1 = the best of the cut).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from fairpair.engine.errors import InvalidStage, Location

if TYPE_CHECKING:  # the cut itself is computed only when it is drawn
    from fairpair.engine.topcut import CutRule

#: The sizes a percentage cut is rounded to, by default (seed 001: "rounded to 4, 8 or 16").
DEFAULT_SIZES = (4, 8, 16)


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
        if isinstance(self.percent, float):
            raise InvalidStage(Location(("cut", "percent")), "the percentage must be exact")
        self.rule  # noqa: B018 - refuses a contradiction now, naming the field

    @property
    def rule(self) -> CutRule:
        """The engine's cut rule (``percent`` is in per cent here, a share there)."""
        from fairpair.engine.topcut import CutRule

        return CutRule(
            fixed=self.top,
            percent=None if self.percent is None else Fraction(self.percent) / 100,
            sizes=self.sizes,
            replace_dropped=self.replace_dropped,
        )
