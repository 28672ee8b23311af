"""An independent reference for the optimisation, built on networkx (exact big integers).

For the players a draft pairs, it computes the lexicographically smallest
(rematches and forbidden pairs, crossings of boundary 1, boundary 2, ..., floater cost) over
*every* pairing of them, straight from the definitions in the issue — no decomposition.

``reference_bye`` gives the pairing bye by the bye order (seed 004 "Byes", issue 13) from its
definition: among the players without a bye (everyone, when all have had one, or with the
organizer's ``prefer_repeat_bye``), the one whose bye leaves the fewest forced pairs, then one
without a bye, then the lowest-ranked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set

import networkx as nx

from fairpair.engine.pairing import PairingDraft
from fairpair.engine.rounds import ByeKind
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


def fewest_forced(players: Sequence[str], blocked: Mapping[str, Set[str]]) -> int:
    """The fewest blocked pairs any pairing of ``players`` (even) has: the pairs a maximum
    matching of the allowed pairs leaves out."""
    graph = nx.Graph()
    graph.add_nodes_from(players)
    graph.add_edges_from(
        (a, b)
        for i, a in enumerate(players)
        for b in players[i + 1 :]
        if b not in blocked.get(a, set())
    )
    return len(players) // 2 - len(nx.max_weight_matching(graph, maxcardinality=True))


def reference_bye(
    t: Tournament, draft: PairingDraft, *, prefer_repeat_bye: bool = False
) -> str | None:
    """The pairing bye of ``draft``'s field by the bye order (``None`` for an even field)."""
    stage = t.stage()
    assigned = {b.player for b in draft.byes if b.kind is not ByeKind.PAIRING}
    field = [p for p in draft.eligible if p not in assigned]
    if len(field) % 2 == 0:
        return None
    already = {b.player for r in stage.rounds for b in r.byes if b.kind is not ByeKind.ZERO}
    blocked = blocked_sets(t)
    fresh = [p for p in field if p not in already]
    allowed = field if prefer_repeat_bye or not fresh else fresh
    # Walk the candidates in the order's tie-break (no bye first, then lowest-ranked first):
    # the first that forces nothing is the answer; else the first forcing fewest.
    order = sorted(allowed, key=lambda p: (p in already, -field.index(p)))
    best, fewest = order[0], len(field)
    for candidate in order:
        forced = fewest_forced([p for p in field if p != candidate], blocked)
        if forced < fewest:
            best, fewest = candidate, forced
        if fewest == 0:
            break
    return best
