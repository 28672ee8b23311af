"""A round's tables in the document. Matches are built with their round (each gets its id,
``"<round>.<table>"`` unless the document gives one, as it is made); the writer leaves those
default ids out."""

from __future__ import annotations

from typing import Any

from fairpair.engine.rounds import Match, Round, default_match_id


def round_of(**values: Any) -> Round:
    """The engine round of a validated round object whose matches are still key/values."""
    matches = values.get("matches")
    if matches:
        number = values["number"]
        values["matches"] = tuple(
            Match(**m) if "id" in m else Match(**m, id=default_match_id(number, m["table"]))
            for m in matches
        )
    return Round(**values)


def tidy_round(rnd: Round, data: dict[str, Any], _kept: tuple[str, ...]) -> None:
    """Leave the default table ids out of the written round ``data``."""
    for key in ("matches", "pods"):
        for table in data.get(key, ()):
            if table.get("id") == default_match_id(rnd.number, table["table"]):
                del table["id"]
