"""Standard bracket seeding (MTR 10.4): 1v8, 4v5, 2v7, 3v6 for a top 8, the same recursion for
any power of two, and byes to the top seeds when the field is not a power of two.

The recursion: the order for 2m slots replaces each seed ``s`` of the order for m slots by the
pair ``s, 2m + 1 - s``. So seeds ``s`` and ``2m + 1 - s`` meet in round 1, the top two seeds
can meet only in the final, the top four only in the semifinals, and so on.
"""

from __future__ import annotations

from fairpair.engine.errors import InvalidStage, saying


def bracket_size(entrants: int) -> int:
    """The smallest power of two that holds ``entrants`` (at least 2)."""
    if entrants < 2:
        raise InvalidStage(
            "bracket",
            saying("a bracket needs at least 2 entrants, not %(count)s", count=entrants),
        )
    size = 2
    while size < entrants:
        size *= 2
    return size


def bracket_order(size: int) -> tuple[int, ...]:
    """The seeds in slot order for a bracket of ``size`` slots (a power of two), MTR 10.4.

    ``bracket_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)``: slot pairs (1, 8), (4, 5), (2, 7), (3, 6).
    """
    if size < 1 or size & (size - 1):
        raise InvalidStage(
            "bracket", saying("a bracket size is a power of two, not %(size)s", size=size)
        )
    order: tuple[int, ...] = (1,)
    while len(order) < size:
        m = 2 * len(order)
        order = tuple(seed for s in order for seed in (s, m + 1 - s))
    return order


def byes(entrants: int) -> tuple[int, ...]:
    """The seeds that get a first-round bye: the top ``size - entrants`` seeds (12 → 1–4)."""
    return tuple(range(1, bracket_size(entrants) - entrants + 1))


def first_round(entrants: int) -> tuple[tuple[int, int | None], ...]:
    """The first-round pairs in bracket order; ``None`` is a bye (a seed above ``entrants``)."""
    order = bracket_order(bracket_size(entrants))
    return tuple(
        (order[i], order[i + 1] if order[i + 1] <= entrants else None)
        for i in range(0, len(order), 2)
    )
