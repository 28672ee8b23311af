"""``GET /e/{slug}/display``: the big-screen mode for a projector — the current round's
pairings by name in columns that fill a 1920×1080 screen (paged by ``display.js`` when they do
not fit), the round's state, and a round timer counting down to the round's end date, or
with ``?minutes=50`` from when the round was opened. The board is the live view ``display``
(it swaps in on every change); the timer runs in the browser, so it never waits for the
server. Without JavaScript the page still shows the pairings and the end time."""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from markupsafe import Markup

from fairpair.service.kernel.connection import Database
from fairpair.service.rounds.clock import opened_at
from fairpair.web.access import DbDep, Public
from fairpair.web.join_qr import join_box
from fairpair.web.live_views import live_view
from fairpair.web.templating import render
from fairpair.web.version_cache import fragment, posted

ROUTER = APIRouter(include_in_schema=False)


def board_context(request: Request, db: Database, slug: str) -> dict[str, Any]:
    event, shown = posted(request, db, slug)
    opened = (
        opened_at(db, slug, shown.round.number, stage=shown.stage.id)
        if shown is not None and shown.round.state == "open"
        else None
    )
    return {"event": event, "posted": shown, "opened_at": opened}


def board_html(request: Request, db: Database, slug: str) -> tuple[dict[str, Any], Markup]:
    context = board_context(request, db, slug)
    key = ("display", db.url, slug, context["event"].version)
    return context, fragment(request, "partials/display_board.html", key, **context)


@ROUTER.get("/e/{slug}/display")
def display_page(
    request: Request,
    access: Public,
    db: DbDep,
    slug: str,
    minutes: Annotated[int | None, Query(ge=1, le=24 * 60)] = None,
) -> Response:
    context, board = board_html(request, db, slug)
    return render(
        request,
        "public/display.html",
        event=context["event"],
        event_version=context["event"].version,
        minutes=minutes,
        board_html=board,
        join_html=join_box(request, db, slug, context["event"].version),
        server_ms=int(time.time() * 1000),
    )


@live_view("display")
def live_display(request: Request, db: Database, slug: str, stage: str | None) -> str:
    return str(board_html(request, db, slug)[1])
