"""A round's tables in the document. Matches are built with their round (each gets its id,
``"<round>.<table>"`` unless the document gives one, as it is made); the writer leaves those
default ids out."""

from __future__ import annotations

from collections import deque
from itertools import repeat
from typing import Any

from fairpair.engine.rounds import TABLE_NUMBER, Round, default_match_id

_SET = object.__setattr__


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
            ids = map(prefix.__add__, map(str, map(TABLE_NUMBER, unnamed)))
            deque(map(_SET, unnamed, repeat("id"), ids), maxlen=0)
    return Round(**values)


def tidy_round(rnd: Round, data: dict[str, Any], _kept: tuple[str, ...]) -> None:
    """Leave the default table ids out of the written round ``data``."""
    for key in ("matches", "pods"):
        for table in data.get(key, ()):
            if table.get("id") == default_match_id(rnd.number, table["table"]):
                del table["id"]
