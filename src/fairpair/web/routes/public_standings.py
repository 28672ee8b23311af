"""``GET /e/{slug}/standings?stage=`` (Public): the standings for everyone (no contacts),
updated without reload: the page subscribes to the event's stream (``/e/{slug}/live``) and
the live view ``standings`` sends the re-rendered table after each change. Without
JavaScript it is a plain page with a refresh link; ``?print=1`` (or printing) gives a clean
sheet of every row. The page shows 100 rows at a time (``?page=N``); ``?q=NAME`` opens the page
of the first player whose name holds it, that row marked."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse

from fairpair.service.kernel.connection import Database
from fairpair.web.access import DbDep, Public
from fairpair.web.live_views import live_view
from fairpair.web.numbers import is_whole
from fairpair.web.standings_table import BADGES, standings_page, standings_table, table_html
from fairpair.web.templating import render

ROUTER = APIRouter(include_in_schema=False)


@ROUTER.get("/e/{slug}/standings", response_class=HTMLResponse)
def public_standings(
    request: Request,
    access: Public,
    db: DbDep,
    slug: str,
    stage: Annotated[str | None, Query(max_length=80)] = None,
    print_view: Annotated[bool, Query(alias="print")] = False,
    page: Annotated[int | None, Query(ge=1, le=100_000)] = None,
    q: Annotated[str, Query(max_length=100)] = "",
) -> HTMLResponse:
    table = standings_table(db, slug, stage, request=request, full=print_view)
    return render(
        request,
        "public/standings.html",
        table=table,
        page=None if print_view else standings_page(table, page, q),
        badges=BADGES,
        stage=stage,
        print_view=print_view,
    )


@live_view("standings")
def standings_fragment(request: Request, db: Database, slug: str, stage: str | None) -> str:
    """The page the viewer is on (``page`` / ``q`` of the stream's own query)."""
    table = standings_table(db, slug, stage, request=request, full=False)
    number = request.query_params.get("page", "")
    q = request.query_params.get("q", "")[:100]
    page = standings_page(table, int(number) if is_whole(number) else None, q)
    return table_html(request, table, page)
