"""What a pairing costs, in the order the issue ranks it, packed into one integer.

From most to least important (DESIGN.md "Pairing a Swiss round", step 6):

1. rematches and forbidden pairs;
2. pairs crossing each score-group boundary, compared from the top boundary down — a crossing
   of a higher boundary costs more than any number of crossings below it; a pair that crosses
   two boundaries counts at both;
3. which player floats out of a group: the lowest-ranked costs 0, the one above 1, ...;
4. distance from the method's ideal partners.

Each level gets a unit larger than the most the levels below can add up to, so the integer sum
compares like the tuple. When the units would pass the matcher's 2^126 limit the lowest
boundaries share one level (their crossings are summed) — the top ones stay exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fairpair.engine.pairing.matcher import MAX_WEIGHT

#: Leave room for the two-player "float allowance" added to each edge weight.
_BUDGET = MAX_WEIGHT // 8


@dataclass(frozen=True, slots=True)
class Scale:
    rematch: int
    boundary: dict[int, int]
    floater: int
    exact_boundaries: int

    def crossing(self, top: int, bottom: int) -> int:
        """The cost of one pair crossing the boundaries ``top .. bottom - 1``."""
        return sum(self.boundary[t] for t in range(top, bottom))


def build_scale(
    pairs: int,
    boundaries: Sequence[int],
    most_crossings: Sequence[int],
    max_floater_cost: int,
    max_method_cost: int,
) -> Scale:
    """Units for a problem with ``pairs`` pairs and the given boundaries (top first), where
    boundary ``boundaries[k]`` can be crossed at most ``most_crossings[k]`` times."""
    method_radix = pairs * max_method_cost + 1
    floater_unit = method_radix
    floater_radix = floater_unit * (pairs * max_floater_cost + 1)
    # Try every boundary exact; merge the lowest ones until the units fit.
    for exact in range(len(boundaries), -1, -1):
        units: dict[int, int] = {}
        unit = floater_radix
        merged = boundaries[exact:]
        if merged:
            for t in merged:
                units[t] = unit
            unit *= sum(most_crossings[exact:]) * 1 + 1
        for k in range(exact - 1, -1, -1):
            units[boundaries[k]] = unit
            unit *= most_crossings[k] + 1
        rematch_unit = unit
        total = rematch_unit * (pairs + 1)
        if total < _BUDGET:
            return Scale(rematch_unit, units, floater_unit, exact)
    raise ValueError("pairing problem too large for one weighted matching")  # pragma: no cover
