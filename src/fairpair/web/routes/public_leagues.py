"""A community's leagues for everyone (docs/leagues.md): ``/c/{community}/leagues`` lists
them; ``/c/{community}/leagues/{league}`` is the live leaderboard — each player linked to
their profile (``/c/{community}/p/{person}``), 100 rows a page, "Find me" by name — with
its CSV and an image for chat.

**Live.** The page subscribes to ``…/live``: the stream listens to every event of the
league at once (the hub's news of each), and after any of them changes it reads the
league's state (the versions the leaderboard is derived from); when that moved, it sends the
re-rendered table (one rendering per state, whoever watches). Every ``RECHECK`` seconds it
reads the state anyway, so a change of the league itself (an event attached, the rule
edited, a merge in the directory) reaches open pages too. A closed league's page is final:
no stream."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from collections.abc import AsyncIterator, Hashable
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response, StreamingResponse
from starlette.concurrency import run_in_threadpool

from fairpair import i18n
from fairpair.service.communities.communities import community_view
from fairpair.service.leagues.csv_export import leaderboard_csv
from fairpair.service.leagues.images import render_leaderboard
from fairpair.service.leagues.leagues import leagues_of
from fairpair.web.access import DbDep, Public
from fairpair.web.hub import LiveHub
from fairpair.web.league_view import board_html, board_now, board_page
from fairpair.web.numbers import is_whole
from fairpair.web.routes.public_images import VARY, image_cache
from fairpair.web.sse import message
from fairpair.web.templating import render

ROUTER = APIRouter(include_in_schema=False)
#: How often an open stream reads the league's state without news of its events (s).
RECHECK = 5.0
KEEPALIVE = 15.0


@ROUTER.get("/c/{community}/leagues", response_class=HTMLResponse)
def league_list(request: Request, access: Public, db: DbDep, community: str) -> Response:
    name = community_view(db, community).name  # an unknown community: 404
    return render(
        request,
        "league/list.html",
        community=community,
        community_name=name,
        leagues=leagues_of(db, community),
    )


@ROUTER.get("/c/{community}/leagues/{league}", response_class=HTMLResponse)
def leaderboard_page(
    request: Request,
    access: Public,
    db: DbDep,
    community: str,
    league: str,
    page: Annotated[int | None, Query(ge=1, le=100_000)] = None,
    q: Annotated[str, Query(max_length=100)] = "",
) -> Response:
    found = board_now(request, db, community, league, may_lag=True)
    shown = board_page(found, page, q)
    return render(
        request,
        "league/public.html",
        found=found,
        page=shown,
        table=board_html(request, found, shown),
        since=_token(found.state),
    )


def _token(state: Hashable) -> str:
    """A short text for a state (the page's ``since``: the stream sends at once when the
    state moved meanwhile)."""
    return hashlib.blake2b(repr(state).encode(), digest_size=6).hexdigest()


@ROUTER.get("/c/{community}/leagues/{league}/live")
def leaderboard_live(
    request: Request,
    access: Public,
    db: DbDep,
    community: str,
    league: str,
    since: Annotated[str, Query(max_length=20)] = "",
    page: Annotated[str, Query(max_length=10)] = "",
    q: Annotated[str, Query(max_length=100)] = "",
) -> StreamingResponse:
    hub: LiveHub = request.app.state.hub
    first = board_now(request, db, community, league)  # unknown: 404 before the stream
    slugs = [e.slug for e in first.league.events]
    number = int(page) if is_whole(page) else None

    def fresh() -> tuple[str, str]:
        found = board_now(request, db, community, league)
        return _token(found.state), str(board_html(request, found, board_page(found, number, q)))

    async def events() -> AsyncIterator[str]:
        yield "retry: 2000\n: connected\n\n"
        shown = since
        with contextlib.ExitStack() as stack:
            queues = [stack.enter_context(hub.subscription(s, 0)) for s in slugs]
            waited = 0.0
            while True:
                token, html = await run_in_threadpool(fresh)
                if token != shown:
                    shown = token
                    yield message("leaderboard", html)
                waited = await _news(queues, RECHECK)
                if waited >= KEEPALIVE or not queues:
                    if await request.is_disconnected():
                        return
                    yield ": keep-alive\n\n"

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"cache-control": "no-store", "x-accel-buffering": "no"},
    )


async def _news(queues: list[asyncio.Queue[int]], timeout: float) -> float:
    """Wait for news of any of the league's events, ``timeout`` at most; how long it took
    when nothing came (0 when news came)."""
    if not queues:
        await asyncio.sleep(timeout)
        return KEEPALIVE
    waits = [asyncio.ensure_future(q.get()) for q in queues]
    done, pending = await asyncio.wait(waits, timeout=timeout, return_when="FIRST_COMPLETED")
    for w in pending:
        w.cancel()
    for q in queues:  # drain: one rendering for a burst
        with contextlib.suppress(asyncio.QueueEmpty):
            q.get_nowait()
    return 0.0 if done else KEEPALIVE


@ROUTER.get("/c/{community}/leagues/{league}/leaderboard.csv")
def leaderboard_csv_file(
    request: Request, access: Public, db: DbDep, community: str, league: str
) -> Response:
    return Response(
        leaderboard_csv(db, community, league),
        media_type="text/csv; charset=utf-8",
        headers={"content-disposition": f'attachment; filename="{community}-{league}.csv"'},
    )


@ROUTER.get("/c/{community}/leagues/{league}/leaderboard.png")
def leaderboard_image(
    request: Request,
    access: Public,
    db: DbDep,
    community: str,
    league: str,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    top: Annotated[int | None, Query(ge=1, le=100_000)] = None,
) -> Response:
    found = board_now(request, db, community, league)
    lang = i18n.language()  # the reader's: an image's words are in the language asked
    key = ("league-image", db.url, community, league, found.state, lang, page, top)
    data = image_cache(request).get(
        key, lambda: render_leaderboard(db, community, league, page=page, top=top)
    )
    return Response(
        data,
        media_type="image/png",
        headers={
            "cache-control": "no-cache",
            "content-disposition": f'inline; filename="{league}-leaderboard.png"',
            "vary": VARY,
        },
    )
