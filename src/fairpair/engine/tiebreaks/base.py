"""The shape of a tiebreak: a name, how it reads, which way is better, and how it computes."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.context import TiebreakContext, Value


class ValueKind(StrEnum):
    """How a tiebreak's value is shown: points, a percentage, a count, a rating, ..."""

    POINTS = "points"
    PERCENT = "percent"
    COUNT = "count"
    RATING = "rating"
    SEED = "seed"
    RANDOM = "random"


Compute = Callable[[TiebreakContext], Mapping[PlayerId, Value]]
ComputeAmong = Callable[[TiebreakContext, Sequence[PlayerId]], Mapping[PlayerId, Value] | None]


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """One tiebreak of the catalogue.

    Exactly one of ``compute`` (a value per player, independent of who else is tied) and
    ``compute_among`` (values among exactly the tied players, or ``None`` when it does not
    apply to them) is set. ``None`` values rank after every real value.
    """

    name: str
    label: str
    short: str
    kind: ValueKind
    higher_is_better: bool
    definition: str
    compute: Compute | None = None
    compute_among: ComputeAmong | None = None
