"""Bounds on every count, number and text in a document: what fairpair promises to process
in bounded time and memory. A value outside them is refused with its place
(docs/tournament-document.md, "Limits"). The engine's own checks use the same numbers
(``fairpair.engine.validation``)."""

from __future__ import annotations

from fairpair.engine.validation import (
    MAX_GAMES,
    MAX_ID_LENGTH,
    MAX_NAME_LENGTH,
    MAX_RATING,
    MAX_ROUND,
    MAX_SEED,
    MAX_TABLE,
)

#: The largest exact number (points, floors) and the largest denominator ("1/1000000").
MAX_EXACT = 10**6
MAX_DENOMINATOR = 10**6
#: The longest list of tiebreaks, stages, groups.
MAX_TIEBREAKS = 40
#: The most seats read at a pod table (the engine refuses more than 10 with its reason).
MAX_SEATS = 100
MAX_STAGES = 100

__all__ = [
    "MAX_DENOMINATOR",
    "MAX_EXACT",
    "MAX_GAMES",
    "MAX_ID_LENGTH",
    "MAX_NAME_LENGTH",
    "MAX_RATING",
    "MAX_ROUND",
    "MAX_SEATS",
    "MAX_SEED",
    "MAX_STAGES",
    "MAX_TABLE",
    "MAX_TIEBREAKS",
]
