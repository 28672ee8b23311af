"""The Buchholz family: sum of opponents' final points, whole or with the extremes cut.

Source: FIDE Handbook C.07 (Tie-Break Regulations), Buchholz and its modifiers (Cut-1,
Cut-2, Median-1, Median-2); seed 001 worked example (Buchholz 8/6/5, Median 3/1/2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction

from fairpair.engine.errors import N_
from fairpair.engine.ledger import rebuild_ledger
from fairpair.engine.players import PlayerId
from fairpair.engine.results import Result
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind, defined
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


#: The definition of ``buchholz``, one message a paragraph (/help/tiebreaks).
BUCHHOLZ_TEXT = defined(
    N_("Buchholz: the sum of the final points of every opponent the player faced."),
    N_(
        "Unplayed rounds (byes, forfeits) add nothing under the no-opponent rule; under the "
        "virtual-opponent rule each adds the player's own final points. Under ``fide_2026`` "
        "(C.07 art. 8.1 and 16, in force from 1 March 2026) every round adds one value: a "
        "played round the opponent's score with their trailing requested byes and absences "
        "counted as draws (16.3); an unplayed round a dummy opponent on the player's own "
        "points, at most the scheduled opponent's score for a forfeit (16.4.1) and at most a "
        "draw per round for a bye or absence (16.4.2)."
    ),
)


def buchholz(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Buchholz (its definition: ``BUCHHOLZ_TEXT``)."""
    return _family(ctx, 0, 0)


#: The definition of ``buchholz_cut1``, one message a paragraph (/help/tiebreaks).
BUCHHOLZ_CUT1_TEXT = defined(
    N_(
        "Buchholz Cut-1: Buchholz without the lowest single contribution. Under ``fide_2026`` "
        "a voluntarily unplayed round (requested bye, forfeit loss, absence) is cut first, "
        "even when it is not the lowest (C.07 art. 14.1 and 16.5)."
    ),
)


