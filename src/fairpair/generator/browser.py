"""The generator page's one entry point: ``call(action, payload)`` with JSON text in and out.

``payload`` holds the event's document (``"document"``, the page keeps it in the browser's
storage) and the action's fields; the answer is ``{"document": ..., "html": ...}`` — the new
document and the event rendered (``view.render``) — or ``{"error": {"where", "reason"}}``
with the document unchanged. Actions: ``view``, ``new_event``, ``pair_next``, ``report``,
``places``, ``drop``, ``cut``, ``rename``, ``import`` (a document from a file: checked, then
shown). Imports only the engine, the document reader and ``fairpair.language``: loading this
module is what the page waits for.

The page's language: ``learn(lang, words)`` once the engine is loaded, with the catalogue the
page carries (``web.generator_site.words``: a compiled gettext catalogue, base64); every
answer after it — the event's HTML and the refusals, where and why — is in that language.
"""

from __future__ import annotations

import base64
import binascii
import io
import json
from collections.abc import Callable
from gettext import GNUTranslations, NullTranslations
from typing import Any

from fairpair.engine.errors import FairpairError, saying
from fairpair.generator import actions
from fairpair.generator.players_text import PlayerListError
from fairpair.generator.view import render
from fairpair.language import N_, SOURCE, gettext, place, reason, speaking_with

Document = dict[str, Any]


#: The fields a refusal names, in the page's words (the labels of its forms).
FIELDS = {
    "name": N_("Event name"),
    "format": N_("Format"),
    "ruleset": N_("Ruleset"),
    "players": N_("Players"),
    "top": N_("Top cut"),
    "places": N_("Places"),
    "document": N_("The event file"),
    "round": N_("Round"),
    "table": N_("Table"),
    "max_rounds": N_("Rounds (Swiss, pods)"),
    "pod_size": N_("Seats per pod"),
    "cycles": N_("Round robin cycles"),
}
#: Where in an imported file (``_imported``): "the file:LINE:COLUMN".
FILE = "the file"

#: The page's language and its catalogue (``learn``); English until the page says.
_speech: list[tuple[str, NullTranslations]] = [(SOURCE, NullTranslations())]


def learn(lang: str, words: str) -> str:
    """Speak ``lang`` from now on, with ``words`` (the page's catalogue: a compiled gettext
    catalogue, base64; empty for English). Answers the language taken: ``lang``, or
    English when the catalogue cannot be read."""
    if not words:
        _speech[0] = (SOURCE, NullTranslations())
        return SOURCE
    try:
        catalogue: NullTranslations = GNUTranslations(io.BytesIO(base64.b64decode(words)))
    except (OSError, ValueError, binascii.Error):
        _speech[0] = (SOURCE, NullTranslations())
        return SOURCE
    _speech[0] = (lang, catalogue)
    return lang


def _where(error: FairpairError) -> str:
    """Where a refusal is, in the page's words: the place in the event (round, table,
    player), the form's field, or the line of the list of players."""
    if isinstance(error, PlayerListError) and error.line is not None:
        return gettext("Players, line %(number)s") % {"number": error.line}
    at = error.location
    if not at.path and (at.round is not None or at.table is not None or at.player is not None):
        return place(round=at.round, table=at.table, player=at.player)
    if error.where.startswith(FILE):
        return gettext(FIELDS["document"]) + error.where.removeprefix(FILE)
    field = FIELDS.get(error.where)
    return gettext(field) if field is not None else error.where


def refusal(error: FairpairError) -> dict[str, str]:
    """A refusal as the page shows it: where, and why, in the page's language."""
    return {"where": _where(error), "reason": reason(error)}


def _int(payload: dict[str, Any], key: str) -> int:
    value = payload.get(key)
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise FairpairError(key, saying("must be a whole number"))
    try:
        return int(value)
    except ValueError:
        raise FairpairError(key, saying("must be a whole number")) from None


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
        raise FairpairError("places", saying("give each seat's place"))
    try:
        return [int(p) for p in given]
    except ValueError:
        raise FairpairError(
            "places", saying("each place is a whole number (1 is the winner)")
        ) from None


def _imported(text: str) -> Document:
    """A tournament document from a file's text, checked as the server checks it."""
    try:
        data = json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as error:
        where = f"{FILE}:{error.lineno}:{error.colno}"
        raise FairpairError(
            where, saying("not valid JSON: %(problem)s", problem=error.msg)
        ) from None
    except (ValueError, RecursionError):
        raise FairpairError(FILE, saying("not valid JSON (nested too deeply)")) from None
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
    """Run ``action`` with the JSON ``payload_text``; JSON text back (module docstring), in
    the page's language (``learn``)."""
    lang, catalogue = _speech[0]
    with speaking_with(lang, catalogue):
        return _answer(action, payload_text)


def _answer(action: str, payload_text: str) -> str:
    try:
        payload = json.loads(payload_text)
        if not isinstance(payload, dict):
            raise FairpairError("(request)", saying("must be a JSON object"))
        if action == "new_event":
            document = _new(payload)
        elif action == "import":
            document = _imported(str(payload.get("text", "")))
        elif action in ACTIONS:
            given = payload.get("document")
            if not isinstance(given, dict):
                raise FairpairError(
                    "document", saying("no event is open: start one or import a file")
                )
            document = ACTIONS[action](given, payload)
        else:
            raise FairpairError("action", saying("unknown action %(action)r", action=action))
        html = render(actions.read(document))
    except FairpairError as error:
        return json.dumps({"error": refusal(error)})
    return json.dumps({"document": document, "html": html})
