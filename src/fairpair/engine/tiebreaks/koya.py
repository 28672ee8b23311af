"""Koya. Source: FIDE Handbook C.07 (Koya system for round robins, used in Swiss too)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from itertools import compress

from fairpair.engine.errors import N_
from fairpair.engine.ledger import RoundKind
from fairpair.engine.players import PlayerId
from fairpair.engine.stage_config import StageFormat
from fairpair.engine.tiebreaks.base import Compute, Tiebreak, ValueKind, defined
from fairpair.engine.tiebreaks.context import TiebreakContext, Value

#: The definition of ``koya``, one message a paragraph (/help/tiebreaks).
KOYA_TEXT = defined(
    N_(
        "Koya: the points a player scored against opponents who finished on at least half of "
        "the maximum possible score (win points × rounds of the stage so far). Under the "
        "virtual-opponent rule an unplayed round counts when the player's own points qualify. "
        "Under ``fide_2026`` (C.07 art. 9.2, as TieBreakServer computes it) the rounds with a "
        "scheduled opponent count, forfeits included, judged by that opponent's actual final "
        "points; byes and absences count nothing. In a round robin the maximum possible score "
        "is win points × the games a player has (an odd field's sit-out round is no game): the "
        "most games any player has with a result so far (N − 1 per cycle at the end). The "
        "limit can be moved (C.07's ``KS/L``): ``koya_limit_60`` counts opponents on at least "
        "60% of the maximum possible score, ``koya_limit_plus_1`` / ``koya_limit_minus_1`` "
        "raise or lower the 50% limit by one half-point (``koya_limit``)."
    ),
)


def koya(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Koya (its definition: ``KOYA_TEXT``)."""
    return _koya(ctx, 50, 0)


def koya_limit(percent: int, half_points: int) -> Compute:
    """Koya with its limit moved (C.07 art. 9.2 with the ``/L`` modifier, as TieBreakServer
    reads ``KS/L<p>`` and ``KS/L±n``): an opponent counts when they finished on at least
    ``percent`` per cent of the maximum possible score plus ``half_points`` half-points
    (negative: minus). ``koya`` is ``koya_limit(50, 0)``."""
    return partial(_koya, percent=percent, half_points=half_points)


def _koya(ctx: TiebreakContext, percent: int, half_points: int) -> Mapping[PlayerId, Value]:
    """Koya over the limit ``percent`` % of the maximum possible score + ``half_points`` ½."""
    # In scaled points ×200 (whole numbers): 200 × points ≥ 2 × percent × win × rounds
    # + 100 × half_points × unit (a half-point is unit / 2 scaled points).
    limit = 2 * percent * ctx.win_points * _scored_rounds(ctx) + 100 * half_points * ctx.unit
    qualifies = {pid: 200 * p >= limit for pid, p in ctx.final_points.items()}
    out: dict[PlayerId, Value] = {}
    entries_of = ctx.round_entries if ctx.fide else {}
    for pid, rec in ctx.records.items():
        entries = entries_of.get(pid)
        if entries is not None:  # fide_2026, a player with an unplayed round
            total = sum(
                e.points
                for e in entries
                if e.opponent is not None
                and e.kind is not RoundKind.PENDING
                and qualifies[e.opponent]
            )
            out[pid] = ctx.points(total)
            continue
        total = sum(compress(rec.scored, map(qualifies.__getitem__, rec.opponents)))
        if (ctx.fide or ctx.forfeits_played) and rec.unplayed:
            # forfeits count against the scheduled opponent (fide_2026; a round robin)
            total += sum(
                pts
                for (_, _, pts), o in zip(rec.unplayed, rec.unplayed_opponents, strict=True)
                if o is not None and qualifies[o]
            )
        if ctx.virtual and qualifies[pid]:
            total += sum(pts for _, _, pts in ctx.still_unplayed(rec))
        out[pid] = ctx.points(total)
    return out


def _scored_rounds(ctx: TiebreakContext) -> int:
    """The rounds the maximum possible score is counted over: the stage's rounds so far, or
    in a round robin the most games (with a result) any player has."""
    if ctx.ledger.stage.format is not StageFormat.ROUND_ROBIN:
        return ctx.ledger.last_round
    return max((len(rec.opponents) + len(rec.unplayed) for rec in ctx.records.values()), default=0)


TIEBREAKS = (Tiebreak("koya", "Koya", "KS", ValueKind.POINTS, True, KOYA_TEXT, koya),)
