"""Adjacent: 1v2, 3v4, 5v6 — neighbours play each other (the default)."""

from __future__ import annotations


def ideal_partners(size: int, key: str = "") -> tuple[int, ...]:
    return tuple(i + 1 if i % 2 == 0 else i - 1 for i in range(size))
