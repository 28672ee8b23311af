"""Koya. Source: FIDE Handbook C.07 (Koya system for round robins, used in Swiss too)."""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind
from fairpair.engine.tiebreaks.context import TiebreakContext, Value


def koya(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Koya: the points a player scored against opponents who finished on at least half of
    the maximum possible score (win points × rounds of the stage so far). Under the
    virtual-opponent rule an unplayed round counts when the player's own points qualify."""
    threshold_twice = ctx.win_points * ctx.ledger.last_round
    qualifies = {pid: 2 * p >= threshold_twice for pid, p in ctx.final_points.items()}
    out: dict[PlayerId, Value] = {}
    for pid, rec in ctx.records.items():
        total = sum(pts for o, pts in zip(rec.opponents, rec.scored, strict=True) if qualifies[o])
        if ctx.virtual and 2 * rec.points >= threshold_twice:
            total += sum(pts for _, _, pts in rec.unplayed)
        out[pid] = ctx.points(total)
    return out


TIEBREAKS = (Tiebreak("koya", "Koya", "KS", ValueKind.POINTS, True, koya.__doc__ or "", koya),)
