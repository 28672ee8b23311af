"""Recalculate round: re-run the toss of a round from scratch, keeping every manual pick.

Only an explicit recalculation changes a toss already assigned: editing an earlier round never
changes a later round's tosses by itself.
"""

from __future__ import annotations

from dataclasses import replace

from fairpair.engine.rounds import Round
from fairpair.engine.stage import Stage
from fairpair.engine.toss.assign import require_toss
from fairpair.engine.toss.decide import decide_toss, toss_context
from fairpair.engine.toss.lookup import round_of
from fairpair.engine.tournament import Tournament


def recalculate_round(tournament: Tournament, stage: Stage, round_number: int) -> Round:
    """Round ``round_number`` with every automatic toss recomputed from the rounds before it
    (matches without a toss get one); manual tosses are kept as they are."""
    require_toss(stage)
    rnd = round_of(stage, round_number)
    context = toss_context(tournament, stage, round_number)
    matches = tuple(
        m
        if m.toss is not None and m.toss.manual
        else replace(m, toss=decide_toss(context, m.a, m.b))
        for m in rnd.matches
    )
    return replace(rnd, matches=matches)
