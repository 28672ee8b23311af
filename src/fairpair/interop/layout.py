"""The layout of a user's JSON file, learned so that fairpair writes new parts the same way.

``Layout`` says which containers sit on one line, the indent unit, the separators and
whether non-ASCII text is escaped; ``render`` writes a value in it. ``learn`` reads the
layout off a sample of the file (the previous round): a kind of container (``matches``, a
match, its ``result``, ``byes``) written on one line there is written on one line again. If
that layout does not reproduce the sample exactly, the file's indent unit with one member a
line is used.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from fairpair.interop.json_spans import NotJson, items, members

_INDENT = re.compile(r"\n([ \t]+)\S")

#: A kind of container: the keys from the sample's root down to it, ``*`` for list items.
Kind = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Layout:
    unit: str = "  "
    one_line: frozenset[Kind] = field(default_factory=frozenset)
    everything_on_one_line: bool = False
    separators: tuple[str, str] = (", ", ": ")
    ascii: bool = False

    def render(self, value: Any, indent: str, kind: Kind = ()) -> str:
        """``value`` as JSON text; its first line is not indented, later lines start with
        ``indent`` (the indentation of the line ``value`` starts on)."""
        if (
            not isinstance(value, (dict, list))
            or not value
            or self.everything_on_one_line
            or kind in self.one_line
        ):
            return json.dumps(value, ensure_ascii=self.ascii, separators=self.separators)
        if not any(k[: len(kind)] == kind for k in self.one_line):
            # Nothing below sits on one line: the standard library's indenting, re-indented.
            text = json.dumps(value, ensure_ascii=self.ascii, indent=self.unit)
            return text.replace("\n", "\n" + indent) if indent else text
        inner = indent + self.unit
        if isinstance(value, dict):
            lines = [
                f"{inner}{json.dumps(k, ensure_ascii=self.ascii)}: "
                f"{self.render(v, inner, (*kind, k))}"
                for k, v in value.items()
            ]
            return "{\n" + ",\n".join(lines) + f"\n{indent}}}"
        lines = [f"{inner}{self.render(v, inner, (*kind, '*'))}" for v in value]
        return "[\n" + ",\n".join(lines) + f"\n{indent}]"


def indent_unit(text: str) -> str:
    """The file's indent unit: the first indented line's indentation (two spaces if none)."""
    found = _INDENT.search(text)
    return found.group(1) if found else "  "


def uses_ascii(text: str) -> bool:
    """Whether the file escapes non-ASCII text (``\\u00e9``) rather than writing it."""
    return text.isascii() and "\\u" in text


def file_layout(text: str) -> Layout:
    """The layout of a file when there is no sample: one line, or one member a line."""
    one_line = "\n" not in text.strip()
    return Layout(indent_unit(text), everything_on_one_line=one_line, ascii=uses_ascii(text))


def _one_line_kinds(sample: str, start: int, end: int, kind: Kind, out: set[Kind]) -> None:
    opener = sample[start]
    if opener not in "{[":
        return
    if "\n" not in sample[start:end]:
        out.add(kind)
        return
    if opener == "{":
        found, _ = members(sample, start)
        for key, (s, e) in found.items():
            _one_line_kinds(sample, s, e, (*kind, key), out)
    else:  # the first items show how the others are written; the check in ``learn`` verifies
        spans, _ = items(sample, start, limit=3)
        for s, e in spans:
            _one_line_kinds(sample, s, e, (*kind, "*"), out)


def learn(text: str, sample: str, indent: str, value: Any = None) -> Layout:
    """The layout that writes ``sample`` (a part of ``text`` on a line indented by ``indent``)
    exactly as it is; otherwise ``file_layout``. ``value``: the sample already read, when the
    caller has it (a large round is not parsed twice)."""
    fallback = file_layout(text)
    if fallback.everything_on_one_line:
        return fallback
    try:
        if value is None:
            value = json.loads(sample)
        kinds: set[Kind] = set()
        _one_line_kinds(sample, 0, len(sample), (), kinds)
    except (ValueError, NotJson):
        return fallback
    for separators in ((", ", ": "), (",", ":")):
        layout = Layout(fallback.unit, frozenset(kinds), False, separators, fallback.ascii)
        if layout.render(value, indent) == sample:
            return layout
    return fallback
