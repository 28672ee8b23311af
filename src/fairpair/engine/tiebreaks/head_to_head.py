"""Head-to-head (direct encounter).

Source: FIDE Handbook C.07, Play-off and Tie-Break Regulations (edition applied from
1 August 2024), article 6 "Direct Encounter", as computed by the FIDE Technical Commission's
reference TieBreakServer (``compute_basic_direct_encounter`` / ``compute_recursive_if_tied``);
seed 001 ("None of the three played each other, so head-to-head can't separate them"); Team
Up and seed 004 ("head-to-head among the tied players").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind
from fairpair.engine.tiebreaks.context import TiebreakContext, Value


def _encounters(
    ctx: TiebreakContext, tied: Sequence[PlayerId]
) -> tuple[dict[PlayerId, Fraction], dict[PlayerId, int]]:
    """Each tied player's score against the other tied players (scaled points; the average
    when two of them met more than once) and how many of the others they never met."""
    group = set(tied)
    scores: dict[PlayerId, Fraction] = {}
    missing: dict[PlayerId, int] = {}
    for pid in tied:
        rec = ctx.records[pid]
        met: dict[PlayerId, tuple[int, int]] = {}
        for opp, pts in zip(rec.opponents, rec.scored, strict=True):
            if opp in group and opp != pid:
                total, count = met.get(opp, (0, 0))
                met[opp] = (total + pts, count + 1)
        scores[pid] = sum((Fraction(t, c) for t, c in met.values()), Fraction(0))
        missing[pid] = len(group) - 1 - len(met)
    return scores, missing


def _points(ctx: TiebreakContext, scaled: Fraction) -> Value:
    value = scaled / ctx.unit
    return int(value) if value.denominator == 1 else value


def head_to_head(ctx: TiebreakContext, tied: Sequence[PlayerId]) -> Mapping[PlayerId, Value] | None:
    """Head-to-head (direct encounter): among exactly the players tied at this point, the
    points each scored in the matches played against the others (the average, when two of
    them met more than once); byes, and forfeits unless the ruleset gives forfeits an
    opponent, do not count.

    - Every tied player met every other one: they are ordered by that score.
    - Not all of them met: a player is placed ahead of the rest only when their score is
      higher than any of the rest could reach had they won every missing encounter; this is
      applied from the top down and stops at the first player it cannot place. The players
      it cannot place show no value.
    - It applies only when it separates someone; otherwise it leaves the tie as it is and
      shows no value. Players it leaves tied among themselves are compared again, among
      exactly themselves (the standings table does this, C.07 article 6).
    """
    if len(tied) < 2:
        return None
    scores, missing = _encounters(ctx, tied)
    if not any(missing.values()):
        if len(set(scores.values())) == 1:
            return None
        return {p: _points(ctx, v) for p, v in scores.items()}
    ordered = sorted(tied, key=lambda p: -scores[p])
    best_possible = {p: scores[p] + missing[p] * ctx.win_points for p in tied}
    placed: dict[PlayerId, Value] = {}
    for i, pid in enumerate(ordered[:-1]):
        rest = ordered[i + 1 :]
        if scores[pid] > max(best_possible[o] for o in rest):
            placed[pid] = _points(ctx, scores[pid])
        else:
            break
    else:  # every player but the last was placed: the last is placed too
        placed[ordered[-1]] = _points(ctx, scores[ordered[-1]])
    if not placed:
        return None
    return {p: placed.get(p) for p in tied}


TIEBREAKS = (
    Tiebreak(
        "head_to_head",
        "Head-to-head",
        "H2H",
        ValueKind.POINTS,
        True,
        head_to_head.__doc__ or "",
        compute_among=head_to_head,
    ),
)
