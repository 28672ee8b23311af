"""The event's public pages (no login): ``/e/{slug}`` — the current round's pairings by table
and by name, the round cards, links to standings and bracket — and ``/e/{slug}/pairings`` —
one round in one order, with "find my table".

Both are complete pages without JavaScript; with it they update live (SSE): the event page
swaps the ``pairings`` and ``rounds`` fragments registered below, the pairings page fetches
itself again on each new version. Nothing is public before release: only released rounds are
read (``fairpair.web.pairing_lists``).
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from fastapi.templating import Jinja2Templates

from fairpair.responses.events import EventDetail
from fairpair.service.connection import Database
from fairpair.web.access import DbDep, Public
from fairpair.web.live_views import live_view
from fairpair.web.pairing_lists import STATE_LABELS, Order, PostedRound, folded, posted_round
from fairpair.web.templating import is_htmx, render

ROUTER = APIRouter(include_in_schema=False)
Search = Annotated[str, Query(max_length=80)]


def fragment(request: Request, name: str, **context: Any) -> str:
    """A partial template as HTML (a live view's fragment)."""
    templates: Jinja2Templates = request.app.state.templates
    return templates.get_template(name).render(**context)


def page_context(event: EventDetail, posted: PostedRound | None) -> dict[str, Any]:
    return {
        "event": event,
        "posted": posted,
        "stage_named": len(event.stages) > 1,
        "state_labels": STATE_LABELS,
    }


@ROUTER.get("/e/{slug}")
def event_page(request: Request, access: Public, db: DbDep, slug: str) -> Response:
    event, posted = posted_round(db, slug)
    return render(
        request, "public/event.html", version=event.version, **page_context(event, posted)
    )


@ROUTER.get("/e/{slug}/pairings")
def pairings_page(
    request: Request,
    access: Public,
    db: DbDep,
    slug: str,
    round: Annotated[int | None, Query(ge=1, le=10_000)] = None,
    by: Order = "name",
    stage: Annotated[str | None, Query(max_length=80)] = None,
    q: Search = "",
) -> Response:
    event, posted = posted_round(db, slug, round, stage)
    q = q.strip()
    context = page_context(event, posted) | {
        "by": by,
        "q": q,
        "found": folded(q),
        "round_param": round,
        "stage_param": stage,
        "refresh": pairings_url(slug, round, stage, by),
        "other_order": pairings_url(slug, round, stage, "table" if by == "name" else "name", q),
        "all_players": pairings_url(slug, round, stage, by),
    }
    if is_htmx(request):  # the live refresh: only the list
        return render(request, "partials/pairings_list.html", **context)
    return render(request, "public/pairings.html", version=event.version, **context)


def pairings_url(slug: str, number: int | None, stage: str | None, by: Order, q: str = "") -> str:
    """The pairings page's address (``round`` left out: it follows the current round)."""
    query = {"round": number, "stage": stage, "by": by, "q": q or None}
    return f"/e/{slug}/pairings?" + urlencode({k: v for k, v in query.items() if v is not None})


@live_view("pairings")
def live_pairings(request: Request, db: Database, slug: str, stage: str | None) -> str:
    event, posted = posted_round(db, slug)
    return fragment(request, "partials/current_round.html", **page_context(event, posted))


@live_view("rounds")
def live_rounds(request: Request, db: Database, slug: str, stage: str | None) -> str:
    event, posted = posted_round(db, slug)
    return fragment(request, "partials/round_cards.html", **page_context(event, posted))
