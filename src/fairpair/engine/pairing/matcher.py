"""The matcher adapter: maximum-weight matching on integer weights. Knows nothing of Swiss.

Two solvers, one answer. The fast path is rustworkx (``matching_rustworkx``); where it cannot
be imported — the browser, where Pyodide has no build of rustworkx's numpy dependency — the
pure-Python path is networkx (``matching_networkx``). Both implement the same blossom
algorithm but break ties between equally heavy matchings differently, so the adapter makes
the heaviest matching **unique** before either sees the graph: each weight is shifted left by
``s`` bits (``s`` ≤ 64, as many as keep every weight under 2^126) and gets a fixed
pseudo-random tie-break ``h(u, v) < 2^s / (nodes/2 + 1)`` in the freed bits. A matching heavier
by the original weights stays heavier (its lead is at least ``2^s``, more than all the
tie-breaks of a matching add up to); among matchings of equal original weight, the one with
the larger tie-break sum wins, and two of them tie again only when their tie-break sums are
equal — by the isolation lemma (Mulmuley, Vazirani and Vazirani, 1987) at most once in
``2^s / (edges × (nodes/2 + 1))`` for pseudo-random values, which at 64 bits and a thousand
players is below one in a hundred million. ``tests/engine/pairing/test_matching_paths.py``
compares the two paths' drafts on generated events and ``benchmarks/matching_paths.py`` on
1,000 of them.

Results are returned as sorted pairs ``(u, v)``, u < v, so they are stable.
"""

from __future__ import annotations

from collections.abc import Iterable

try:
    from fairpair.engine.pairing.matching_rustworkx import solve as solve

    SOLVER = "rustworkx"
except ImportError:  # the browser (Pyodide): the pure-Python path
    from fairpair.engine.pairing.matching_networkx import solve as solve

    SOLVER = "networkx"

#: Largest weight rustworkx handles exactly (measured: RECIPES.md "Matching").
MAX_WEIGHT = 2**126

#: Most bits the tie-break takes below the weights.
TIE_BITS = 64

_MASK = 2**64 - 1


def tie_break(u: int, v: int) -> int:
    """A fixed pseudo-random 64-bit value for the edge ``{u, v}``: SplitMix64's finaliser
    (Steele, Lea and Flood, 2014) of the pair, so nearby pairs get unrelated values."""
    lo, hi = (u, v) if u < v else (v, u)
    x = ((lo << 32) + hi + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def max_weight_matching(
    nodes: int, edges: Iterable[tuple[int, int, int]], *, max_cardinality: bool
) -> list[tuple[int, int]]:
    """A maximum-weight matching of the graph on ``0..nodes-1``; pairs ``(u, v)`` with u < v,
    sorted. With ``max_cardinality`` it is the heaviest among the largest matchings. Ties are
    broken by ``tie_break`` (module docstring), so either solver gives the same matching."""
    edge_list = edges if isinstance(edges, list) else list(edges)
    if not edge_list:
        return []
    weights = [w for _, _, w in edge_list]
    low, high = min(weights), max(weights)
    if low < 0 or high >= MAX_WEIGHT:
        bad = next(w for w in weights if not 0 <= w < MAX_WEIGHT)
        raise ValueError(f"matching weight out of range: {bad}")
    shift = min(TIE_BITS, MAX_WEIGHT.bit_length() - 1 - (high + 1).bit_length())
    spread = (1 << shift) // (nodes // 2 + 1) if shift > 0 else 0
    if spread > 1:
        edge_list = [(u, v, (w << shift) + tie_break(u, v) % spread) for u, v, w in edge_list]
    found = solve(nodes, edge_list, max_cardinality=max_cardinality)
    return sorted((min(u, v), max(u, v)) for u, v in found)


def maximum_matching_size(nodes: int, edges: Iterable[tuple[int, int]]) -> int:
    """How many pairs the largest matching of the graph has (the same for every solver)."""
    return len(solve(nodes, [(u, v, 1) for u, v in edges], max_cardinality=True))
