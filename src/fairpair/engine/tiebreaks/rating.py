"""Average rating of opponents. Source: FIDE Handbook C.07, ARO."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import floor

from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind
from fairpair.engine.tiebreaks.context import TiebreakContext, Value


def average_rating_of_opponents(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Average rating of opponents: the mean rating of the rated opponents the player faced
    (unrated opponents and unplayed rounds left out), rounded to the nearest whole number,
    half up (FIDE C.07 ARO: 1500 and 1601 → 1551). No rated opponent: no value."""
    out: dict[PlayerId, Value] = {}
    for pid, rec in ctx.records.items():
        ratings = [
            r for r in (ctx.records[o].player.rating for o in rec.opponents) if r is not None
        ]
        out[pid] = _round_half_up(Fraction(sum(ratings), len(ratings))) if ratings else None
    return out


def _round_half_up(value: Fraction) -> int:
    return floor(value + Fraction(1, 2))


TIEBREAKS = (
    Tiebreak(
        "aro",
        "Average rating of opponents",
        "ARO",
        ValueKind.RATING,
        True,
        average_rating_of_opponents.__doc__ or "",
        average_rating_of_opponents,
    ),
)
