"""What a pairing costs, in the order the issue ranks it, packed into one integer.

From most to least important (docs/architecture.md "Pairing a Swiss round", step 6):

1. rematches and forbidden pairs;
2. pairs crossing each score-group boundary, compared from the top boundary down — a crossing
   of a higher boundary costs more than any number of crossings below it; a pair that crosses
   two boundaries counts at both;
3. which player floats out of a group: the lowest-ranked costs 0, the one above 1, ...;
4. distance from the method's ideal partners.

Each of these is a *level* with a count (rematches, the crossings of one boundary, the total
floater cost, the total method cost). Each level gets a unit larger than the most the levels
below can add up to, so the integer sum compares like the tuple.

When the units of every level would pass the matcher's 2^126 limit (many score groups), the
search runs in *stages* (``build_scale`` with ``fixed``): a stage ranks only a top block of
levels exactly and ignores the rest; the optimum counts it finds for that block are then
*fixed*. A fixed level no longer needs a unit above everything its own count could do, only
above what the levels below can gain back by undercutting *their optimum*: with ``c*`` the
optimum counts and ``f`` the floors (no pairing does better: a boundary with an odd number of
players above it is crossed at least once), the unit of fixed level ``k`` is
``L + sum(unit[j] * (c*[j] - f[j]) for fixed j below k)``, ``L`` above everything the unfixed
levels can add. A pairing worse than the optimum at its first differing fixed level ``i`` then
costs at least ``unit[i] - sum(unit[j] * (c*[j] - f[j]), j > i) = L`` more on the fixed levels
than the optimum, more than the unfixed levels can give back, so the next stage keeps every
fixed count at its optimum while ranking the next block exactly. The optimum's counts are
almost always at their floors, so fixed levels cost a few bits each, not ``log2(most + 1)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fairpair.engine.pairing.matcher import MAX_WEIGHT
from fairpair.engine.pairing.refusals import WeightLimitReached

#: Leave room for the two-player "float allowance" added to each edge weight.
_BUDGET = MAX_WEIGHT // 8


@dataclass(frozen=True, slots=True)
class Scale:
    """Units of one stage. A unit of 0 means the level is not ranked in this stage."""

    rematch: int
    boundary: dict[int, int]
    floater: int
    method: int
    ceiling: int
    """More than the total cost of any pairing at these units."""
    ranked: int
    """Levels ranked exactly (fixed ones included), counted from the top: rematches, then
    each boundary, then floater cost, then method cost. All of them: the last stage."""

    def crossing(self, top: int, bottom: int) -> int:
        """The cost of one pair crossing the boundaries ``top .. bottom - 1``."""
        return sum(self.boundary[t] for t in range(top, bottom))


def build_scale(
    pairs: int,
    boundaries: Sequence[int],
    most_crossings: Sequence[int],
    floor_crossings: Sequence[int],
    max_floater_cost: int,
    max_method_cost: int,
    fixed: Sequence[int] = (),
) -> Scale:
    """Units for a problem with ``pairs`` players and the given boundaries (top first), where
    boundary ``boundaries[k]`` is crossed at least ``floor_crossings[k]`` and at most
    ``most_crossings[k]`` times. ``fixed``: the optimum counts of the top levels, found by
    earlier stages. Ranks as many further levels as fit under the matcher's limit."""
    most = [pairs, *most_crossings, pairs * max_floater_cost, pairs * max_method_cost]
    floor = [0, *floor_crossings, 0, 0]
    units, ranked, total = level_units(most, floor, fixed)
    count = len(boundaries)
    return Scale(
        rematch=units[0],
        boundary={t: units[1 + k] for k, t in enumerate(boundaries)},
        floater=units[count + 1],
        method=units[count + 2],
        ceiling=total + 1,
        ranked=ranked,
    )


def level_units(
    most: Sequence[int], floor: Sequence[int], fixed: Sequence[int]
) -> tuple[list[int], int, int]:
    """Units for levels (top first) counting between ``floor[k]`` and ``most[k]``, the top
    ``len(fixed)`` of them fixed at the optimum counts ``fixed``: ``(units, ranked, total)``,
    ranking the most levels whose ``total`` (the highest possible cost) fits the budget."""
    done = len(fixed)
    for ranked in range(len(most), done, -1):
        units = [0] * len(most)
        span = 1
        for k in range(ranked - 1, done - 1, -1):
            units[k] = span
            span *= most[k] + 1
        total = span - 1
        for k in range(done - 1, -1, -1):
            units[k] = span
            total += units[k] * most[k]
            span += units[k] * (fixed[k] - floor[k])
        if total < _BUDGET:
            return units, ranked, total
    raise WeightLimitReached(
        "pairing",
        "this round needs more score-group crossings than one exact matching can rank "
        "(over ~80 beyond parity); pair it by hand or with fewer groups, and please report it",
    )
