"""``GET /e/{slug}/bracket?stage=`` (Public): a playoff stage's bracket, updated without
reload over the event's stream (live view ``bracket``); a plain page without JavaScript."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from fairpair.responses.brackets import BracketView
from fairpair.service.event.events import event_version, export_event
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import Refused
from fairpair.service.rounds.bracket_view import bracket_view
from fairpair.web.access import DbDep, Public
from fairpair.web.live_views import live_view
from fairpair.web.templating import render

ROUTER = APIRouter(include_in_schema=False)


def _bracket(db: Database, slug: str, stage: str | None) -> tuple[BracketView | None, str]:
    """The bracket, or ``None`` and why there is none (an event without a playoff)."""
    try:
        return bracket_view(db, slug, stage), ""
    except Refused as refused:
        return None, refused.reason


@ROUTER.get("/e/{slug}/bracket", response_class=HTMLResponse)
def public_bracket(
    request: Request,
    access: Public,
    db: DbDep,
    slug: str,
    stage: Annotated[str | None, Query(max_length=80)] = None,
) -> HTMLResponse:
    version = event_version(db, slug)
    bracket, missing = _bracket(db, slug, stage)
    name = export_event(db, slug).name
    return render(
        request,
        "public/bracket.html",
        slug=slug,
        event_name=name,
        bracket=bracket,
        missing=missing,
        stage=stage,
        event_version=version,
    )


@live_view("bracket")
def bracket_fragment(request: Request, db: Database, slug: str, stage: str | None) -> str:
    templates: Jinja2Templates = request.app.state.templates
    bracket, missing = _bracket(db, slug, stage)
    if bracket is None:
        return templates.get_template("partials/no_bracket.html").render(missing=missing)
    return templates.get_template("partials/bracket.html").render(bracket=bracket)
