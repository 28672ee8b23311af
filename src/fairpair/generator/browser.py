"""The generator page's one entry point: ``call(action, payload)`` with JSON text in and out.

``payload`` holds the event's document (``"document"``, the page keeps it in the browser's
storage) and the action's fields; the answer is ``{"document": ..., "html": ...}`` — the new
document and the event rendered (``view.render``) — or ``{"error": {"where", "reason"}}``
with the document unchanged. Actions: ``view``, ``new_event``, ``pair_next``, ``report``,
``places``, ``drop``, ``cut``, ``rename``, ``import`` (a document from a file: checked, then
shown). Imports only the engine and the document reader: loading this module is what the
page waits for.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fairpair.engine.errors import FairpairError
from fairpair.generator import actions
from fairpair.generator.view import render

Document = dict[str, Any]


def _int(payload: dict[str, Any], key: str) -> int:
    value = payload.get(key)
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise FairpairError(key, "must be a whole number")
    try:
        return int(value)
    except ValueError:
        raise FairpairError(key, "must be a whole number") from None


def _optional_int(payload: dict[str, Any], key: str) -> int | None:
    value = payload.get(key)
    return None if value in (None, "") else _int(payload, key)


def _new(payload: dict[str, Any]) -> Document:
    return actions.new_event(
        name=str(payload.get("name", "")),
        players=str(payload.get("players", "")),
        format=str(payload.get("format", "swiss")),
        ruleset=str(payload.get("ruleset", "")),
        max_rounds=_optional_int(payload, "max_rounds"),
        toss=bool(payload.get("toss")),
        pod_size=_optional_int(payload, "pod_size") or 4,
        cycles=_optional_int(payload, "cycles") or 1,
        seed=str(payload.get("seed", "")),
    )


def _places(payload: dict[str, Any]) -> list[int] | None:
    given = payload.get("places")
    if not given:
        return None
    if not isinstance(given, list) or not all(isinstance(p, str | int) for p in given):
        raise FairpairError("places", "give each seat's place")
    try:
        return [int(p) for p in given]
    except ValueError:
        raise FairpairError("places", "each place is a whole number (1 is the winner)") from None


def _imported(text: str) -> Document:
    """A tournament document from a file's text, checked as the server checks it."""
    try:
        data = json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as error:
        where = f"the file:{error.lineno}:{error.colno}"
        raise FairpairError(where, f"not valid JSON: {error.msg}") from None
    except (ValueError, RecursionError):
        raise FairpairError("the file", "not valid JSON (nested too deeply)") from None
    return actions.write(actions.read(data))


ACTIONS: dict[str, Callable[[Document, dict[str, Any]], Document]] = {
    "view": lambda doc, p: actions.write(actions.read(doc)),
    "pair_next": lambda doc, p: actions.pair_next(doc),
    "report": lambda doc, p: actions.report(
        doc,
        stage=str(p.get("stage", "")),
        round=_int(p, "round"),
        table=_int(p, "table"),
        result=str(p.get("result", "")),
    ),
    "places": lambda doc, p: actions.report_places(
        doc,
        stage=str(p.get("stage", "")),
        round=_int(p, "round"),
        table=_int(p, "table"),
        places=_places(p),
    ),
    "drop": lambda doc, p: actions.drop(doc, player=str(p.get("player", ""))),
    "cut": lambda doc, p: actions.top_cut(
        doc, top=_int(p, "top"), double=p.get("bracket") == "double"
    ),
    "rename": lambda doc, p: actions.rename(doc, name=str(p.get("name", ""))),
}


def call(action: str, payload_text: str) -> str:
    """Run ``action`` with the JSON ``payload_text``; JSON text back (module docstring)."""
    try:
        payload = json.loads(payload_text)
        if not isinstance(payload, dict):
            raise FairpairError("(request)", "must be a JSON object")
        if action == "new_event":
            document = _new(payload)
        elif action == "import":
            document = _imported(str(payload.get("text", "")))
        elif action in ACTIONS:
            given = payload.get("document")
            if not isinstance(given, dict):
                raise FairpairError("document", "no event is open: start one or import a file")
            document = ACTIONS[action](given, payload)
        else:
            raise FairpairError("action", f"unknown action {action!r}")
        html = render(actions.read(document))
    except FairpairError as error:
        return json.dumps({"error": actions.refusal(error)})
    return json.dumps({"document": document, "html": html})
