"""Printing JSON whatever the output's encoding: non-ASCII is escaped (``\\u00e9``) when the
stream cannot hold it, so the JSON stays valid and equal in meaning.

Plain data is written by orjson (docs/performance.md "JSON out": 30–40× the standard
library's indenting encoder, which is pure Python), byte for byte what ``json.dumps(...,
indent=2, ensure_ascii=False)`` writes, except a float under 10⁻⁴ written in decimals
(``0.00001`` for ``1e-05``: the same number). What orjson cannot write (an integer past 64
bits, a key that is not text) goes to the standard library.

To a UTF-8 stream whose lines end in ``\n`` (a pipe, a file, a terminal on Linux or macOS),
orjson's bytes go out as they are: neither decoded to text nor encoded back by the stream
(10,000 players' standings are 7.6 MB of JSON: ~25 ms saved). The text is the same.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from typing import Any

import orjson

from fairpair.cli.screen import screen, write, write_bytes

_INDENTED = orjson.OPT_INDENT_2


def dumps(payload: Any) -> str:
    """Plain JSON data as indented JSON text (orjson; the standard library when it cannot)."""
    try:
        return orjson.dumps(payload, option=_INDENTED).decode("utf-8")
    except TypeError:  # orjson.JSONEncodeError: a value orjson does not write
        return json.dumps(payload, indent=2, ensure_ascii=False)


def json_bytes(payload: Any, encoding: str) -> bytes | None:
    """``payload`` as indented JSON, newline-ended, in UTF-8 bytes — when a stream in
    ``encoding`` takes them as they are (UTF-8, lines ending in ``\n``) and orjson writes it
    (plain data); ``None`` otherwise (then ``json_text``)."""
    if encoding != "utf-8" or os.linesep != "\n" or hasattr(payload, "model_dump_json"):
        return None
    try:
        return orjson.dumps(payload, option=_INDENTED | orjson.OPT_APPEND_NEWLINE)
    except TypeError:  # orjson.JSONEncodeError: a value orjson does not write
        return None


def json_text(payload: Any, encoding: str) -> str:
    """``payload`` as indented JSON for a stream in ``encoding`` (pydantic models dumped)."""
    if hasattr(payload, "model_dump_json"):
        text = str(payload.model_dump_json(indent=2))  # pydantic's serializer: fast
    else:
        text = dumps(payload)
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        data = json.loads(text) if hasattr(payload, "model_dump_json") else payload
        text = json.dumps(data, indent=2, ensure_ascii=True)
    return text + "\n"


def print_json(payload: Any) -> None:
    encoding = screen().encoding
    data = json_bytes(payload, encoding)
    if data is not None:
        write_bytes(data)
    else:
        write(json_text(payload, encoding))


def print_json_parts(payload: dict[str, Any], key: str, parts: Iterable[list[Any]]) -> None:
    """``print_json`` of ``payload`` with the items of ``parts`` in its list ``key`` (empty in
    ``payload``), writing the list a part at a time: the same text, but neither the whole
    list's data nor its text is held at once (a 100,000-player standings table is 77 MB of
    JSON beside 110 MB of row data). Where ``print_json`` writes text rather than orjson's
    bytes, the list is made whole and written by it."""
    head = json_bytes(payload, screen().encoding)
    if head is None:
        print_json({**payload, key: [item for part in parts for item in part]})
        return
    for piece in spliced(head, key, parts):
        write_bytes(piece)


def spliced(head: bytes, key: str, parts: Iterable[list[Any]]) -> Iterator[bytes]:
    """The indented JSON ``head`` (a top-level object whose ``key`` is an empty list) with the
    items of ``parts`` in that list, in pieces: each part is written by orjson as a list and
    indented one level more (a raw line break is only ever indentation: JSON text escapes
    the ones inside strings)."""
    marker = b"\n  " + orjson.dumps(key) + b": []"
    at = head.index(marker) + len(marker) - 1  # the list's "]"
    yield head[:at]
    first = True
    for part in parts:
        if not part:
            continue
        try:
            text = orjson.dumps(part, option=_INDENTED)
        except TypeError:  # orjson.JSONEncodeError: as ``dumps`` does, the standard library
            text = json.dumps(part, indent=2, ensure_ascii=False).encode("utf-8")
        # "[\n  item,\n  item\n]" → "\n    item,\n    item"
        yield (b"\n    " if first else b",\n    ") + text[4:-2].replace(b"\n", b"\n  ")
        first = False
    yield head[at:] if first else b"\n  " + head[at:]
