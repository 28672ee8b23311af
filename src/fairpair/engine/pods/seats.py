"""A fair seat order at pod tables: who sits first rotates across rounds (issue 9, point 5:
"each player's first-seat count within one of the field's"; docs/pods.md). No toss in pods.

Rule, per table: the players are ordered by

1. fewest first seats so far (seat 1 goes to whoever has had it least),
2. then the highest mean seat so far (who sat late sits early now; none yet counts as the
   middle of the table),
3. then rank order (the order the pairing lists them, best first).

Fairness is measured as the spread of first-seat counts, max − min, over the players who
played the same number of pod rounds; the target is ≤ 1. Seat order alone cannot keep it (a
player can only take seat 1 from a tablemate): the pairing's rule 3b (``pairing.pair_pods``
with ``first_seats``) puts a player with the fewest first seats at every table the field
allows, which keeps the spread ≤ 1 round after round; docs/pods.md "Seat rotation" has the
argument, its one exception (byes) and the spread measured over random 10-round events.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import PodTable, Round

SeatHistory = Mapping[PlayerId, Sequence[int]]
"""Each player's earlier seats (1 = first), oldest first."""


def seat_history(rounds: Iterable[Round]) -> dict[PlayerId, tuple[int, ...]]:
    """The seats each player took at the pod tables of ``rounds``."""
    seats: dict[PlayerId, list[int]] = {}
    for rnd in rounds:
        for pod in rnd.pods:
            for number, player in enumerate(pod.seats, start=1):
                seats.setdefault(player, []).append(number)
    return {p: tuple(s) for p, s in seats.items()}


def seat_order(players: Sequence[PlayerId], history: SeatHistory) -> tuple[PlayerId, ...]:
    """``players`` (one table, in rank order) in seat order by the module's rule."""
    middle = Fraction(len(players) + 1, 2)

    def key(item: tuple[int, PlayerId]) -> tuple[int, Fraction, int]:
        rank, player = item
        past = history.get(player, ())
        firsts = sum(1 for s in past if s == 1)
        mean = Fraction(sum(past), len(past)) if past else middle
        return (firsts, -mean, rank)

    return tuple(p for _, p in sorted(enumerate(players), key=key))


def pod_tables(
    tables: Sequence[Sequence[PlayerId]], history: SeatHistory, first_table: int = 1
) -> tuple[PodTable, ...]:
    """Engine ``PodTable``s (places None) for ``tables``, numbered from ``first_table``,
    each seated by ``seat_order``."""
    return tuple(
        PodTable(first_table + i, seat_order(group, history)) for i, group in enumerate(tables)
    )


def first_seat_spread(history: SeatHistory) -> int:
    """The largest max − min of first-seat counts among players with equally many rounds."""
    by_rounds: dict[int, list[int]] = {}
    for seats in history.values():
        by_rounds.setdefault(len(seats), []).append(sum(1 for s in seats if s == 1))
    return max((max(c) - min(c) for c in by_rounds.values()), default=0)
