"""``GET /help/tiebreaks`` (Public): every tiebreak of the registry with its exact definition
(the registry's own text, as in docs/tiebreaks.md), each under its anchor (``#buchholz``) —
the standings' column headers link here. The definitions are said in the reader's language
(each paragraph a sentence of the catalogue: ``fairpair.i18n.say``)."""

from __future__ import annotations

import re

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from fairpair.engine.tiebreaks.base import Tiebreak
from fairpair.engine.tiebreaks.registry import REGISTRY
from fairpair.i18n import say
from fairpair.web.access import Public
from fairpair.web.templating import render

ROUTER = APIRouter(include_in_schema=False)

#: Inline marks of a definition: ````code```` and ``*a lead-in:*`` ("*Example:*").
_MARK = re.compile(r"``(.+?)``|\*([^*\s][^*]*)\*")


@ROUTER.get("/help/tiebreaks", response_class=HTMLResponse)
def tiebreaks_help(request: Request, access: Public) -> HTMLResponse:
    texts = {tb.name: explained(tb) for tb in REGISTRY.values()}
    return render(request, "help/tiebreaks.html", tiebreaks=list(REGISTRY.values()), texts=texts)


def explained(tiebreak: Tiebreak) -> list[list[tuple[str, str]]]:
    """The tiebreak's definition in the current language, a list of paragraphs."""
    return [runs(say(paragraph)) for paragraph in tiebreak.paragraphs]


def runs(paragraph: str) -> list[tuple[str, str]]:
    """A paragraph as (kind, text) runs: ``"text"``, ``"code"`` (````name````) or ``"em"``
    (``*Example:*``)."""
    out: list[tuple[str, str]] = []
    text = " ".join(paragraph.split())
    at = 0
    for found in _MARK.finditer(text):
        if found.start() > at:
            out.append(("text", text[at : found.start()]))
        code, em = found.groups()
        out.append(("code", code) if code is not None else ("em", em))
        at = found.end()
    if at < len(text):
        out.append(("text", text[at:]))
    return out
