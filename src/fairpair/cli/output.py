"""Printing JSON whatever the output's encoding: non-ASCII is escaped (``\\u00e9``) when the
stream cannot hold it, so the JSON stays valid and equal in meaning.

Plain data is written by orjson (docs/performance.md "JSON out": 30–40× the standard
library's indenting encoder, which is pure Python), byte for byte what ``json.dumps(...,
indent=2, ensure_ascii=False)`` writes, except a float under 10⁻⁴ written in decimals
(``0.00001`` for ``1e-05``: the same number). What orjson cannot write (an integer past 64
bits, a key that is not text) goes to the standard library.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from fairpair.cli.screen import screen, write

_INDENTED = orjson.OPT_INDENT_2


def dumps(payload: Any) -> str:
    """Plain JSON data as indented JSON text (orjson; the standard library when it cannot)."""
    try:
        return orjson.dumps(payload, option=_INDENTED).decode("utf-8")
    except TypeError:  # orjson.JSONEncodeError: a value orjson does not write
        return json.dumps(payload, indent=2, ensure_ascii=False)


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
    write(json_text(payload, screen().encoding))
