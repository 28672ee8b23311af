"""Slide: 1v5, 2v6 — the top half against the bottom half, in order ("cross" pairing)."""

from __future__ import annotations


def ideal_partners(size: int, key: str = "") -> tuple[int, ...]:
    half = size // 2
    return tuple(i + half if i < half else i - half for i in range(size))
