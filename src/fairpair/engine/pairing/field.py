"""The pairing field as the optimiser sees it: players 0..n-1 in rank order, their score groups,
who may not meet whom, and the method. Indices only — no names, no points, no tournament."""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.pairing.methods import IdealPartners


@dataclass(frozen=True, slots=True)
class Field:
    """``group_of[i]`` is player ``i``'s score group (0 is the top group; never decreasing with
    ``i``). ``blocked[i]`` holds the players ``i`` must not meet: past opponents and forbidden
    partners. ``key`` makes the Random method reproducible."""

    group_of: tuple[int, ...]
    blocked: tuple[frozenset[int], ...]
    ideal: IdealPartners
    key: str = ""

    @property
    def size(self) -> int:
        return len(self.group_of)

    @property
    def group_count(self) -> int:
        return self.group_of[-1] + 1 if self.group_of else 0

    def members(self) -> list[list[int]]:
        """The players of each score group, best first."""
        groups: list[list[int]] = [[] for _ in range(self.group_count)]
        for player, group in enumerate(self.group_of):
            groups[group].append(player)
        return groups

    def max_blocked(self) -> int:
        return max((len(b) for b in self.blocked), default=0)

    def can_meet(self, u: int, v: int) -> bool:
        return v not in self.blocked[u]
