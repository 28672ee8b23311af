"""Average rating of opponents. Source: FIDE Handbook C.07, ARO."""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind
from fairpair.engine.tiebreaks.context import TiebreakContext, Value


def average_rating_of_opponents(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Average rating of opponents: the mean rating of the rated opponents the player faced
    (unrated opponents and unplayed rounds left out), rounded to the nearest whole number,
    half up (FIDE C.07 ARO: 1500 and 1601 → 1551). No rated opponent: no value."""
    ratings = {pid: rec.player.rating for pid, rec in ctx.records.items()}
    out: dict[PlayerId, Value] = {}
    for pid, rec in ctx.records.items():
        rated = [r for r in map(ratings.__getitem__, rec.opponents) if r is not None]
        # floor(mean + ½) in whole numbers: (2 × sum + n) // 2n.
        out[pid] = (2 * sum(rated) + len(rated)) // (2 * len(rated)) if rated else None
    return out


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
