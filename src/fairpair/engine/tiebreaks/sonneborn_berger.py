"""Sonneborn-Berger. Source: FIDE Handbook C.07; seed 001 worked example (4/2/3)."""

from __future__ import annotations

import operator
from collections.abc import Mapping
from fractions import Fraction

from fairpair.engine.errors import N_
from fairpair.engine.ledger import PlayerRecord
from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind, defined
from fairpair.engine.tiebreaks.context import TiebreakContext, Value

#: The definition of ``sonneborn_berger``, one message a paragraph (/help/tiebreaks).
SONNEBORN_BERGER_TEXT = defined(
    N_(
        "Sonneborn-Berger: the final points of every opponent beaten, plus half the final "
        "points of every opponent drawn. Unplayed rounds add nothing under the no-opponent "
        "rule; under the virtual-opponent rule each adds the player's own points times that "
        "round's result (a bye: 1 × own points; a half-point bye: ½ × own points). Under "
        "``fide_2026`` (C.07 art. 9.1 and 16, in force from 1 March 2026) each round's "
        "Buchholz value (the opponent's adjusted score, or the capped dummy opponent of 16.4) "
        "times the result of that round: a bye or forfeit win × 1, a half-point bye × ½, a "
        "forfeit loss, zero-point bye or absence × 0."
    ),
)


