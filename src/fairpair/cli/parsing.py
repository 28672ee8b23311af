"""Reading what people type: a result (``2-1``, ``draw``, ``a-forfeits``), a date and time,
``KEY=JSON`` settings, a ``none``-able number. Each refusal is a typed error naming the
argument or option and the reason, so the one error handler prints it (``error: RESULT: ...``)
with its documented exit code (``bad_value``: 2)."""

from __future__ import annotations

import json
from typing import Any

from fairpair.interop.typed_text import (
    RESULTS_HELP,
    BadValue,
    parse_count,
    parse_games,
    parse_moment,
    parse_result,
)

__all__ = [
    "RESULTS_HELP",
    "BadValue",
    "parse_count",
    "parse_games",
    "parse_moment",
    "parse_result",
    "parse_setting",
]


def parse_setting(item: str, where: str = "--set") -> tuple[str, Any]:
    """``KEY=JSON``: a stage setting and its value (``null`` removes the setting)."""
    key, sep, raw = item.partition("=")
    key = key.strip()
    if not sep or not key:
        raise BadValue(where, f"{item!r} is not KEY=JSON, e.g. --set max_rounds=5")
    try:
        return key, json.loads(raw)
    except json.JSONDecodeError as error:
        raise BadValue(
            where,
            f"{item!r}: the value of {key} is not JSON ({error.msg}); quote text as JSON, "
            "e.g. --set 'seed=\"spring\"'",
        ) from None
