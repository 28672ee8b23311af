"""Manual override: an organizer sets who plays first at one table, by hand.

A manual toss carries the reason ``manual`` and ``manual=True``; recalculation and automatic
assignment never overwrite it. It counts toward the balance like any other toss.
"""

from __future__ import annotations

from dataclasses import replace

from fairpair.engine.errors import Location, saying
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Round, Toss, TossReason
from fairpair.engine.stage import Stage
from fairpair.engine.toss.assign import require_toss
from fairpair.engine.toss.errors import TossUnavailable
from fairpair.engine.toss.lookup import match_at, round_of


def choose_first(stage: Stage, round_number: int, table: int, player: PlayerId) -> Round:
    """Round ``round_number`` with ``player`` set by hand to play first at ``table``."""
    require_toss(stage)
    rnd = round_of(stage, round_number)
    match = match_at(rnd, table)
    if player not in match.players:
        raise TossUnavailable(
            Location(stage=stage.id, round=round_number, table=table),
            saying(
                "%(player)s is not in this match (%(a)s v %(b)s)",
                player=repr(player),
                a=repr(match.a),
                b=repr(match.b),
            ),
        )
    toss = Toss(player, TossReason.MANUAL, manual=True)
    matches = tuple(replace(m, toss=toss) if m is match else m for m in rnd.matches)
    return replace(rnd, matches=matches)


def flip_toss(stage: Stage, round_number: int, table: int) -> Round:
    """Round ``round_number`` with the toss at ``table`` flipped by hand: the other player plays
    first, and the toss is marked manual. Flipping twice gives the play back (still manual)."""
    require_toss(stage)
    match = match_at(round_of(stage, round_number), table)
    if match.toss is None:
        raise TossUnavailable(
            Location(stage=stage.id, round=round_number, table=table),
            saying("has no toss to flip yet: recalculate the round or choose who plays first"),
        )
    return choose_first(stage, round_number, table, match.opponent_of(match.toss.first))
