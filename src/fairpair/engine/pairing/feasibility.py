"""Can a set of players all be paired without any blocked pair? Knows nothing of Swiss.

Dirac's theorem does the large cases: if each of ``m`` players (``m`` even) is blocked from at
most ``d`` others and ``m ≥ 2d + 2``, every player may meet at least ``m/2`` of the others, so
the allowed graph has a Hamiltonian cycle and hence a perfect matching. Smaller sets are
checked with a maximum matching.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence, Set
from typing import Protocol, TypeVar

from fairpair.engine.pairing.matcher import maximum_matching_size

P = TypeVar("P", bound=Hashable)
"""A player: an index into the field, or a player id."""


class Blocks(Protocol[P]):
    """Who each player may not meet: a sequence by index or a mapping by player id."""

    def __getitem__(self, player: P, /) -> Set[P]: ...


def dirac_enough(count: int, most_blocked: int) -> bool:
    return count >= 2 * most_blocked + 2


def largest_allowed_matching(players: Sequence[P], blocked: Blocks[P]) -> int:
    """The most pairs of ``players`` that can be formed without a blocked pair."""
    index = {p: k for k, p in enumerate(players)}
    edges = [
        (index[u], index[v])
        for k, u in enumerate(players)
        for v in players[k + 1 :]
        if v not in blocked[u]
    ]
    return maximum_matching_size(len(players), edges)


def can_pair_all(players: Sequence[P], blocked: Blocks[P]) -> bool:
    """True when ``players`` (an even number) can all be paired with no blocked pair."""
    if len(players) % 2:
        return False
    # Every player's whole block list bounds the part of it inside the field: when even that
    # bound is small enough, so is the part (no set of the field, no intersection per player).
    bound = max(map(len, map(blocked.__getitem__, players)), default=0)
    if dirac_enough(len(players), bound):
        return True
    present = set(players)
    most = max((len(blocked[p] & present) for p in players), default=0)
    if dirac_enough(len(players), most):
        return True
    return 2 * largest_allowed_matching(players, blocked) == len(players)
