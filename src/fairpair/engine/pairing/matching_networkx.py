"""Maximum-weight matching with networkx (pure Python): the path where rustworkx has no build,
as in the browser (Pyodide has no WebAssembly build of rustworkx's numpy dependency).

networkx's blossom works on exact Python integers when every weight is one; it is 17–80×
slower than rustworkx (docs/performance.md), fast enough for a store night's rounds.
"""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx


def solve(
    nodes: int, edges: Sequence[tuple[int, int, int]], *, max_cardinality: bool
) -> list[tuple[int, int]]:
    """A maximum-weight matching of the graph on ``0..nodes-1``, in no fixed order."""
    graph = nx.Graph()
    graph.add_nodes_from(range(nodes))
    graph.add_weighted_edges_from(edges)
    found = nx.max_weight_matching(graph, maxcardinality=max_cardinality)
    return [(int(u), int(v)) for u, v in found]
