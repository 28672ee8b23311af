"""An independent reference for the optimisation, built on networkx (exact big integers).

For the players a draft pairs, it computes the lexicographically smallest
(rematches and forbidden pairs, crossings of boundary 1, boundary 2, ..., floater cost) over
*every* pairing of them, straight from the definitions in the issue — no decomposition.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set

import networkx as nx

from fairpair.engine.pairing import PairingDraft
from fairpair.engine.tournament import Tournament

Vector = tuple[int, ...]


def blocked_sets(t: Tournament) -> dict[str, set[str]]:
    stage = t.stage()
    out: dict[str, set[str]] = {}
    for rnd in stage.rounds:
        for m in rnd.matches:
            out.setdefault(m.a, set()).add(m.b)
            out.setdefault(m.b, set()).add(m.a)
    for a, b in stage.forbidden_pairs:
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return out


def cost_vector(
    pairs: Sequence[tuple[str, str]],
    order: Sequence[str],
    group: Mapping[str, int],
    blocked: Mapping[str, Set[str]],
) -> Vector:
    """(blocked pairs, crossings per boundary top-down, floater cost) of a pairing."""
    rank = {p: k for k, p in enumerate(order)}
    groups = max(group.values(), default=0) + 1
    sizes = [0] * groups
    index: dict[str, int] = {}
    for p in order:
        index[p] = sizes[group[p]]
        sizes[group[p]] += 1
    crossings = [0] * max(groups - 1, 0)
    rematches = 0
    floater = 0
    for a, b in pairs:
        hi, lo = (a, b) if rank[a] < rank[b] else (b, a)
        if lo in blocked.get(hi, set()):
            rematches += 1
        for t in range(group[hi], group[lo]):
            crossings[t] += 1
        if group[hi] < group[lo]:
            # Players below it in its own group, then all of each group it passes through.
            floater += sizes[group[hi]] - 1 - index[hi]
            floater += sum(sizes[g] for g in range(group[hi] + 1, group[lo]))
    return (rematches, *crossings, floater)


def best_vector(
    order: Sequence[str], group: Mapping[str, int], blocked: Mapping[str, Set[str]]
) -> Vector:
    """The smallest cost vector over all perfect matchings of ``order`` (networkx, exact)."""
    n = len(order)
    groups = max(group.values(), default=0) + 1
    levels = groups - 1
    radix = n * n + 1  # more than any sum on the level below
    graph = nx.Graph()
    graph.add_nodes_from(order)
    weights = {}
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            vec = cost_vector([(a, b)], order, group, blocked)
            cost = 0
            for value in vec:
                cost = cost * radix + value
            weights[(a, b)] = cost
    top = max(weights.values(), default=0) + 1
    for (a, b), cost in weights.items():
        graph.add_edge(a, b, weight=top - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    assert 2 * len(matching) == n
    del levels
    return cost_vector(sorted(matching), order, group, blocked)


def draft_problem(
    t: Tournament, draft: PairingDraft, points: Mapping[str, object]
) -> tuple[list[str], dict[str, int], dict[str, set[str]]]:
    """The paired players in rank order, their score-group index, and who blocks whom."""
    paired = {p for d in draft.pairings for p in (d.a, d.b)}
    order = [p for p in draft.eligible if p in paired]
    group: dict[str, int] = {}
    current = -1
    last: object = object()
    for p in order:
        value = points.get(p, 0)
        if value != last:
            current += 1
            last = value
        group[p] = current
    return order, group, blocked_sets(t)
