"""The event's public pages (no login): ``/e/{slug}`` — the current round's pairings by table
and by name, the round cards, links to standings and bracket — and ``/e/{slug}/pairings`` —
one round in one order, with "find my table".

Both are complete pages without JavaScript; with it they update live (SSE): the event page
swaps the ``pairings`` (the round's heading, state and links) and ``rounds`` fragments
registered below and fetches the round's lists again (``?part=lists``), the pairings page
fetches its list again, on each new version. The lists are never pushed: a 4,000-player
round is ~690 KB of HTML; fetched, it is compressed once per version (~50 KB) and sent as
it is to every page. Nothing is public before release: only released rounds
are read (``fairpair.web.pairing_lists``). What is read and rendered is kept per event
version (``fairpair.web.version_cache``): a hall of phones costs one read per change.

The live views render the event's current round only (the SSE fragment cache keeps one
rendering per event and view, whoever asks).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Annotated, Any, Literal
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from markupsafe import Markup

from fairpair.responses.events import EventDetail
from fairpair.service.event.events import event_version
from fairpair.service.kernel.connection import Database
from fairpair.web.access import DbDep, Public
from fairpair.web.join_qr import join_box
from fairpair.web.live_views import live_view
from fairpair.web.pairing_lists import STATE_LABELS, Order, PostedRound, folded
from fairpair.web.templating import is_htmx, render
from fairpair.web.version_cache import (
    AppOnly,
    OfApp,
    compressed,
    compressed_lazily,
    fragment,
    fragment_lazily,
    gzipped_lazily,
    posted,
)

ROUTER = APIRouter(include_in_schema=False)
Search = Annotated[str, Query(max_length=80)]


def page_context(event: EventDetail, shown: PostedRound | None) -> dict[str, Any]:
    return {
        "event": event,
        "posted": shown,
        "stage_named": len(event.stages) > 1,
        "state_labels": STATE_LABELS,
        "found": "",
    }


def current_round_html(request: OfApp, db: Database, slug: str) -> tuple[EventDetail, Markup]:
    event, _ = posted(request, db, slug)
    return event, current_round_fragment(request, db, slug, event.version)


def _posted_context(request: OfApp, db: Database, slug: str) -> Callable[[], dict[str, Any]]:
    return lambda: page_context(*posted(request, db, slug))


def current_round_fragment(
    request: OfApp, db: Database, slug: str, version: int | None = None
) -> Markup:
    """The round's heading, state and links (the event page's ``pairings`` view). Keyed by
    the event's version, so that a worker that has it (or another worker that rendered
    it) does not read the round."""
    version = event_version(db, slug) if version is None else version
    return fragment_lazily(
        request,
        "partials/current_round.html",
        ("current", db.url, slug, version),
        _posted_context(request, db, slug),
    )


def current_lists_html(request: OfApp, db: Database, slug: str) -> Markup:
    return fragment_lazily(
        request,
        "partials/current_round_lists.html",
        lists_key(db, slug, event_version(db, slug)),
        _posted_context(request, db, slug),
    )


def lists_key(db: Database, slug: str, version: int) -> Hashable:
    return ("current-lists", db.url, slug, version)


def round_cards_html(request: OfApp, db: Database, slug: str) -> Markup:
    return fragment_lazily(
        request,
        "partials/round_cards.html",
        ("cards", db.url, slug, event_version(db, slug)),
        _posted_context(request, db, slug),
    )


@ROUTER.get("/e/{slug}")
def event_page(
    request: Request, access: Public, db: DbDep, slug: str, part: Literal["lists"] | None = None
) -> Response:
    """The page; with ``part=lists`` from the page itself (``HX-Request``), only the current
    round's lists, as the page fetches them again after each change."""
    if part == "lists" and is_htmx(request):
        key = lists_key(db, slug, event_version(db, slug))
        return compressed_lazily(request, key, lambda: current_lists_html(request, db, slug))
    event, current = current_round_html(request, db, slug)
    return render(
        request,
        "public/event.html",
        event=event,
        event_version=event.version,
        current_html=current,
        lists_html=current_lists_html(request, db, slug),
        cards_html=round_cards_html(request, db, slug),
        join_html=join_box(request, db, slug, event.version),
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
    q = q.strip()
    if is_htmx(request) and not folded(q):  # the live refresh of the whole list
        version = event_version(db, slug)
        return compressed_lazily(
            request,
            list_key(db, slug, version, round, stage, by),
            lambda: pairings_list(request, db, slug, round, stage, by, version)[1],
        )
    event, shown, key, listing = pairings_listing(request, db, slug, round, stage, by, q)
    context = page_context(event, shown) | {"by": by, "q": q, "found": folded(q)}
    if is_htmx(request):  # the live refresh: only the list
        return compressed(request, key, listing)
    return render(
        request,
        "public/pairings.html",
        event_version=event.version,
        list_html=listing,
        round_param=round,
        stage_param=stage,
        refresh=pairings_url(slug, round, stage, by),
        other_order=pairings_url(slug, round, stage, "table" if by == "name" else "name", q),
        all_players=pairings_url(slug, round, stage, by),
        join_html=join_box(request, db, slug, event.version),
        **context,
    )


def pairings_listing(
    request: OfApp,
    db: Database,
    slug: str,
    number: int | None,
    stage: str | None,
    by: Order,
    q: str = "",
) -> tuple[EventDetail, PostedRound | None, Hashable | None, Markup]:
    """The pairings page's list: the event, the round shown, the list's key (``None`` for a
    search: not kept) and its HTML."""
    event, shown = posted(request, db, slug, number, stage)
    found = folded(q)
    if not found:
        key, listing = pairings_list(request, db, slug, number, stage, by, event.version)
        return event, shown, key, listing
    context = page_context(event, shown) | {"by": by, "q": q, "found": found}
    return event, shown, None, fragment(request, "partials/pairings_list.html", None, **context)


def pairings_list(
    request: OfApp,
    db: Database,
    slug: str,
    number: int | None,
    stage: str | None,
    by: Order,
    version: int,
) -> tuple[Hashable, Markup]:
    """The whole list (no search) and its key: the round is read only to render it."""
    key = list_key(db, slug, version, number, stage, by)

    def context() -> dict[str, Any]:
        return page_context(*posted(request, db, slug, number, stage)) | {
            "by": by,
            "q": "",
            "found": "",
        }

    return key, fragment_lazily(request, "partials/pairings_list.html", key, context)


def list_key(
    db: Database, slug: str, version: int, number: int | None, stage: str | None, by: Order
) -> Hashable:
    return ("list", db.url, slug, version, number, stage, by)


def warm_round(app: Any, db: Database, slug: str) -> None:
    """Build what the public pages fetch after a round is released or opened — the event
    page's lists and the pairings page's list by name, compressed — before the pages ask
    (``web.portal_warm`` calls it at the news, before the players' pages): the first fetch
    of each finds them ready or under way, never builds them beside the players' build.
    With several workers, one builds them and the others read its files
    (``web.shared_renders``)."""
    holder = AppOnly(app)
    version = event_version(db, slug)
    gzipped_lazily(
        holder, lists_key(db, slug, version), lambda: current_lists_html(holder, db, slug)
    )
    gzipped_lazily(
        holder,
        list_key(db, slug, version, None, None, "name"),
        lambda: pairings_list(holder, db, slug, None, None, "name", version)[1],
    )


def pairings_url(slug: str, number: int | None, stage: str | None, by: Order, q: str = "") -> str:
    """The pairings page's address (``round`` left out: it follows the current round)."""
    query = {"round": number, "stage": stage, "by": by, "q": q or None}
    return f"/e/{slug}/pairings?" + urlencode({k: v for k, v in query.items() if v is not None})


@live_view("pairings")
def live_pairings(request: Request, db: Database, slug: str, stage: str | None) -> str:
    return str(current_round_fragment(request, db, slug))


@live_view("rounds")
def live_rounds(request: Request, db: Database, slug: str, stage: str | None) -> str:
    return str(round_cards_html(request, db, slug))
