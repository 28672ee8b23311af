"""Maximum-weight matching over lexicographic edge values.

Each edge carries a vector of non-negative components, most important first. Packing the
components into one integer, each in a bit field wide enough that no matching's sum can carry
into the next, turns "best by the first component, then the second, …" into one maximum-weight
matching (rustworkx). A field's width comes from a bound on its sum over any matching: half of
the sum, over the players, of the largest value on an edge at that player. A component may be
negative (a penalty: "as few as possible" of something most pairs avoid, so that only the few
edges that incur it need bits); its field then holds twice the bound, so that the difference of
two matchings' sums still fits. The top component is positive on every edge, so every packed
value is positive.

rustworkx computes with 128-bit integers, so the packed value must stay under ``BIT_LIMIT``
bits. When the criteria of a bracket need more, the least important components are dropped
(``truncated``) and the caller says so in its notes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from fairpair.engine.pairing.matcher import solve

BIT_LIMIT = 120

Vector = Mapping[int, int]
"""Sparse components: position → value (missing positions are 0; negative: a penalty)."""


class Layout:
    """Bit fields for ``size`` components fitted to a set of edge vectors."""

    def __init__(self, size: int, edges: Mapping[tuple[int, int], Vector], low_bits: int):
        best: list[dict[int, int]] = [{} for _ in range(size)]
        signed = [False] * size
        for (u, v), vec in edges.items():
            for comp, value in vec.items():
                if value < 0:
                    signed[comp] = True
                    value = -value
                elif value == 0:
                    continue
                at = best[comp]
                if at.get(u, 0) < value:
                    at[u] = value
                if at.get(v, 0) < value:
                    at[v] = value
        self._fit(best, signed, low_bits)

    @classmethod
    def of_players(
        cls, size: int, vectors: Mapping[int, Iterable[Vector]], low_bits: int
    ) -> Layout:
        """The same layout, from the vectors of the edges at each player (each distinct
        vector once is enough: edges that share one need not be read one by one)."""
        best: list[dict[int, int]] = [{} for _ in range(size)]
        signed = [False] * size
        for u, vecs in vectors.items():
            for vec in vecs:
                for comp, value in vec.items():
                    if value < 0:
                        signed[comp] = True
                        value = -value
                    elif value == 0:
                        continue
                    at = best[comp]
                    if at.get(u, 0) < value:
                        at[u] = value
        layout = cls.__new__(cls)
        layout._fit(best, signed, low_bits)
        return layout

    def _fit(self, best: list[dict[int, int]], signed: list[bool], low_bits: int) -> None:
        size = len(best)
        bounds = [(sum(b.values()) + 1) // 2 for b in best]
        bits = [(2 * b if signed[k] else b).bit_length() for k, b in enumerate(bounds)]
        self.truncated = False
        while sum(bits) + low_bits > BIT_LIMIT:
            last = max(i for i, b in enumerate(bits) if b)
            bits[last] = 0
            self.truncated = True
        shifts = [0] * size
        at_bit = low_bits
        for comp in range(size - 1, -1, -1):
            shifts[comp] = at_bit
            at_bit += bits[comp]
        self.bits = bits
        self.shifts = shifts
        self.low_bits = low_bits

    def pack(self, vec: Vector) -> int:
        value = 0
        bits = self.bits
        shifts = self.shifts
        for comp, part in vec.items():
            if part and bits[comp]:
                value += part << shifts[comp]
        return value


def max_weight_matching(size: int, edges: Sequence[tuple[int, int, int]]) -> list[int | None]:
    """The mate of each vertex (``None``: unmatched) in a maximum-weight matching (rustworkx
    on a server; networkx's exact integers where rustworkx has no build, as in the browser:
    ``engine.pairing.matcher``). Each pair of vertices has at most one edge."""
    mate: list[int | None] = [None] * size
    for u, v in solve(size, edges, max_cardinality=False):
        mate[u] = v
        mate[v] = u
    return mate
