"""A round's tables in the document. Matches are built with their round (each gets its id,
``"<round>.<table>"`` unless the document gives one, as it is made); the writer leaves those
default ids out."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from fairpair.engine.rounds import TABLE_NUMBER, Match, Round, default_match_id

#: Writes a match's id into a match just made (its slot's own setter: the match is frozen).
_SET_ID = Match.__dict__["id"].__set__

#: Table numbers as text, made once for all the rounds read (up to ``_TEXTS_UP_TO``; a larger
#: number is written as it comes). Replaced whole when it grows, never changed: threads that
#: read documents at once each see a complete one.
_TEXTS: tuple[str, ...] = ()
_TEXTS_UP_TO = 1 << 16


def round_of(**values: Any) -> Round:
    """The engine round of a validated round object.

    Its matches come from the validator already made (``core_schema``); a match the
    document gives no id gets its default one, ``"<round>.<table>"``, written here into the
    object the validator has just made and nothing else holds yet (in C: a 10,000-player
    document has 70,000 matches, and ``Round`` would otherwise make each such match again)."""
    matches = values.get("matches")
    if matches:
        unnamed = [m for m in matches if not m.id]
        if unnamed:
            prefix = f"{values['number']}."
            numbers = list(map(TABLE_NUMBER, unnamed))
            ids = map(prefix.__add__, map(text_of(numbers), numbers))
            deque(map(_SET_ID, unnamed, ids), maxlen=0)
    return Round(**values)


def text_of(numbers: list[int]) -> Callable[[int], str]:
    """``str`` of a table number, read from ``_TEXTS`` when the round's ``numbers`` are in it."""
    global _TEXTS
    most = max(numbers)
    if most >= _TEXTS_UP_TO:
        return str
    texts = _TEXTS
    if len(texts) <= most:
        texts = _TEXTS = tuple(map(str, range(min(max(most + 1, 2 * len(texts)), _TEXTS_UP_TO))))
    return texts.__getitem__


def tidy_round(rnd: Round, data: dict[str, Any], _kept: tuple[str, ...]) -> None:
    """Leave the default table ids out of the written round ``data``."""
    for key in ("matches", "pods"):
        for table in data.get(key, ()):
            if table.get("id") == default_match_id(rnd.number, table["table"]):
                del table["id"]
