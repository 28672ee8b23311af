"""``GET /help/tiebreaks`` (Public): every tiebreak of the registry with its exact definition
(the registry's own text, as in docs/tiebreaks.md), each under its anchor (``#buchholz``) —
the standings' column headers link here."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from fairpair.engine.tiebreaks.registry import REGISTRY
from fairpair.web.access import Public
from fairpair.web.templating import render

ROUTER = APIRouter(include_in_schema=False)


@ROUTER.get("/help/tiebreaks", response_class=HTMLResponse)
def tiebreaks_help(request: Request, access: Public) -> HTMLResponse:
    texts = {tb.name: paragraphs(tb.definition) for tb in REGISTRY.values()}
    return render(request, "help/tiebreaks.html", tiebreaks=list(REGISTRY.values()), texts=texts)


def paragraphs(definition: str) -> list[list[tuple[bool, str]]]:
    """The definition's paragraphs, each as (is code, text) runs (````name```` is code)."""
    out = []
    for block in definition.split("\n\n"):
        text = " ".join(block.split())
        if text:
            out.append([(k % 2 == 1, part) for k, part in enumerate(text.split("``")) if part])
    return out
