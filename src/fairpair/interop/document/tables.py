"""A round's tables in the document. Matches are built with their round (each gets its id,
``"<round>.<table>"`` unless the document gives one, as it is made); the writer leaves those
default ids out."""

from __future__ import annotations

from typing import Any

from fairpair.engine.rounds import Match, Round, default_match_id

#: A match's keys, in ``Match``'s field order: a match of only these is built positionally
#: (a 10,000-player document has 70,000 matches; keyword calls cost twice as much).
_MATCH_KEYS = frozenset(("table", "a", "b", "result", "toss", "id"))


def round_of(**values: Any) -> Round:
    """The engine round of a validated round object whose matches are still key/values."""
    matches = values.get("matches")
    if matches:
        number = values["number"]
        keys = _MATCH_KEYS
        made: list[Match] = []
        add = made.append
        for m in matches:
            table = m["table"]
            if m.keys() <= keys:
                add(
                    Match(
                        table,
                        m["a"],
                        m["b"],
                        m.get("result"),
                        m.get("toss"),
                        m.get("id") or default_match_id(number, table),
                    )
                )
            else:
                add(Match(**m) if "id" in m else Match(**m, id=default_match_id(number, table)))
        values["matches"] = tuple(made)
    return Round(**values)


def tidy_round(rnd: Round, data: dict[str, Any], _kept: tuple[str, ...]) -> None:
    """Leave the default table ids out of the written round ``data``."""
    for key in ("matches", "pods"):
        for table in data.get(key, ()):
            if table.get("id") == default_match_id(rnd.number, table["table"]):
                del table["id"]
