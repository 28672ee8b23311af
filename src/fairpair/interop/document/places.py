"""Places in the organizer's words: ``stages[0].rounds[3].matches[0].result`` is "round 4,
table 1, result". Read off the document itself (its round numbers and tables), so the words
match what the organizer sees in the file."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

_PART = r"\.?([^.\[\]]+)|\[(\d+)\]"  # compiled when first used (``re`` keeps it)

#: How one entry of a list is called.
_ENTRY = {
    "drops": "drop",
    "assigned_byes": "assigned bye",
    "groups": "group",
    "forbidden_pairs": "forbidden pair",
    "participants": "participant",
    "tiebreaks": "tiebreak",
    "games": "games entry",
}


def loc_of(where: str) -> tuple[str | int, ...]:
    """``"stages[0].rounds[3].b"`` as ``("stages", 0, "rounds", 3, "b")``."""
    return tuple(int(index) if index else name for name, index in re.findall(_PART, where))


def _get(node: Any, part: str | int) -> Any:
    if isinstance(part, int) and isinstance(node, list) and 0 <= part < len(node):
        return node[part]
    if isinstance(part, str) and isinstance(node, dict):
        return node.get(part)
    return None


def _field(node: Any, key: str) -> Any:
    return node.get(key) if isinstance(node, dict) else None


def _entry(parent: str | int | None, index: int, node: Any, stages: int) -> str | None:
    if parent == "rounds":
        number = _field(node, "number")
        return f"round {number}" if isinstance(number, int) else f"round entry {index + 1}"
    if parent == "matches":
        table = _field(node, "table")
        return f"table {table}" if isinstance(table, int) else f"match {index + 1}"
    if parent == "byes":
        player = _field(node, "player")
        return f"bye of {player}" if isinstance(player, str) else f"bye {index + 1}"
    if parent == "players":
        pid = _field(node, "id")
        return f"player {pid}" if isinstance(pid, str) else f"player {index + 1}"
    if parent == "stages":
        if stages <= 1:
            return None
        sid = _field(node, "id")
        return f"stage {sid}" if isinstance(sid, str) else f"stage {index + 1}"
    name = _ENTRY.get(parent) if isinstance(parent, str) else None
    return f"{name} {index + 1}" if name else f"entry {index + 1}"


def place_of(loc: Sequence[str | int], data: Any) -> str:
    """The organizer's words for the place ``loc`` in the document ``data`` ("" at the top)."""
    words: list[str] = []
    node = data
    parent: str | int | None = None
    stages = _field(data, "stages")
    count = len(stages) if isinstance(stages, list) else 1
    for part in loc:
        child = _get(node, part)
        if isinstance(part, int):
            word = _entry(parent, part, child, count)
            if word is not None:
                words.append(word)
        elif part not in ("stages", "rounds", "matches", "byes", "players", *_ENTRY):
            words.append(part.replace("_", " "))
        node, parent = child, part
    return ", ".join(words)
