"""``GET /console/{slug}/cut?stage=`` (Viewer): the top cut of a playoff stage — who makes
it and why the line is there (as ``fairpair cut --explain``) — and its bracket;
``POST /console/{slug}/cut/draw`` (Judge) draws it (``service.rounds.cut.draw``), refused with the
reason while the stage it is cut from is unfinished unless "early" is ticked."""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.engine.tiebreaks.registry import REGISTRY
from fairpair.service.accounts.staff import Role
from fairpair.service.event.events import show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import Refused
from fairpair.service.rounds import cut as cuts
from fairpair.service.rounds.bracket_view import BRACKET_FORMATS, bracket_view
from fairpair.service.rounds.cut_view import cut_view
from fairpair.web.access import Access, DbDep, Judge, Viewer
from fairpair.web.console import console_page
from fairpair.web.forms import refusal

ROUTER = APIRouter(include_in_schema=False)


def _page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    stage: str | None,
    *,
    status: int = 200,
    **context: Any,
) -> HTMLResponse:
    event = show_event(db, slug)
    cut_stages = [s for s in event.stages if s.cut_from is not None]
    try:
        view = cut_view(db, slug, stage)
    except Refused as refused:
        view, missing = None, refused.reason
    else:
        missing = ""
    bracket = None
    if view is not None:
        fmt = next(s.format for s in event.stages if s.id == view.stage)
        if fmt in {f.value for f in BRACKET_FORMATS}:
            bracket = bracket_view(db, slug, view.stage)
    return console_page(
        request,
        access,
        db,
        slug,
        "console/cut.html",
        tab="cut",
        status=status,
        event=event,
        cut_stages=cut_stages,
        view=view,
        missing=missing,
        bracket=bracket,
        can_draw=access.can(Role.JUDGE),
        labels={tb.name: tb.label for tb in REGISTRY.values()},
        **context,
    )


@ROUTER.get("/console/{slug}/cut", response_class=HTMLResponse)
def cut_tab(
    request: Request,
    access: Viewer,
    db: DbDep,
    slug: str,
    stage: Annotated[str | None, Query(max_length=80)] = None,
    drawn: Annotated[bool, Query()] = False,
) -> HTMLResponse:
    return _page(request, access, db, slug, stage, just_drawn=drawn)


@ROUTER.post("/console/{slug}/cut/draw", response_model=None)
def draw_cut(
    request: Request,
    access: Judge,
    db: DbDep,
    slug: str,
    stage: Annotated[str, Form(max_length=80)],
    early: Annotated[str | None, Form(max_length=8)] = None,
) -> Response:
    try:
        cuts.draw(db, slug, actor=access.actor, stage=stage, early=bool(early))
    except FairpairError as error:
        errors = refusal(error)
        return _page(
            request,
            access,
            db,
            slug,
            stage,
            status=409,
            errors={"draw": errors.get("_form", error.reason)},
            values={"early": "1" if early else ""},
        )
    query = urlencode({"stage": stage, "drawn": "true"})
    return RedirectResponse(f"/console/{slug}/cut?{query}", status_code=303)
