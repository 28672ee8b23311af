"""Where a problem is, in the organizer's words: ``stages[0].rounds[3].matches[0].result`` is
"stage swiss, round 4, table 1, result".

The JSON path stays the exact place; ``human_place`` reads the document (when it could be
read) to name the stage by its id, the round by its number, the match by its table and the
player by their id, and leaves anything it cannot resolve as it is.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

STEP = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\.")
PATH = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\[\d+\]|\.[A-Za-z_][A-Za-z0-9_-]*)*$")

#: What an item of each list is called.
ITEM = {
    "players": "player",
    "stages": "stage",
    "rounds": "round",
    "matches": "match",
    "byes": "bye",
    "drops": "drop",
    "groups": "group",
    "participants": "participant",
    "tiebreaks": "tiebreak",
    "games": "game",
    "assigned_byes": "assigned bye",
}


#: The document's top-level fields: a place in the document starts with one of them.
TOP_LEVEL = frozenset({"format", "version", "name", "players", "stages", "drops"})


def _steps(path: str) -> list[str | int]:
    out: list[str | int] = []
    for m in STEP.finditer(path):
        if m.group(1):
            out.append(m.group(1))
        elif m.group(2):
            out.append(int(m.group(2)))
    return out


def _name(list_name: str, index: int, item: Any) -> str:
    word = ITEM.get(list_name, list_name)
    if isinstance(item, dict):
        if list_name == "rounds" and isinstance(item.get("number"), int):
            return f"round {item['number']}"
        if list_name == "matches" and isinstance(item.get("table"), int):
            return f"table {item['table']}"
        key = item.get("id") if list_name in ("players", "stages") else item.get("player")
        if isinstance(key, str) and key and len(key) <= 40:
            return f"{word} {key}"
    return f"{word} {index + 1}"


def human_place(path: str, document: Any = None) -> str | None:
    """The organizer's words for ``path``, or ``None`` when ``path`` is not a document path."""
    if not PATH.match(path) or ("[" not in path and "." not in path):
        return None
    if path.split("[", 1)[0].split(".", 1)[0] not in TOP_LEVEL:
        return None  # a file name ("event.json") or an option, not a place in the document
    words: list[str] = []
    node = document
    pending: str | None = None
    for step in _steps(path):
        if isinstance(step, int):
            item = node[step] if isinstance(node, list) and step < len(node) else None
            words.append(_name(pending or "", step, item))
            node, pending = item, None
            continue
        if pending is not None:
            words.append(pending.replace("_", " "))
        node = node.get(step) if isinstance(node, dict) else None
        pending = step
    if pending is not None:
        words.append(pending.replace("_", " "))
    return ", ".join(words)


def read_document(file: Path | None) -> Any:
    """The raw JSON of ``file`` for naming places, or ``None`` if it cannot be read."""
    if file is None:
        return None
    try:
        if file.stat().st_size > 50_000_000:
            return None
        return json.loads(file.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError):
        return None
