"""Server-sent events for the live pages (htmx's SSE extension reads them).

A live page opens one ``EventSource`` and names the fragments it shows (``views``). On each
change of the event, the server renders each fragment **once** per version, whoever is
watching (200 viewers cost one render), and sends it as an SSE event named after the view;
the page swaps it in (``sse-swap="standings"``). A comment every 15 s keeps proxies from
closing an idle stream; ``retry`` tells the browser to reconnect within 2 s.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

from fastapi import Request
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from fairpair.web.hub import LiveHub

Render = Callable[[], str]
KEEPALIVE_SECONDS = 15.0


class FragmentCache:
    """The newest rendering of each (event, view), shared by every subscriber."""

    def __init__(self) -> None:
        self._latest: dict[tuple[str, str], tuple[int, asyncio.Future[str]]] = {}

    async def get(self, slug: str, view: str, version: int, render: Render) -> str:
        key = (slug, view)
        hit = self._latest.get(key)
        if hit is None or hit[0] < version:
            future: asyncio.Future[str] = asyncio.ensure_future(run_in_threadpool(render))
            self._latest[key] = (version, future)
            hit = (version, future)
        return await asyncio.shield(hit[1])


def message(event: str, data: str) -> str:
    lines = data.splitlines() or [""]
    return f"event: {event}\n" + "".join(f"data: {line}\n" for line in lines) + "\n"


def live_response(
    request: Request, slug: str, views: dict[str, Render], *, since: int, variant: str = ""
) -> StreamingResponse:
    """The SSE stream of event ``slug``: each view's fragment after each change made after
    version ``since`` (the one the page shows). ``variant`` (the stage asked for) keeps
    different renderings of the same view apart in the shared cache."""
    hub: LiveHub = request.app.state.hub
    cache: FragmentCache = request.app.state.fragments

    async def events() -> AsyncIterator[str]:
        yield "retry: 2000\n: connected\n\n"
        with hub.subscription(slug, since) as queue:
            while True:
                try:
                    version = await asyncio.wait_for(queue.get(), KEEPALIVE_SECONDS)
                except TimeoutError:
                    if await request.is_disconnected():
                        return
                    yield ": keep-alive\n\n"
                    continue
                for view, render in views.items():
                    fragment = await cache.get(slug, f"{view}:{variant}", version, render)
                    yield message(view, fragment)
                yield f"id: {version}\n" + message("version", str(version))

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"cache-control": "no-store", "x-accel-buffering": "no"},
    )
