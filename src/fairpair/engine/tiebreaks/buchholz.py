"""The Buchholz family: sum of opponents' final points, whole or with the extremes cut.

Source: FIDE Handbook C.07 (Tie-Break Regulations), Buchholz and its modifiers (Cut-1,
Cut-2, Median-1, Median-2); seed 001 worked example (Buchholz 8/6/5, Median 3/1/2).
"""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind
from fairpair.engine.tiebreaks.context import TiebreakContext, Value


def _family(ctx: TiebreakContext, low: int, high: int) -> Mapping[PlayerId, Value]:
    out: dict[PlayerId, Value] = {}
    if ctx.fide and low:
        # C.07 (2026) art. 16.5: a low cut removes the voluntarily unplayed rounds first;
        # a high cut (Median) removes the highest values of what is left, whatever they are.
        for pid, order in ctx.fide_cut_orders.items():
            if len(order) > low + high:
                kept = sorted(order[low:])
                out[pid] = ctx.points(sum(kept[: len(kept) - high]))
            else:
                out[pid] = ctx.points(0)
        return out
    for pid, values in ctx.sorted_schedules.items():
        kept = values[low : len(values) - high] if len(values) > low + high else []
        out[pid] = ctx.points(sum(kept))
    return out


def buchholz(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Buchholz: the sum of the final points of every opponent the player faced.

    Unplayed rounds (byes, forfeits) add nothing under the no-opponent rule; under the
    virtual-opponent rule each adds the player's own final points. Under ``fide_2026``
    (C.07 art. 8.1 and 16, in force from 1 March 2026) every round adds one value: a played
    round the opponent's score with their trailing requested byes and absences counted as
    draws (16.3); an unplayed round a dummy opponent on the player's own points, at most the
    scheduled opponent's score for a forfeit (16.4.1) and at most a draw per round for a bye
    or absence (16.4.2).
    """
    return _family(ctx, 0, 0)


def buchholz_cut1(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Buchholz Cut-1: Buchholz without the lowest single contribution. Under ``fide_2026``
    a voluntarily unplayed round (requested bye, forfeit loss, absence) is cut first, even
    when it is not the lowest (C.07 art. 14.1 and 16.5)."""
    return _family(ctx, 1, 0)


def buchholz_cut2(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Buchholz Cut-2: Buchholz without the two lowest contributions (voluntarily unplayed
    rounds first under ``fide_2026``, C.07 art. 16.5)."""
    return _family(ctx, 2, 0)


def median1(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Median-Buchholz (Median-1): Buchholz without the highest and the lowest contribution
    (the low cut takes a voluntarily unplayed round first under ``fide_2026``, C.07 art.
    16.5)."""
    return _family(ctx, 1, 1)


def median2(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Median-2: Buchholz without the two highest and the two lowest contributions (the low
    cuts take voluntarily unplayed rounds first under ``fide_2026``, C.07 art. 16.5)."""
    return _family(ctx, 2, 2)


TIEBREAKS = (
    Tiebreak(
        "buchholz", "Buchholz", "BH", ValueKind.POINTS, True, buchholz.__doc__ or "", buchholz
    ),
    Tiebreak(
        "buchholz_cut1",
        "Buchholz Cut-1",
        "BH-C1",
        ValueKind.POINTS,
        True,
        buchholz_cut1.__doc__ or "",
        buchholz_cut1,
    ),
    Tiebreak(
        "buchholz_cut2",
        "Buchholz Cut-2",
        "BH-C2",
        ValueKind.POINTS,
        True,
        buchholz_cut2.__doc__ or "",
        buchholz_cut2,
    ),
    Tiebreak(
        "median1", "Median-Buchholz", "MB", ValueKind.POINTS, True, median1.__doc__ or "", median1
    ),
    Tiebreak("median2", "Median-2", "MB2", ValueKind.POINTS, True, median2.__doc__ or "", median2),
)
