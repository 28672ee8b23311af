"""Random: the group is shuffled by a draw reproducible from ``key`` (stage seed, round, group),
then neighbours in the shuffled order play each other."""

from __future__ import annotations

from fairpair.engine.sha256 import sha256


def ideal_partners(size: int, key: str = "") -> tuple[int, ...]:
    def lot(i: int) -> bytes:
        return sha256(f"random-pairing\x1f{key}\x1f{i}".encode()).digest()

    order = sorted(range(size), key=lot)
    partner = [0] * size
    for k in range(0, size - 1, 2):
        a, b = order[k], order[k + 1]
        partner[a], partner[b] = b, a
    return tuple(partner)
