"""The Catch-up tie-break: the lower-ranked (trailing) player plays first.

Ranks are those of the stage's standings after the previous round. When there is no previous
round (round 1), when either player has no rank (no completed match yet, or withdrawn), or when
both share a rank, Catch-up has no answer and the Neutral policy decides.
"""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.players import PlayerId
from fairpair.engine.stage import Stage
from fairpair.engine.standings import Standings, compute_standings
from fairpair.engine.tournament import Tournament


def ranks_of(standings: Standings | None) -> Mapping[PlayerId, int | None]:
    """Each player's rank in ``standings`` (empty for ``None``: the stage's first round)."""
    if standings is None:
        return {}
    return {row.player.id: row.rank for row in standings.rows}


def standing_ranks(
    tournament: Tournament, stage: Stage, round_number: int
) -> Mapping[PlayerId, int | None]:
    """Each player's rank in ``stage`` before ``round_number``; empty in the stage's first round."""
    if not any(r.number < round_number for r in stage.rounds):
        return {}
    return ranks_of(compute_standings(tournament, stage, round_number - 1))


def catch_up_first(
    a: PlayerId, b: PlayerId, ranks: Mapping[PlayerId, int | None]
) -> PlayerId | None:
    """The lower-ranked of the two (the larger rank number), or ``None`` if ranks are unknown
    or equal."""
    rank_a, rank_b = ranks.get(a), ranks.get(b)
    if rank_a is None or rank_b is None or rank_a == rank_b:
        return None
    return a if rank_a > rank_b else b
