"""The browser's matching path (networkx) pairs exactly as the server's (rustworkx).

The two solvers break ties between equally heavy matchings differently; the matcher's
tie-break (``matcher.tie_break``) makes the heaviest matching unique, so the drafts must be
equal field by field. Here on generated events round by round (a few hundred in the suite);
``benchmarks/matching_paths.py`` runs 1,000 events (docs/generator.md).
"""

from __future__ import annotations

import random

import networkx as nx
import rustworkx as rx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairpair.engine.errors import PairingRefused
from fairpair.engine.pairing import PairingDraft, Tuning, pair_next_round
from fairpair.engine.pairing.matcher import max_weight_matching
from fairpair.engine.stage import PairingMethod
from fairpair.engine.tournament import Tournament

from .paths import solver
from .simulate import event, play

#: Force the top-down decomposition (brackets, local windows, repair windows) on small fields.
DECOMPOSED = Tuning(exact_limit=0, local_limit=4, local_radius=1)


def both(t: Tournament, tuning: Tuning) -> tuple[PairingDraft | None, PairingDraft | None]:
    out: list[PairingDraft | None] = []
    for name in ("rustworkx", "networkx"):
        with solver(name):
            try:
                out.append(pair_next_round(t, tuning=tuning))
            except PairingRefused:
                out.append(None)
    return out[0], out[1]


events = st.tuples(
    st.integers(2, 40),  # players
    st.integers(0, 10),  # rounds already played (random history: dense conflicts)
    st.integers(0, 2**32),  # seed
    st.sampled_from(list(PairingMethod)),
    st.integers(0, 4),  # drops
    st.booleans(),  # decomposed search
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events)
def test_both_paths_draft_the_same_round(
    spec: tuple[int, int, int, PairingMethod, int, bool],
) -> None:
    n, rounds, seed, method, drops, decomposed = spec
    t = event(n, min(rounds, n + 2), seed, swiss_history=False, drops=drops, method=method)
    fast, pure = both(t, DECOMPOSED if decomposed else Tuning())
    assert fast == pure


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(4, 48), st.integers(0, 2**32), st.sampled_from(list(PairingMethod)))
def test_both_paths_pair_a_whole_event_alike(n: int, seed: int, method: PairingMethod) -> None:
    """Every round of a Swiss event, paired both ways and played on with the same results."""
    t = event(n, 0, seed, method=method)
    rng = random.Random(seed)
    for _ in range(min(n - 1, 8)):
        fast, pure = both(t, Tuning())
        assert fast == pure
        if fast is None:
            break
        t = play(t, fast, rng)


weights = st.lists(st.integers(0, 3), min_size=0, max_size=200)


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 20), weights, st.booleans(), st.integers(0, 2**32))
def test_the_tie_break_makes_the_heaviest_matching_unique(
    nodes: int, values: list[int], max_cardinality: bool, seed: int
) -> None:
    """Graphs made of ties (weights 0-3): both solvers, through the adapter, agree; and the
    matching is one of the heaviest by the original weights."""
    rng = random.Random(seed)
    pairs = [(u, v) for u in range(nodes) for v in range(u + 1, nodes)]
    rng.shuffle(pairs)
    edges = [(u, v, w) for (u, v), w in zip(pairs, values, strict=False)]
    with solver("rustworkx"):
        fast = max_weight_matching(nodes, edges, max_cardinality=max_cardinality)
    with solver("networkx"):
        pure = max_weight_matching(nodes, edges, max_cardinality=max_cardinality)
    assert fast == pure
    graph = nx.Graph()
    graph.add_nodes_from(range(nodes))
    graph.add_weighted_edges_from(edges)
    best = nx.max_weight_matching(graph, maxcardinality=max_cardinality)
    weight = {(u, v): w for u, v, w in edges}
    if max_cardinality:
        assert len(fast) == len(best)
    assert sum(weight[p] for p in fast) == sum(weight[min(p), max(p)] for p in best)


def test_without_the_tie_break_the_solvers_disagree() -> None:
    """Why the tie-break exists: on a graph of equal weights, rustworkx and networkx pick
    different perfect matchings."""
    nodes = 6
    pairs = [(0, 1), (0, 3), (1, 2), (1, 4), (1, 5), (2, 3), (3, 4), (3, 5), (4, 5)]
    edges = [(u, v, 1) for u, v in pairs]
    graph = rx.PyGraph()
    graph.add_nodes_from(range(nodes))
    graph.add_edges_from(edges)
    fast = sorted(tuple(sorted(p)) for p in rx.max_weight_matching(graph, True, lambda w: w))
    nx_graph = nx.Graph()
    nx_graph.add_nodes_from(range(nodes))
    nx_graph.add_weighted_edges_from(edges)
    pure = sorted(tuple(sorted(p)) for p in nx.max_weight_matching(nx_graph, True))
    assert fast == [(0, 1), (2, 3), (4, 5)]
    assert pure == [(0, 3), (1, 2), (4, 5)]
    for name in ("rustworkx", "networkx"):
        with solver(name):
            assert max_weight_matching(nodes, edges, max_cardinality=True) == pure
