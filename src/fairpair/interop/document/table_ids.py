"""Table ids in the document: written only when they are not the default ``"<round>.<table>"``
(the engine fills that in when a document leaves ``id`` out), unless the user writes them."""

from __future__ import annotations

from typing import Any

from fairpair.engine.rounds import Round, default_match_id


def tidy_round(rnd: Round, data: dict[str, Any], _kept: tuple[str, ...]) -> None:
    """Leave the default table ids out of the written round ``data``."""
    for key in ("matches", "pods"):
        for table in data.get(key, ()):
            if table.get("id") == default_match_id(rnd.number, table["table"]):
                del table["id"]