def buchholz_cut1(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Buchholz Cut-1 (its definition: ``BUCHHOLZ_CUT1_TEXT``)."""
    return _family(ctx, 1, 0)


#: The definition of ``buchholz_cut2``, one message a paragraph (/help/tiebreaks).
BUCHHOLZ_CUT2_TEXT = defined(
    N_(
        "Buchholz Cut-2: Buchholz without the two lowest contributions (voluntarily unplayed "
        "rounds first under ``fide_2026``, C.07 art. 16.5)."
    ),
)


def buchholz_cut2(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Buchholz Cut-2 (its definition: ``BUCHHOLZ_CUT2_TEXT``)."""
    return _family(ctx, 2, 0)


#: The definition of ``median1``, one message a paragraph (/help/tiebreaks).
MEDIAN1_TEXT = defined(
    N_(
        "Median-Buchholz (Median-1): Buchholz without the highest and the lowest contribution "
        "(the low cut takes a voluntarily unplayed round first under ``fide_2026``, C.07 art. "
        "16.5)."
    ),
)


def median1(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Median-Buchholz (its definition: ``MEDIAN1_TEXT``)."""
    return _family(ctx, 1, 1)


#: The definition of ``median2``, one message a paragraph (/help/tiebreaks).
MEDIAN2_TEXT = defined(
    N_(
        "Median-2: Buchholz without the two highest and the two lowest contributions (the low "
        "cuts take voluntarily unplayed rounds first under ``fide_2026``, C.07 art. 16.5)."
    ),
)


def median2(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Median-2 (its definition: ``MEDIAN2_TEXT``)."""
    return _family(ctx, 2, 2)


def _fore(ctx: TiebreakContext) -> TiebreakContext:
    """The context Fore Buchholz reads: the stage with every game of its final round drawn
    (C.07 art. 8.3) — ``ctx`` itself before the final round."""
    last = ctx.ledger.last_round
    final = ctx.stage.max_rounds
    if not last or (final is not None and final != last):
        return ctx
    draw = Result.draw()
    stage = ctx.stage
    rounds = tuple(
        replace(rnd, matches=tuple(replace(m, result=draw) for m in rnd.matches))
        if rnd.number == last
        else rnd
        for rnd in stage.rounds
    )
    ledger = rebuild_ledger(ctx.ledger, replace(stage, rounds=rounds))
    return TiebreakContext(ledger, ctx.forfeits_played)


#: The definition of ``fore_buchholz``, one message a paragraph (/help/tiebreaks).
FORE_BUCHHOLZ_TEXT = defined(
    N_(
        "Fore Buchholz (FB): Buchholz computed as if every game of the final round were a "
        "draw. The final round is the stage's last (``max_rounds``; a stage without a set "
        "number of rounds: the last round so far); each of its matches, whatever its result (a "
        "forfeit, a double forfeit, a skipped or unreported match included), counts as a drawn "
        "game between the two players, and its byes stay as they are. Standings before the "
        "final round: FB is the Buchholz. Everything else as ``buchholz``, with the ruleset's "
        "unplayed-round convention (as TieBreakServer computes it)."
    ),
    N_(
        "*Example:* three rounds; the final round's A beat B becomes a draw: A's opponents "
        "keep their points but B gains ½ and A loses ½ in their opponents' Buchholz."
    ),
    N_("*Source:* C.07 art. 8.3."),
)


def fore_buchholz(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Fore Buchholz (its definition: ``FORE_BUCHHOLZ_TEXT``)."""
    return _family(_fore(ctx), 0, 0)


#: The definition of ``fore_buchholz_cut1``, one message a paragraph (/help/tiebreaks).
FORE_BUCHHOLZ_CUT1_TEXT = defined(
    N_(
        "Fore Buchholz Cut-1 (FB/C1): Fore Buchholz without the lowest contribution (a "
        "voluntarily unplayed round first under C.07 article 16), as ``buchholz_cut1`` cuts "
        "Buchholz."
    ),
    N_("*Source:* C.07 art. 8.3, 14.1, 16.5."),
)


def fore_buchholz_cut1(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Fore Buchholz Cut-1 (its definition: ``FORE_BUCHHOLZ_CUT1_TEXT``)."""
    return _family(_fore(ctx), 1, 0)


#: The definition of ``fore_buchholz_cut2``, one message a paragraph (/help/tiebreaks).
FORE_BUCHHOLZ_CUT2_TEXT = defined(
    N_(
        "Fore Buchholz Cut-2 (FB/C2): Fore Buchholz without the two lowest contributions "
        "(voluntarily unplayed rounds first under C.07 article 16)."
    ),
    N_("*Source:* C.07 art. 8.3, 14.1, 16.5."),
)


def fore_buchholz_cut2(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Fore Buchholz Cut-2 (its definition: ``FORE_BUCHHOLZ_CUT2_TEXT``)."""
    return _family(_fore(ctx), 2, 0)


#: The definition of ``fore_buchholz_median1``, one message a paragraph (/help/tiebreaks).
FORE_BUCHHOLZ_MEDIAN1_TEXT = defined(
    N_(
        "Fore Buchholz Median-1 (FB/M1): Fore Buchholz without the highest and the lowest "
        "contribution."
    ),
    N_("*Source:* C.07 art. 8.3, 14.1, 16.5."),
)


def fore_buchholz_median1(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Fore Buchholz Median-1 (its definition: ``FORE_BUCHHOLZ_MEDIAN1_TEXT``)."""
    return _family(_fore(ctx), 1, 1)


#: The definition of ``fore_buchholz_median2``, one message a paragraph (/help/tiebreaks).
FORE_BUCHHOLZ_MEDIAN2_TEXT = defined(
    N_(
        "Fore Buchholz Median-2 (FB/M2): Fore Buchholz without the two highest and the two "
        "lowest contributions."
    ),
    N_("*Source:* C.07 art. 8.3, 14.1, 16.5."),
)


def fore_buchholz_median2(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Fore Buchholz Median-2 (its definition: ``FORE_BUCHHOLZ_MEDIAN2_TEXT``)."""
    return _family(_fore(ctx), 2, 2)


#: The definition of ``buchholz_forfeits``, one message a paragraph (/help/tiebreaks).
BUCHHOLZ_FORFEITS_TEXT = defined(
    N_(
        "Buchholz, forfeits count as played (BH/P): as ``buchholz``, but every forfeit — won, "
        "lost, or double — is a game against the scheduled opponent, who adds their (adjusted) "
        "score; no dummy opponent for it, and it is no longer a voluntarily unplayed round. "
        "Byes and absences as ``buchholz``. In a round robin every tie-break already counts "
        "forfeits so."
    ),
    N_(
        "*Example:* a forfeit win in round 1 of 3 against an opponent who finished on ½, then "
        "wins against opponents on 2 and ½: BH/P 3 (``fide``: the forfeit's dummy at most the "
        "forfeiter's ½ — also 3; ``no_opponent``: 2½)."
    ),
    N_(
        '*Source:* C.07 art. 8.1 with the ``/P`` modifier (TieBreakServer: "forfeited games, '
        "either wins or losses, are considered as played games against the scheduled "
        'opponent").'
    ),
)


def buchholz_forfeits(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Buchholz, forfeits count (its definition: ``BUCHHOLZ_FORFEITS_TEXT``)."""
    return _family(TiebreakContext(ctx.ledger, forfeits_played=True), 0, 0)


#: The definition of ``fore_buchholz_forfeits``, one message a paragraph (/help/tiebreaks).
FORE_BUCHHOLZ_FORFEITS_TEXT = defined(
    N_(
        "Fore Buchholz, forfeits count as played (FB/P): ``fore_buchholz`` where every forfeit "
        "before the final round is a game against the scheduled opponent (the final round's "
        "are drawn games anyway)."
    ),
    N_("*Source:* C.07 art. 8.3 with the ``/P`` modifier."),
)


def fore_buchholz_forfeits(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Fore Buchholz, forfeits count (its definition: ``FORE_BUCHHOLZ_FORFEITS_TEXT``)."""
    return _family(_fore(TiebreakContext(ctx.ledger, forfeits_played=True)), 0, 0)


#: The definition of ``aob``, one message a paragraph (/help/tiebreaks).
AOB_TEXT = defined(
    N_(
        "Average of opponents' Buchholz (AOB): the mean of the Buchholz (as ``buchholz`` "
        "computes it, with the ruleset's unplayed-round convention) of the opponents the "
        "player played — one per game; byes and forfeits are no opponent. Exact (a fraction); "
        "no opponent: no value."
    ),
    N_("*Source:* C.07 art. 8.2."),
)


def average_of_opponents_buchholz(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Average of opponents’ Buchholz (its definition: ``AOB_TEXT``)."""
    scores = _family(ctx, 0, 0)
    out: dict[PlayerId, Value] = {}
    for pid, rec in ctx.records.items():
        found = [scores[o] for o in rec.opponents]
        total = sum((Fraction(v) for v in found if v is not None), Fraction(0))
        out[pid] = ctx.exact(total / len(found)) if found else None
    return out


#: The definition of ``aob_fore``, one message a paragraph (/help/tiebreaks).
AOB_FORE_TEXT = defined(
    N_(
        "Average of opponents' Fore Buchholz (AOB/F): as ``aob``, with each opponent's Fore "
        "Buchholz (``fore_buchholz``) in place of their Buchholz; the opponents are the ones "
        "the player actually played."
    ),
    N_("*Source:* C.07 art. 8.2 with the ``/F`` modifier (8.3)."),
)


def average_of_opponents_fore_buchholz(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Average of opponents’ Fore Buchholz (its definition: ``AOB_FORE_TEXT``)."""
    scores = _family(_fore(ctx), 0, 0)
    out: dict[PlayerId, Value] = {}
    for pid, rec in ctx.records.items():
        found = [scores[o] for o in rec.opponents]
        total = sum((Fraction(v) for v in found if v is not None), Fraction(0))
        out[pid] = ctx.exact(total / len(found)) if found else None
    return out


TIEBREAKS = (
    Tiebreak("buchholz", "Buchholz", "BH", ValueKind.POINTS, True, BUCHHOLZ_TEXT, buchholz),
    Tiebreak(
        "buchholz_cut1",
        "Buchholz Cut-1",
        "BH-C1",
        ValueKind.POINTS,
        True,
        BUCHHOLZ_CUT1_TEXT,
        buchholz_cut1,
    ),
    Tiebreak(
        "buchholz_cut2",
        "Buchholz Cut-2",
        "BH-C2",
        ValueKind.POINTS,
        True,
        BUCHHOLZ_CUT2_TEXT,
        buchholz_cut2,
    ),
    Tiebreak("median1", "Median-Buchholz", "MB", ValueKind.POINTS, True, MEDIAN1_TEXT, median1),
    Tiebreak("median2", "Median-2", "MB2", ValueKind.POINTS, True, MEDIAN2_TEXT, median2),
    Tiebreak(
        "fore_buchholz",
        "Fore Buchholz",
        "FB",
        ValueKind.POINTS,
        True,
        FORE_BUCHHOLZ_TEXT,
        fore_buchholz,
    ),
    Tiebreak(
        "fore_buchholz_cut1",
        "Fore Buchholz Cut-1",
        "FB-C1",
        ValueKind.POINTS,
        True,
        FORE_BUCHHOLZ_CUT1_TEXT,
        fore_buchholz_cut1,
    ),
    Tiebreak(
        "fore_buchholz_cut2",
        "Fore Buchholz Cut-2",
        "FB-C2",
        ValueKind.POINTS,
        True,
        FORE_BUCHHOLZ_CUT2_TEXT,
        fore_buchholz_cut2,
    ),
    Tiebreak(
        "fore_buchholz_median1",
        "Fore Buchholz Median-1",
        "FB-M1",
        ValueKind.POINTS,
        True,
        FORE_BUCHHOLZ_MEDIAN1_TEXT,
        fore_buchholz_median1,
    ),
    Tiebreak(
        "fore_buchholz_median2",
        "Fore Buchholz Median-2",
        "FB-M2",
        ValueKind.POINTS,
        True,
        FORE_BUCHHOLZ_MEDIAN2_TEXT,
        fore_buchholz_median2,
    ),
    Tiebreak(
        "buchholz_forfeits",
        "Buchholz, forfeits count",
        "BH-P",
        ValueKind.POINTS,
        True,
        BUCHHOLZ_FORFEITS_TEXT,
        buchholz_forfeits,
    ),
    Tiebreak(
        "fore_buchholz_forfeits",
        "Fore Buchholz, forfeits count",
        "FB-P",
        ValueKind.POINTS,
        True,
        FORE_BUCHHOLZ_FORFEITS_TEXT,
        fore_buchholz_forfeits,
    ),
    Tiebreak(
        "aob",
        "Average of opponents’ Buchholz",
        "AOB",
        ValueKind.POINTS,
        True,
        AOB_TEXT,
        average_of_opponents_buchholz,
    ),
    Tiebreak(
        "aob_fore",
        "Average of opponents’ Fore Buchholz",
        "AOB-F",
        ValueKind.POINTS,
        True,
        AOB_FORE_TEXT,
        average_of_opponents_fore_buchholz,
    ),
)
