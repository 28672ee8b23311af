"""Maximum-weight matching with rustworkx (Rust): the fast path, used wherever it installs.

rustworkx needs integer weights (it accepts up to 2^126) and returns pairs in no fixed order.
"""

from __future__ import annotations

from collections.abc import Sequence

import rustworkx as rx


def solve(
    nodes: int, edges: Sequence[tuple[int, int, int]], *, max_cardinality: bool
) -> list[tuple[int, int]]:
    """A maximum-weight matching of the graph on ``0..nodes-1``, in no fixed order."""
    graph: rx.PyGraph = rx.PyGraph(multigraph=True)
    graph.add_nodes_from(range(nodes))
    graph.add_edges_from(list(edges))
    # ``int`` hands each edge's weight back as it is (a builtin: no Python frame per edge).
    found = rx.max_weight_matching(graph, max_cardinality=max_cardinality, weight_fn=int)
    return [(u, v) for u, v in found]
