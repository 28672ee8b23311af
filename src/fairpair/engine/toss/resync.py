"""Re-sync after a swap or re-pairing: the changed pairings get a fresh toss.

A pairing is its two players, whatever the table or the order they are listed in. A pairing
that was already in the round keeps its toss (automatic or manual: a toss already shown does
not change). A pairing that is new (someone was moved) gets a fresh automatic toss, so a moved
player never keeps a stale "plays first". A manual pick belongs to the pairing it was made for:
when a swap breaks that pairing up, the pick goes with it.
"""

from __future__ import annotations

from dataclasses import replace

from fairpair.engine.errors import Location, saying
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Round, Toss
from fairpair.engine.stage import Stage
from fairpair.engine.toss.assign import require_toss
from fairpair.engine.toss.decide import decide_toss, toss_context
from fairpair.engine.toss.errors import TossUnavailable
from fairpair.engine.tournament import Tournament


def resync_tosses(tournament: Tournament, stage: Stage, before: Round, after: Round) -> Round:
    """``after`` (the round once players were swapped or re-paired) with the toss of every
    changed pairing recomputed, and every unchanged pairing's toss kept from ``before``."""
    require_toss(stage)
    if before.number != after.number:
        raise TossUnavailable(
            Location(stage=stage.id, round=after.number),
            saying(
                "cannot re-sync round %(after)s against round %(before)s",
                after=after.number,
                before=before.number,
            ),
        )
    kept: dict[frozenset[PlayerId], Toss | None] = {
        frozenset(m.players): m.toss for m in before.matches
    }
    context = toss_context(tournament, stage, after.number)
    matches = []
    for match in after.matches:
        pair = frozenset(match.players)
        toss = kept[pair] if pair in kept and kept[pair] is not None else None
        if toss is None:
            toss = decide_toss(context, match.a, match.b)
        matches.append(replace(match, toss=toss))
    return replace(after, matches=tuple(matches))
