"""Independent checks for pod pairings, written without the engine's search: a brute force
over every arrangement (small fields) and a randomised repeat-free search (any field)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence


def brute_force(
    seated: Sequence[str], met: Mapping[str, set[str]], sizes: Sequence[int]
) -> tuple[int, int]:
    """The least (repeats, displacement) over every arrangement of ``seated`` (rank order)."""
    nominal = [t for t, s in enumerate(sizes) for _ in range(s)]
    free = list(sizes)
    groups: list[list[str]] = [[] for _ in sizes]
    best = (10**9, 10**9)

    def go(i: int, repeats: int, disp: int) -> None:
        nonlocal best
        if (repeats, disp) >= best:
            return
        if i == len(seated):
            best = (repeats, disp)
            return
        p = seated[i]
        for t in range(len(sizes)):
            if free[t]:
                clash = sum(1 for q in groups[t] if q in met.get(p, set()))
                free[t] -= 1
                groups[t].append(p)
                go(i + 1, repeats + clash, disp + abs(t - nominal[i]))
                groups[t].pop()
                free[t] += 1

    go(0, 0, 0)
    return best


def random_repeat_free(
    seated: Sequence[str],
    met: Mapping[str, set[str]],
    sizes: Sequence[int],
    rng: random.Random,
    tries: int = 30,
) -> bool:
    """True when a random start plus swap descent on the number of repeats reaches none."""
    players = list(seated)

    def clashes(groups: list[list[str]]) -> int:
        return sum(
            1 for g in groups for i, p in enumerate(g) for q in g[i + 1 :] if q in met.get(p, set())
        )

    for _ in range(tries):
        rng.shuffle(players)
        groups: list[list[str]] = []
        at = 0
        for s in sizes:
            groups.append(players[at : at + s])
            at += s
        current = clashes(groups)
        improved = True
        while current and improved:
            improved = False
            for a in range(len(groups)):
                for b in range(a + 1, len(groups)):
                    for i in range(len(groups[a])):
                        for j in range(len(groups[b])):
                            groups[a][i], groups[b][j] = groups[b][j], groups[a][i]
                            c = clashes(groups)
                            if c < current:
                                current, improved = c, True
                            else:
                                groups[a][i], groups[b][j] = groups[b][j], groups[a][i]
        if current == 0:
            return True
    return False
