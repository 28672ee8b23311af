"""``GET /console/{slug}/standings?stage=`` (Viewer): the standings with the stage's
configured columns; each tiebreak header links to how it is computed (``/help/tiebreaks``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse

from fairpair.web.access import DbDep, Viewer
from fairpair.web.console import console_page
from fairpair.web.standings_table import BADGES, standings_table

ROUTER = APIRouter(include_in_schema=False)


@ROUTER.get("/console/{slug}/standings", response_class=HTMLResponse)
def standings_tab(
    request: Request,
    access: Viewer,
    db: DbDep,
    slug: str,
    stage: Annotated[str | None, Query(max_length=80)] = None,
) -> HTMLResponse:
    return console_page(
        request,
        access,
        db,
        slug,
        "console/standings.html",
        tab="standings",
        table=standings_table(db, slug, stage, request=request),
        badges=BADGES,
    )
