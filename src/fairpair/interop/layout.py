"""The layout of a user's JSON file, learned so that fairpair writes new parts the same way.

``Layout`` says how deep containers go on their own lines, the indent unit, the separators
and whether non-ASCII text is escaped; ``render`` writes a value in it. ``learn`` finds the
layout that reproduces a sample of the file exactly (the previous round), or the file's
indent unit with one key per line.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

_INDENT = re.compile(r"\n([ \t]+)\S")


@dataclass(frozen=True, slots=True)
class Layout:
    unit: str = "  "
    #: Containers this deep (0: the value itself) or deeper are written on one line.
    inline_from: int | None = None
    separators: tuple[str, str] = (", ", ": ")
    ascii: bool = False

    def render(self, value: Any, indent: str, depth: int = 0) -> str:
        """``value`` as JSON text; its first line is not indented, later lines start with
        ``indent`` (the indentation of the line ``value`` starts on)."""
        empty = not value if isinstance(value, (dict, list)) else True
        if empty or (self.inline_from is not None and depth >= self.inline_from):
            return json.dumps(value, ensure_ascii=self.ascii, separators=self.separators)
        inner = indent + self.unit
        if isinstance(value, dict):
            items = [
                f"{inner}{json.dumps(k, ensure_ascii=self.ascii)}: "
                f"{self.render(v, inner, depth + 1)}"
                for k, v in value.items()
            ]
            return "{\n" + ",\n".join(items) + f"\n{indent}}}"
        items = [f"{inner}{self.render(v, inner, depth + 1)}" for v in value]
        return "[\n" + ",\n".join(items) + f"\n{indent}]"


def indent_unit(text: str) -> str:
    """The file's indent unit: the first indented line's indentation (two spaces if none)."""
    found = _INDENT.search(text)
    return found.group(1) if found else "  "


def uses_ascii(text: str) -> bool:
    """Whether the file escapes non-ASCII text (``\\u00e9``) rather than writing it."""
    return text.isascii() and "\\u" in text


def learn(text: str, sample: str | None, indent: str) -> Layout:
    """The layout that writes ``sample`` (a part of ``text`` starting on a line indented by
    ``indent``) exactly as it is; otherwise one key per line with the file's indent unit."""
    unit = indent_unit(text)
    ascii_ = uses_ascii(text)
    if "\n" not in text.strip():
        return Layout(unit, 0, (", ", ": "), ascii_)
    if sample is not None:
        try:
            value = json.loads(sample)
        except ValueError:
            value = None
        if value is not None:
            for inline_from in (None, 0, 1, 2, 3, 4, 5):
                for separators in ((", ", ": "), (",", ":")):
                    layout = Layout(unit, inline_from, separators, ascii_)
                    if layout.render(value, indent) == sample:
                        return layout
    return Layout(unit, None, (", ", ": "), ascii_)
