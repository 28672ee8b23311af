"""Drive the generator's glue as the page does: JSON in, JSON out (``browser.call``)."""

from __future__ import annotations

import json
from typing import Any

from fairpair.generator.browser import call


def act(action: str, **payload: Any) -> dict[str, Any]:
    """The engine's answer; fails the test on a refusal."""
    answer: dict[str, Any] = json.loads(call(action, json.dumps(payload)))
    assert "error" not in answer, answer
    return answer


def refused(action: str, **payload: Any) -> dict[str, str]:
    """The refusal (``where``, ``reason``) of an action that must be refused."""
    answer: dict[str, Any] = json.loads(call(action, json.dumps(payload)))
    assert "error" in answer, answer
    error: dict[str, str] = answer["error"]
    return error


def names(count: int) -> str:
    return "\n".join(f"Player {k}" for k in range(1, count + 1))
