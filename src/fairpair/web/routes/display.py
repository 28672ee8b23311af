"""``GET /e/{slug}/display``: the big-screen mode for a projector — the current round's
pairings by name in columns that fill a 1920×1080 screen (paged by ``display.js`` when they do
not fit), the round's state, and a round timer counting down to the round's end date, or
with ``?minutes=50`` from when the round was opened. The board is the live view ``display``
(it swaps in on every change); the timer runs in the browser, so it never waits for the
server. Without JavaScript the page still shows the pairings and the end time."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from fairpair.service.connection import Database
from fairpair.service.round_clock import opened_at
from fairpair.web.access import DbDep, Public
from fairpair.web.live_views import live_view
from fairpair.web.pairing_lists import posted_round
from fairpair.web.routes.public import fragment
from fairpair.web.templating import render

ROUTER = APIRouter(include_in_schema=False)


def board_context(db: Database, slug: str) -> dict[str, Any]:
    event, posted = posted_round(db, slug)
    opened = (
        opened_at(db, slug, posted.round.number, stage=posted.stage.id)
        if posted is not None and posted.round.state == "open"
        else None
    )
    return {"event": event, "posted": posted, "opened_at": opened}


@ROUTER.get("/e/{slug}/display")
def display_page(
    request: Request,
    access: Public,
    db: DbDep,
    slug: str,
    minutes: Annotated[int | None, Query(ge=1, le=24 * 60)] = None,
) -> Response:
    context = board_context(db, slug)
    return render(
        request,
        "public/display.html",
        version=context["event"].version,
        minutes=minutes,
        **context,
    )


@live_view("display")
def live_display(request: Request, db: Database, slug: str, stage: str | None) -> str:
    return fragment(request, "partials/display_board.html", **board_context(db, slug))
