"""The records pairing programs add to a TRF file, read for ``fairpair check-pairings``:
``XXC`` (the initial colour: ``white1`` or ``black1``, JaVaFo Advanced User Manual; bbpPairings
writes the same). The number of rounds (``XXR``/``142``) is read with the tournament
(``tags.number_of_rounds``)."""

from __future__ import annotations

from collections.abc import Iterable

from fairpair.engine.pairing.dutch.model import Colour


def initial_colour(lines: Iterable[str]) -> Colour | None:
    """The colour the ``XXC`` record gives the top player of round 1, if the file has one."""
    for line in lines:
        if line[:3].upper() != "XXC":
            continue
        for word in line[3:].split():
            value = word.lower()
            if value.startswith("white"):
                return Colour.WHITE
            if value.startswith("black"):
                return Colour.BLACK
    return None
