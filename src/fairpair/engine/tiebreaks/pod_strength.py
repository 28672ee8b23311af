"""Pod-strength Buchholz: the Buchholz of pods (seed 001, "Pod Swiss ... a pod-strength
version of Buchholz"; docs/architecture.md "Playoffs and other stages"; docs/tiebreaks.md).

A two-player Buchholz adds the final points of each opponent; at a pod table every other seat
is an opponent, so this adds the final points of every pod-mate the player sat with.
"""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.errors import N_
from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind, defined
from fairpair.engine.tiebreaks.context import TiebreakContext, Value

#: The definition of ``pod_buchholz``, one message a paragraph (/help/tiebreaks).
POD_BUCHHOLZ_TEXT = defined(
    N_(
        "Pod-strength Buchholz: the sum of the final points (in this stage) of every pod-mate "
        "the player sat with at a pod table whose places are reported, once per table shared "
        "(a pod-mate met twice counts twice). Byes, two-player matches and tables without "
        "places add nothing; a player with no reported pod table has 0. Higher is better."
    ),
)


def pod_buchholz(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Pod-strength Buchholz (its definition: ``POD_BUCHHOLZ_TEXT``)."""
    final = ctx.final_points
    sums: dict[PlayerId, int] = dict.fromkeys(ctx.records, 0)
    for rnd in ctx.stage.rounds:
        if rnd.number > ctx.ledger.last_round:
            continue
        for pod in rnd.pods:
            if pod.places is None:
                continue
            total = sum(final.get(p, 0) for p in pod.seats)
            for seat in pod.seats:
                if seat in sums:
                    sums[seat] += total - final.get(seat, 0)
    return {pid: ctx.points(value) for pid, value in sums.items()}


TIEBREAKS = (
    Tiebreak(
        "pod_buchholz",
        "Pod-strength Buchholz",
        "PBH",
        ValueKind.POINTS,
        True,
        POD_BUCHHOLZ_TEXT,
        pod_buchholz,
    ),
)
