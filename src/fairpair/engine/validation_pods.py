"""Checks of a pod table: 3–10 seats, each player once, places that can happen."""

from __future__ import annotations

from collections import Counter

from fairpair.engine.errors import Said, saying, saying_n
from fairpair.engine.rounds import POD_SEATS, PodTable


def places_problem(places: tuple[int, ...], seats: int) -> Said | None:
    """Why ``places`` cannot be the finish of a table of ``seats``, or ``None``.

    Places are 1..seats; seats that tie share a place and the next place skips (1, 2, 2, 4):
    a seat on place p has exactly p − 1 seats ahead of it. ``str()`` of the answer is the
    English sentence.
    """
    if len(places) != seats:
        return saying(
            "%(places)s places for %(seats)s seats (one place per seat, in seat order)",
            places=len(places),
            seats=seats,
        )
    if any(not isinstance(p, int) or isinstance(p, bool) or not 1 <= p <= seats for p in places):
        return saying("places are numbered 1 to %(seats)s", seats=seats)
    ahead = 0
    for place, count in sorted(Counter(places).items()):
        if place != ahead + 1:
            return saying_n(
                "place %(place)s cannot follow %(num)d seat ahead (tied seats share a place and "
                "the next place skips: 1, 2, 2, 4)",
                "place %(place)s cannot follow %(num)d seats ahead (tied seats share a place and "
                "the next place skips: 1, 2, 2, 4)",
                ahead,
                place=place,
            )
        ahead += count
    return None


def pod_problems(pod: PodTable) -> list[tuple[str, Said]]:
    """(field, reason) for everything wrong with ``pod`` itself."""
    out: list[tuple[str, Said]] = []
    if len(pod.seats) not in POD_SEATS:
        out.append(
            (
                "seats",
                saying(
                    "a pod table has %(least)s–%(most)s seats, not %(seats)s",
                    least=POD_SEATS.start,
                    most=POD_SEATS.stop - 1,
                    seats=len(pod.seats),
                ),
            )
        )
    seen: set[str] = set()
    for i, seat in enumerate(pod.seats):
        if seat in seen:
            out.append(
                (f"seats[{i}]", saying("%(player)r has two seats at this table", player=seat))
            )
        seen.add(seat)
    if pod.places is not None:
        problem = places_problem(pod.places, len(pod.seats))
        if problem is not None:
            out.append(("places", problem))
    return out
