"""Head-to-head (direct encounter).

Source: FIDE Handbook C.07, Play-off and Tie-Break Regulations (edition applied from
1 August 2024), article 6 "Direct Encounter", as computed by the FIDE Technical Commission's
reference TieBreakServer (``compute_basic_direct_encounter`` / ``compute_recursive_if_tied``);
seed 001 ("None of the three played each other, so head-to-head can't separate them"); Team
Up and seed 004 ("head-to-head among the tied players").

``head_to_head_forfeits`` is the same tiebreak with forfeited games counted as played against
the scheduled opponent: the round-robin reading of direct encounter (a round robin's games
are all scheduled in advance, so a game lost by forfeit is still the encounter). This is
TieBreakServer's ``DE/P`` modifier ("forfeited games, either wins or losses, are considered
as played games against the scheduled opponent"); docs/tiebreaks.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from fairpair.engine.errors import N_
from fairpair.engine.ledger import Unplayed
from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind, defined
from fairpair.engine.tiebreaks.context import TiebreakContext, Value

_FORFEITS = frozenset({Unplayed.FORFEIT_WIN, Unplayed.FORFEIT_LOSS, Unplayed.DOUBLE_FORFEIT})


def _games(ctx: TiebreakContext, pid: PlayerId, forfeits: bool) -> list[tuple[PlayerId, int]]:
    """``pid``'s encounters as (opponent, scaled points): the games with an opponent, and,
    when ``forfeits``, the forfeited games (won, lost, or both sides) against the scheduled
    opponent."""
    rec = ctx.records[pid]
    games = list(zip(rec.opponents, rec.scored, strict=True))
    if forfeits:
        games += [
            (opp, pts)
            for (why, _, pts), opp in zip(rec.unplayed, rec.unplayed_opponents, strict=True)
            if opp is not None and why in _FORFEITS
        ]
    return games


def _encounters(
    ctx: TiebreakContext, tied: Sequence[PlayerId], forfeits: bool = False
) -> tuple[dict[PlayerId, Fraction], dict[PlayerId, int]]:
    """Each tied player's score against the other tied players (scaled points; the average
    when two of them met more than once) and how many of the others they never met."""
    group = set(tied)
    scores: dict[PlayerId, Fraction] = {}
    missing: dict[PlayerId, int] = {}
    for pid in tied:
        met: dict[PlayerId, tuple[int, int]] = {}
        for opp, pts in _games(ctx, pid, forfeits):
            if opp in group and opp != pid:
                total, count = met.get(opp, (0, 0))
                met[opp] = (total + pts, count + 1)
        scores[pid] = sum((Fraction(t, c) for t, c in met.values()), Fraction(0))
        missing[pid] = len(group) - 1 - len(met)
    return scores, missing


def _points(ctx: TiebreakContext, scaled: Fraction) -> Value:
    value = scaled / ctx.unit
    return int(value) if value.denominator == 1 else value


#: The definition of ``head_to_head``, one message a paragraph (/help/tiebreaks).
HEAD_TO_HEAD_TEXT = defined(
    N_(
        "Head-to-head (direct encounter): among exactly the players tied at this point, the "
        "points each scored in the matches played against the others (the average, when two of "
        "them met more than once); byes, and forfeits unless the ruleset gives forfeits an "
        "opponent, do not count."
    ),
    N_("Every tied player met every other one: they are ordered by that score."),
    N_(
        "Not all of them met: a player is placed ahead of the rest only when their score is "
        "higher than any of the rest could reach had they won every missing encounter; this is "
        "applied from the top down and stops at the first player it cannot place. The players "
        "it cannot place show no value."
    ),
    N_(
        "It applies only when it separates someone; otherwise it leaves the tie as it is and "
        "shows no value. Players it leaves tied among themselves are compared again, among "
        "exactly themselves (the standings table does this, C.07 article 6)."
    ),
)


def head_to_head(ctx: TiebreakContext, tied: Sequence[PlayerId]) -> Mapping[PlayerId, Value] | None:
    """Head-to-head (its definition: ``HEAD_TO_HEAD_TEXT``)."""
    return _direct_encounter(ctx, tied, forfeits=ctx.forfeits_played)


#: The definition of ``head_to_head_forfeits``, one message a paragraph (/help/tiebreaks).
HEAD_TO_HEAD_FORFEITS_TEXT = defined(
    N_(
        "Head-to-head where a forfeit counts as played (the round-robin direct encounter): as "
        "head-to-head, but a game won or lost by forfeit counts as an encounter with the "
        "scheduled opponent, scoring the forfeit points (a double forfeit: the forfeit-loss "
        "points to both). Byes never count. (C.07 article 6 read for round robins, where every "
        "game is scheduled; TieBreakServer's ``DE/P``.)"
    ),
)


def head_to_head_forfeits(
    ctx: TiebreakContext, tied: Sequence[PlayerId]
) -> Mapping[PlayerId, Value] | None:
    """Head-to-head, forfeits count (its definition: ``HEAD_TO_HEAD_FORFEITS_TEXT``)."""
    return _direct_encounter(ctx, tied, forfeits=True)


def _direct_encounter(
    ctx: TiebreakContext, tied: Sequence[PlayerId], *, forfeits: bool
) -> Mapping[PlayerId, Value] | None:
    if len(tied) < 2:
        return None
    scores, missing = _encounters(ctx, tied, forfeits)
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
        HEAD_TO_HEAD_TEXT,
        compute_among=head_to_head,
    ),
    Tiebreak(
        "head_to_head_forfeits",
        "Head-to-head, forfeits count",
        "DE",
        ValueKind.POINTS,
        True,
        HEAD_TO_HEAD_FORFEITS_TEXT,
        compute_among=head_to_head_forfeits,
    ),
)
