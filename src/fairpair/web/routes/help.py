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
    return render(request, "help/tiebreaks.html", tiebreaks=list(REGISTRY.values()))
