"""The matcher adapter: maximum-weight matching on integer weights. Knows nothing of Swiss.

rustworkx needs integer weights (it accepts up to 2^126) and returns pairs in no fixed order;
this module builds the graph in a fixed order and returns sorted pairs, so results are stable.
"""

from __future__ import annotations

from collections.abc import Iterable

import rustworkx as rx

#: Largest weight rustworkx handles exactly (measured: RECIPES.md "Matching").
MAX_WEIGHT = 2**126


def max_weight_matching(
    nodes: int, edges: Iterable[tuple[int, int, int]], *, max_cardinality: bool
) -> list[tuple[int, int]]:
    """A maximum-weight matching of the graph on ``0..nodes-1``; pairs ``(u, v)`` with u < v,
    sorted. With ``max_cardinality`` it is the heaviest among the largest matchings."""
    graph: rx.PyGraph = rx.PyGraph(multigraph=True)
    graph.add_nodes_from(range(nodes))
    edge_list = edges if isinstance(edges, list) else list(edges)
    if edge_list:
        weights = [w for _, _, w in edge_list]
        low, high = min(weights), max(weights)
        if low < 0 or high >= MAX_WEIGHT:
            bad = next(w for w in weights if not 0 <= w < MAX_WEIGHT)
            raise ValueError(f"matching weight out of range: {bad}")
    graph.add_edges_from(edge_list)
    found = rx.max_weight_matching(graph, max_cardinality=max_cardinality, weight_fn=_weight)
    return sorted((min(u, v), max(u, v)) for u, v in found)


def _weight(w: int) -> int:
    return w


def maximum_matching_size(nodes: int, edges: Iterable[tuple[int, int]]) -> int:
    """How many pairs the largest matching of the graph has."""
    return len(max_weight_matching(nodes, ((u, v, 1) for u, v in edges), max_cardinality=True))