def sonneborn_berger(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Sonneborn-Berger (its definition: ``SONNEBORN_BERGER_TEXT``)."""
    out: dict[PlayerId, Value] = {}
    twice_unit = 2 * ctx.unit
    points = ctx.adjusted_points if ctx.fide else ctx.final_points
    contributions = ctx.fide_contributions if ctx.fide else {}
    for pid, rec in ctx.records.items():
        fide = contributions.get(pid)
        if fide is not None:
            total = sum(score * int(outcome) for score, outcome, _ in fide)
        else:
            # outcome is 2 for a win, 1 for a draw, 0 for a loss: opponent points × outcome / 2.
            total = sum(map(operator.mul, map(points.__getitem__, rec.opponents), rec.outcomes))
            total += sum(points[opp] * int(o) for opp, o, _ in ctx.forfeit_games(rec))
        if ctx.virtual:
            total += sum(rec.points * int(outcome) for _, outcome, _ in ctx.still_unplayed(rec))
        whole, rest = divmod(total, twice_unit)
        out[pid] = whole if not rest else Fraction(total, twice_unit)
    return out


def _sb_rounds(ctx: TiebreakContext, rec: PlayerRecord) -> list[tuple[int, int, bool]]:
    """(score, product ×2 in scaled points, voluntarily unplayed) for each round that adds
    to the player's Sonneborn-Berger."""
    points = ctx.adjusted_points if ctx.fide else ctx.final_points
    fide = ctx.fide_contributions.get(rec.id) if ctx.fide else None
    if fide is not None:
        return [(score, score * int(o), vur) for score, o, vur in fide]
    rounds = [
        (points[opp], points[opp] * int(o), False)
        for opp, o in zip(rec.opponents, rec.outcomes, strict=True)
    ]
    rounds += [(points[opp], points[opp] * int(o), False) for opp, o, _ in ctx.forfeit_games(rec)]
    if ctx.virtual:
        rounds += [(rec.points, rec.points * int(o), False) for _, o, _ in ctx.still_unplayed(rec)]
    return rounds


def _cut(ctx: TiebreakContext, low: int) -> Mapping[PlayerId, Value]:
    """Sonneborn-Berger without its ``low`` rounds of least significance, one at a time (C.07
    art. 14.1 and 16.5, as TieBreakServer cuts ``SB/C1`` and ``SB/C2``): the round whose
    opponent (or dummy) has the lowest score, the lowest product first among equal scores —
    unless a voluntarily unplayed round's product is not lower, when the lowest voluntarily
    unplayed round goes instead."""
    twice_unit = 2 * ctx.unit
    out: dict[PlayerId, Value] = {}
    for pid, rec in ctx.records.items():
        rounds = _sb_rounds(ctx, rec)
        for _ in range(low):
            if not rounds:
                break
            lowest = min(rounds, key=lambda r: (r[0], r[1]))
            voluntary = [r for r in rounds if r[2]]
            cut = lowest
            if voluntary:
                candidate = min(voluntary, key=lambda r: (r[0], r[1]))
                if not lowest[1] > candidate[1]:
                    cut = candidate
            rounds.remove(cut)
        total = sum(product for _, product, _ in rounds)
        out[pid] = ctx.exact(Fraction(total, twice_unit))
    return out


#: The definition of ``sonneborn_berger_cut1``, one message a paragraph (/help/tiebreaks).
SONNEBORN_BERGER_CUT1_TEXT = defined(
    N_(
        "Sonneborn-Berger Cut-1: Sonneborn-Berger without the round of least significance — "
        "the round whose opponent (or dummy/virtual opponent) has the lowest score, the lowest "
        "product first among equal scores (C.07 art. 14.1, as TieBreakServer reads it: the cut "
        "follows the Buchholz value, not the product). Under C.07 article 16 (``fide_2024``, "
        "``fide_2026``) a voluntarily unplayed round is cut instead when its product is not "
        "lower than the other candidate's — of the two candidates, the one with the higher "
        "product goes (16.5). Nothing to cut: 0."
    ),
    N_(
        "*Example:* beat an opponent on 1 (1 × 1), lost to one on 3 (0), drew one on 2 (½ × "
        "2): SB 2; the opponent on 1 is cut → 1."
    ),
    N_("*Source:* C.07 art. 9.1, 14.1, 16.5."),
)


def sonneborn_berger_cut1(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Sonneborn-Berger Cut-1 (its definition: ``SONNEBORN_BERGER_CUT1_TEXT``)."""
    return _cut(ctx, 1)


#: The definition of ``sonneborn_berger_cut2``, one message a paragraph (/help/tiebreaks).
SONNEBORN_BERGER_CUT2_TEXT = defined(
    N_(
        "Sonneborn-Berger Cut-2 (SB/C2): Sonneborn-Berger without its two rounds of least "
        "significance, cut one after the other as ``sonneborn_berger_cut1`` cuts one."
    ),
    N_(
        "*Example:* beat opponents on 1 and 2, lost to one on 3, drew one on 2: SB 1 + 2 + 1 = "
        "4; the opponent on 1 goes, then the lower of the two on 2 (the draw, product 1) → 2."
    ),
    N_("*Source:* C.07 art. 9.1, 14.1, 16.5."),
)


def sonneborn_berger_cut2(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Sonneborn-Berger Cut-2 (its definition: ``SONNEBORN_BERGER_CUT2_TEXT``)."""
    return _cut(ctx, 2)


#: The definition of ``sonneborn_berger_forfeits``, one message a paragraph (/help/tiebreaks).
SONNEBORN_BERGER_FORFEITS_TEXT = defined(
    N_(
        "Sonneborn-Berger, forfeits count as played (SB/P): as ``sonneborn_berger``, but a "
        "forfeit won adds the scheduled opponent's (adjusted) score, a forfeit lost nothing — "
        "a game against that opponent, no dummy opponent. In a round robin every tie-break "
        "already counts forfeits so."
    ),
    N_("*Source:* C.07 art. 9.1 with the ``/P`` modifier (TieBreakServer)."),
)


def sonneborn_berger_forfeits(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Sonneborn-Berger, forfeits count (its definition: ``SONNEBORN_BERGER_FORFEITS_TEXT``)."""
    return sonneborn_berger(TiebreakContext(ctx.ledger, forfeits_played=True))


TIEBREAKS = (
    Tiebreak(
        "sonneborn_berger",
        "Sonneborn-Berger",
        "SB",
        ValueKind.POINTS,
        True,
        SONNEBORN_BERGER_TEXT,
        sonneborn_berger,
    ),
    Tiebreak(
        "sonneborn_berger_cut1",
        "Sonneborn-Berger Cut-1",
        "SB-C1",
        ValueKind.POINTS,
        True,
        SONNEBORN_BERGER_CUT1_TEXT,
        sonneborn_berger_cut1,
    ),
    Tiebreak(
        "sonneborn_berger_cut2",
        "Sonneborn-Berger Cut-2",
        "SB-C2",
        ValueKind.POINTS,
        True,
        SONNEBORN_BERGER_CUT2_TEXT,
        sonneborn_berger_cut2,
    ),
    Tiebreak(
        "sonneborn_berger_forfeits",
        "Sonneborn-Berger, forfeits count",
        "SB-P",
        ValueKind.POINTS,
        True,
        SONNEBORN_BERGER_FORFEITS_TEXT,
        sonneborn_berger_forfeits,
    ),
)
