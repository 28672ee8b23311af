"""Where things are in a JSON text: the spans of an object's members and an array's items.

Values are skipped with the standard library's C scanner, so walking a file costs about one
``json.loads``. Used to add a round to a user's file without rewriting it.
"""

from __future__ import annotations

import json
import json.scanner
import re
from collections.abc import Callable, Mapping
from typing import Any

_WS = re.compile(r"[ \t\n\r]*")
_scan: Any = json.scanner.make_scanner(json.JSONDecoder())  # type: ignore[arg-type]

Span = tuple[int, int]


class NotJson(ValueError):
    """The text is not the JSON the walker expected at ``index``."""


def skip(text: str, i: int) -> int:
    """The index of the first character after the whitespace at ``i``."""
    found = _WS.match(text, i)
    return found.end() if found else i


def value_end(text: str, i: int) -> int:
    """The end of the JSON value starting at ``i``."""
    try:
        _, end = _scan(text, i)
    except StopIteration:
        raise NotJson(f"no JSON value at {i}") from None
    return int(end)


def _expect(text: str, i: int, char: str) -> None:
    if i >= len(text) or text[i] != char:
        raise NotJson(f"expected {char!r} at {i}")


#: Walks into the value at an index and returns the index where it ends.
Walker = Callable[[str, int], int]


def members(
    text: str, i: int, into: Mapping[str, Walker] | None = None
) -> tuple[dict[str, Span], int]:
    """The members of the object at ``i`` (key → value span) and the index of its ``}``.
    ``into`` walks the values of some keys (instead of skipping them), so that each part of
    the text is scanned once."""
    _expect(text, i, "{")
    out: dict[str, Span] = {}
    i = skip(text, i + 1)
    if text[i : i + 1] == "}":
        return out, i
    while True:
        _expect(text, i, '"')
        key, i = _scan(text, i)
        i = skip(text, i)
        _expect(text, i, ":")
        i = skip(text, i + 1)
        walk = into.get(key) if into else None
        end = walk(text, i) if walk is not None else value_end(text, i)
        out[key] = (i, end)
        i = skip(text, end)
        if text[i : i + 1] == "}":
            return out, i
        _expect(text, i, ",")
        i = skip(text, i + 1)


def items(
    text: str, i: int, into: Walker | None = None, limit: int | None = None
) -> tuple[list[Span], int]:
    """The item spans of the array at ``i`` and the index of its ``]`` (``-1`` when stopped
    after ``limit`` items); ``into`` walks each item instead of skipping it."""
    _expect(text, i, "[")
    out: list[Span] = []
    i = skip(text, i + 1)
    if text[i : i + 1] == "]":
        return out, i
    while True:
        if limit is not None and len(out) >= limit:
            return out, -1
        end = into(text, i) if into is not None else value_end(text, i)
        out.append((i, end))
        i = skip(text, end)
        if text[i : i + 1] == "]":
            return out, i
        _expect(text, i, ",")
        i = skip(text, i + 1)


def line_indent(text: str, i: int) -> str:
    """The indentation of the line that index ``i`` is on."""
    start = text.rfind("\n", 0, i) + 1
    end = start
    while end < i and text[end] in " \t":
        end += 1
    return text[start:end]
