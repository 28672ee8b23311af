"""A round's tables in the document. Matches are built with their round (each gets its id,
``"<round>.<table>"`` unless the document gives one, as it is made); the writer leaves those
default ids out."""

from __future__ import annotations

from typing import Any

from fairpair.engine.rounds import Match, Round, default_match_id


def round_of(**values: Any) -> Round:
    """The engine round of a validated round object whose matches are still key/values.

    A match object holds only ``Match``'s own keys (the schema forbids others), so each is
    built positionally, its default id written here (a 10,000-player document has 70,000
    matches: a keyword call, or a call per default id, costs a third more)."""
    matches = values.get("matches")
    if matches:
        prefix = f"{values['number']}."
        made: list[Match] = []
        add = made.append
        for m in matches:
            get, table = m.get, m["table"]
            add(
                Match(
                    table,
                    m["a"],
                    m["b"],
                    get("result"),
                    get("toss"),
                    get("id") or prefix + str(table),
                )
            )
        values["matches"] = tuple(made)
    return Round(**values)


def tidy_round(rnd: Round, data: dict[str, Any], _kept: tuple[str, ...]) -> None:
    """Leave the default table ids out of the written round ``data``."""
    for key in ("matches", "pods"):
        for table in data.get(key, ()):
            if table.get("id") == default_match_id(rnd.number, table["table"]):
                del table["id"]
