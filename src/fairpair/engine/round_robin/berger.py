"""FIDE Berger tables (FIDE Handbook C.05 "General Regulations for Competitions", Annex 1
"Berger Tables for Round-Robin Tournaments").

FIDE publishes the tables for 3/4 up to 15/16 players, and says: "Where there is an odd
number of players, the highest number counts as a bye." Each published pairing is written
White first ("1-4": player 1 has White, i.e. plays first), boards in the printed order.

The published tables are all one rotation (docs/round-robin.md), which ``berger_table``
computes for any size. With ``m`` the even table size (``n``, or ``n + 1`` for odd ``n``)
and ``half = m // 2``, the other numbers ``1 .. m-1`` live on a circle (arithmetic modulo
``m - 1``, written ``1 .. m-1``):

- round ``r`` (``1 .. m-1``) is *led* by ``s = ((r - 1) * half) mod (m - 1) + 1``;
- board 1 is ``s`` against the fixed player ``m``: ``s`` has White in odd rounds, ``m`` in
  even rounds (so ``m``'s colours alternate);
- board ``k`` (``2 .. half``) is ``s + (k - 1)`` (White) against ``s - (k - 1)`` (Black).

For example 8 players, round 2: ``s = 5``: ``8-5, 6-4, 7-3, 1-2`` (as printed by FIDE).

For a double round robin FIDE adds (same Annex): "For a double-round tournament it is
recommended to reverse the order of the last two rounds of the first cycle. This is to
avoid three consecutive games with the same colour." ``double_round_robin`` does exactly
that; its second cycle is the table again, in its own order, with every colour reversed.
"""

from __future__ import annotations

Pairing = tuple[int, int]
"""One game of a table: ``(white, black)``: the first-listed number plays first."""

BergerRound = tuple[Pairing, ...]
"""One round: its pairings in FIDE's board order (board 1 first)."""

BergerTable = tuple[BergerRound, ...]
"""Every round of a table, round 1 first."""


def table_size(n: int) -> int:
    """The number of the table FIDE uses for ``n`` players: ``n`` when even, ``n + 1`` when
    odd ("the highest number counts as a bye", C.05 Annex 1)."""
    if n < 2:
        raise ValueError(f"a round robin needs at least 2 players, not {n}")
    return n if n % 2 == 0 else n + 1


def berger_table(n: int) -> BergerTable:
    """The FIDE Berger table (C.05 Annex 1) for ``n`` players, numbers ``1 .. n``.

    For odd ``n`` the table is the one for ``n + 1``: number ``n + 1`` is the dummy, and
    whoever meets it has the bye that round. Each round lists ``(white, black)`` pairs in
    FIDE's board order; ``m - 1`` rounds for the even table size ``m``.
    """
    m = table_size(n)
    circle = m - 1
    half = m // 2

    def wrap(x: int) -> int:
        return (x - 1) % circle + 1

    rounds: list[BergerRound] = []
    for r in range(1, m):
        lead = ((r - 1) * half) % circle + 1
        first: Pairing = (lead, m) if r % 2 == 1 else (m, lead)
        rest = tuple((wrap(lead + k), wrap(lead - k)) for k in range(1, half))
        rounds.append((first, *rest))
    return tuple(rounds)


def _swap_colours(round_: BergerRound) -> BergerRound:
    return tuple((black, white) for white, black in round_)


def double_round_robin(n: int) -> BergerTable:
    """Both cycles of a double round robin for ``n`` players (C.05 Annex 1).

    First cycle: the Berger table with its last two rounds in reverse order, as FIDE
    recommends ("For a double-round tournament it is recommended to reverse the order of
    the last two rounds of the first cycle. This is to avoid three consecutive games with
    the same colour."). Second cycle: the Berger table in its own order with every colour
    reversed (each pair meets once with each colour). A table of one round (2 players) has
    nothing to reverse.
    """
    table = berger_table(n)
    first = list(table)
    if len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    second = [_swap_colours(round_) for round_ in table]
    return (*first, *second)
