"""A Berger table on a stage's players: engine ``Round``s (docs/round-robin.md).

Player *number* ``i`` of the table is the ``i``-th player of the order given: seed order
(seed 1 = number 1), or an order drawn from a seed string (``drawn_order``: deterministic,
SHA-256, no global randomness). With an odd field the table's highest number is the
dummy: its opponent sits the round out, as C.05 Annex 1 says ("the highest number counts as
a bye"): a zero-point bye (``ByeKind.ZERO``: no game, no points; docs/round-robin.md).

A ``Match`` is ``(table, a, b)`` with ``a`` the table's first-listed player (White / plays
first). Tables are numbered ``1, 2, ...`` in FIDE's board order, the dummy's board left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from fairpair.engine.players import PlayerId
from fairpair.engine.round_robin.berger import BergerTable, berger_table, double_round_robin
from fairpair.engine.rounds import Bye, ByeKind, Match, Round
from fairpair.engine.sha256 import sha256


def drawn_order(players: Sequence[PlayerId], seed: str) -> tuple[PlayerId, ...]:
    """The players in an order drawn from ``seed``: each is keyed by
    ``sha256(seed NUL player)`` and the keys are sorted (ties, which SHA-256 makes
    practically impossible, fall back to the given order). The same seed and the same
    players always give the same order, whatever order the players were given in."""
    if len(set(players)) != len(players):
        raise ValueError("a player appears twice in the round-robin field")

    def key(player: PlayerId) -> bytes:
        return sha256(f"{seed}\x00{player}".encode()).digest()

    return tuple(sorted(players, key=lambda p: (key(p), p)))


def rounds_for(
    table: BergerTable, players: Sequence[PlayerId], *, first_round: int = 1
) -> tuple[Round, ...]:
    """Map ``table`` (numbers ``1 .. m``) onto ``players`` (number ``i`` = ``players[i-1]``).

    ``len(players)`` must be ``m`` or ``m - 1``; in the second case number ``m`` is the
    dummy and its opponent sits out (a zero-point bye). Rounds are numbered from ``first_round``.
    """
    if len(set(players)) != len(players):
        raise ValueError("a player appears twice in the round-robin field")
    size = max((max(pair) for round_ in table for pair in round_), default=0)
    if len(players) not in (size, size - 1):
        raise ValueError(f"a table of {size} does not fit {len(players)} players")
    by_number = {i + 1: p for i, p in enumerate(players)}
    rounds: list[Round] = []
    for index, round_ in enumerate(table):
        number = first_round + index
        matches: list[Match] = []
        byes: list[Bye] = []
        for white, black in round_:
            if white not in by_number:
                byes.append(Bye(by_number[black], ByeKind.ZERO))
            elif black not in by_number:
                byes.append(Bye(by_number[white], ByeKind.ZERO))
            else:
                matches.append(Match(len(matches) + 1, by_number[white], by_number[black]))
        rounds.append(Round(number, tuple(matches), tuple(byes)))
    return tuple(rounds)


def round_robin_rounds(
    players: Sequence[PlayerId],
    *,
    double: bool = False,
    draw_seed: str | None = None,
    first_round: int = 1,
) -> tuple[Round, ...]:
    """Every round of a round robin of ``players`` (given in seed order), all at once.

    ``double``: both cycles (``double_round_robin``: the last two rounds of the first cycle
    reversed, the second cycle with colours swapped). ``draw_seed``: number the players in
    the order ``drawn_order`` draws from it instead of seed order.
    """
    order = tuple(players) if draw_seed is None else drawn_order(players, draw_seed)
    n = len(order)
    table = double_round_robin(n) if double else berger_table(n)
    return rounds_for(table, order, first_round=first_round)
