"""The packed criteria: a layout fitted per player (edges sharing one vector) is the layout
fitted edge by edge, and the packed values keep the criteria's order."""

from __future__ import annotations

import random
from itertools import combinations

from fairpair.engine.pairing.dutch.lexmatch import Layout, Vector, max_weight_matching

N = 10


def _shared_vectors(seed: int) -> tuple[dict[tuple[int, int], Vector], dict[int, list[Vector]]]:
    """A bracket of ``N`` players of 3 kinds: each two kinds share one vector (some
    components negative, as penalties are), a few pairs missing (players who met)."""
    rng = random.Random(seed)
    kind = [rng.randrange(3) for _ in range(N)]
    by_kinds: dict[tuple[int, int], Vector] = {}
    for a in range(3):
        for b in range(3):
            by_kinds[(a, b)] = {
                0: 1,
                1: rng.choice([0, 1, 2]),
                2: rng.choice([0, -1]),
                3: rng.choice([0, 1, -1]),
            }
    edges: dict[tuple[int, int], Vector] = {}
    at_player: dict[int, list[Vector]] = {}
    for i, j in combinations(range(N), 2):
        if rng.random() < 0.15:
            continue
        vec = by_kinds[(kind[i], kind[j])]
        edges[(i, j)] = vec
        for v in (i, j):
            if all(vec is not seen for seen in at_player.setdefault(v, [])):
                at_player[v].append(vec)
    return edges, at_player


def test_layout_of_players_is_the_layout_of_the_edges() -> None:
    for seed in range(20):
        edges, at_player = _shared_vectors(seed)
        by_edge = Layout(4, edges, 5)
        by_player = Layout.of_players(4, at_player, 5)
        assert by_player.bits == by_edge.bits
        assert by_player.shifts == by_edge.shifts
        assert by_player.truncated == by_edge.truncated


def test_packed_values_rank_matchings_by_the_criteria_in_order() -> None:
    edges, at_player = _shared_vectors(3)
    layout = Layout.of_players(4, at_player, 0)
    packed = [(u, v, layout.pack(vec)) for (u, v), vec in edges.items()]
    mate = max_weight_matching(N, packed)
    chosen = {(u, v) for u, v in edges if mate[u] == v}

    def totals(pairs: set[tuple[int, int]]) -> tuple[int, ...]:
        return tuple(sum(edges[e].get(c, 0) for e in pairs) for c in range(4))

    best = totals(chosen)

    # No other matching (all of them, by brute force over N players) is better by the
    # criteria in their order.
    def matchings(left: list[int]) -> list[set[tuple[int, int]]]:
        if not left:
            return [set()]
        first, rest = left[0], left[1:]
        found = matchings(rest)  # ``first`` unpaired
        for k, other in enumerate(rest):
            if (first, other) in edges:
                for m in matchings(rest[:k] + rest[k + 1 :]):
                    found.append({(first, other), *m})
        return found

    assert all(totals(m) <= best for m in matchings(list(range(N))))
