"""Checks of a pod table: 3–10 seats, each player once, places that can happen."""

from __future__ import annotations

from collections import Counter

from fairpair.engine.rounds import POD_SEATS, PodTable


def places_problem(places: tuple[int, ...], seats: int) -> str | None:
    """Why ``places`` cannot be the finish of a table of ``seats``, or ``None``.

    Places are 1..seats; seats that tie share a place and the next place skips (1, 2, 2, 4):
    a seat on place p has exactly p − 1 seats ahead of it.
    """
    if len(places) != seats:
        return f"{len(places)} places for {seats} seats (one place per seat, in seat order)"
    if any(not isinstance(p, int) or isinstance(p, bool) or not 1 <= p <= seats for p in places):
        return f"places are numbered 1 to {seats}"
    ahead = 0
    for place, count in sorted(Counter(places).items()):
        if place != ahead + 1:
            return (
                f"place {place} cannot follow {ahead} seat{'s' if ahead != 1 else ''} ahead "
                f"(tied seats share a place and the next place skips: 1, 2, 2, 4)"
            )
        ahead += count
    return None


def pod_problems(pod: PodTable) -> list[tuple[str, str]]:
    """(field, reason) for everything wrong with ``pod`` itself."""
    out: list[tuple[str, str]] = []
    if len(pod.seats) not in POD_SEATS:
        out.append(
            (
                "seats",
                f"a pod table has {POD_SEATS.start}–{POD_SEATS.stop - 1} seats, "
                f"not {len(pod.seats)}",
            )
        )
    seen: set[str] = set()
    for i, seat in enumerate(pod.seats):
        if seat in seen:
            out.append((f"seats[{i}]", f"{seat!r} has two seats at this table"))
        seen.add(seat)
    if pod.places is not None:
        problem = places_problem(pod.places, len(pod.seats))
        if problem is not None:
            out.append(("places", problem))
    return out
