"""Fold: 1v8, 2v7 — the strongest against the weakest ("slaughter" pairing)."""

from __future__ import annotations


def ideal_partners(size: int, key: str = "") -> tuple[int, ...]:
    return tuple(size - 1 - i for i in range(size))
