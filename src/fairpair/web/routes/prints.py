"""Print views (public, as the pairings are): a round's pairings by name or by table, and
its match slips — one per table (event, round, table, both players, boxes for games won and
drawn, both players' signatures, and a drop box per player: "☐ I drop from the event", as
EventLink's and Melee's slips have), four to an A4 page. The console links them where the
organizer needs them (Results, the round's page, Pairings). ``static/css/print.css`` lays them out
for paper (``@media print``: no navigation, no buttons); the print button is
``public.js``'s, and the pages print from the browser's menu without it."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from fairpair.web.access import DbDep, Public
from fairpair.web.join_qr import join_box
from fairpair.web.pairing_lists import Order
from fairpair.web.templating import render
from fairpair.web.version_cache import posted

ROUTER = APIRouter(include_in_schema=False)
RoundNumber = Annotated[int | None, Query(ge=1, le=10_000)]
StageKey = Annotated[str | None, Query(max_length=80)]
#: Match slips on one A4 page.
SLIPS_PER_PAGE = 4


@ROUTER.get("/e/{slug}/print/pairings")
def print_pairings(
    request: Request,
    access: Public,
    db: DbDep,
    slug: str,
    round: RoundNumber = None,
    by: Order = "name",
    stage: StageKey = None,
) -> Response:
    event, shown = posted(request, db, slug, round, stage)
    join_html = join_box(request, db, slug, event.version)
    return render(
        request,
        "print/pairings.html",
        event=event,
        posted=shown,
        by=by,
        found="",
        join_html=join_html,
    )


@ROUTER.get("/e/{slug}/print/slips")
def print_slips(
    request: Request,
    access: Public,
    db: DbDep,
    slug: str,
    round: RoundNumber = None,
    stage: StageKey = None,
) -> Response:
    event, shown = posted(request, db, slug, round, stage)
    return render(request, "print/slips.html", event=event, posted=shown, per_page=SLIPS_PER_PAGE)
