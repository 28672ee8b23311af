"""Printing JSON whatever the output's encoding: non-ASCII is escaped (``\\u00e9``) when the
stream cannot hold it, so the JSON stays valid and equal in meaning."""

from __future__ import annotations

import json
from typing import Any

from fairpair.cli.screen import screen, write


def json_text(payload: Any, encoding: str) -> str:
    """``payload`` as indented JSON for a stream in ``encoding`` (pydantic models dumped)."""
    if hasattr(payload, "model_dump_json"):
        text = str(payload.model_dump_json(indent=2))  # pydantic's serializer: fast
    else:
        text = json.dumps(payload, indent=2, ensure_ascii=False)
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        data = json.loads(text) if hasattr(payload, "model_dump_json") else payload
        text = json.dumps(data, indent=2, ensure_ascii=True)
    return text + "\n"


def print_json(payload: Any) -> None:
    write(json_text(payload, screen().encoding))
