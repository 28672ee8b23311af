"""The records pairing programs add to a TRF file (JaVaFo Advanced User Manual; bbpPairings
reads the same): ``XXC`` (the initial colour: ``white1`` or ``black1``) and ``XXP`` (forbidden
pairs: the start numbers on one line must not meet each other). The reader sets them on the
stage (``initial_colour``, ``forbidden_pairs``); ``fairpair check-pairings`` reads them too.
The number of rounds (``XXR``/``142``) is read with the tournament
(``tags.number_of_rounds``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations

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


def forbidden_pairs(
    lines: Iterable[tuple[int, str]], problem: Callable[[int, int, str], None]
) -> tuple[tuple[str, str], ...]:
    """Every pair of start numbers that an ``XXP`` record (``(line number, text)``) forbids,
    in the order written; ``problem(line, column, reason)`` for a word that is not a start
    number."""
    pairs: list[tuple[str, str]] = []
    for n, line in lines:
        if line[:3].upper() != "XXP":
            continue
        numbers: list[str] = []
        column = 4
        for word in line[3:].split():
            column = line.index(word, column - 1) + 1
            if not word.isdigit() or int(word) == 0:
                problem(n, column, f"{word!r} is not a start number (XXP lists start numbers)")
                continue
            if str(int(word)) not in numbers:
                numbers.append(str(int(word)))
        for a, b in combinations(numbers, 2):
            if (a, b) not in pairs and (b, a) not in pairs:
                pairs.append((a, b))
    return tuple(pairs)
