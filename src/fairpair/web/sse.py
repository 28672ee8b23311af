"""Server-sent events for the live pages (htmx's SSE extension reads them).

A live page opens one ``EventSource`` and names the fragments it shows (``views``). On each
change of the event, the server renders each fragment **once** per version, whoever is
watching (200 viewers cost one render), and sends it as an SSE event named after the view;
the page swaps it in (``sse-swap="standings"``). A comment every 15 s keeps proxies from
closing an idle stream; ``retry`` tells the browser to reconnect within 2 s.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor

from fastapi import Request
from fastapi.responses import StreamingResponse

from fairpair import i18n
from fairpair.web.hub import LiveHub

Render = Callable[[], str]
KEEPALIVE_SECONDS = 15.0
RENDER_THREADS = 4


class FragmentCache:
    """The newest rendering of each (event, view, language), as the SSE message every
    subscriber is sent (formatted once, not once per stream). The render runs in the
    asking stream's context: its language (``fairpair.i18n.current``)."""

    def __init__(self) -> None:
        self._latest: dict[tuple[str, str, str], tuple[int, asyncio.Future[str]]] = {}
        #: Renders run on threads of their own: after a change, the pages' fetches fill the
        #: request threads, and the pushed fragments must not queue behind them.
        self._threads = ThreadPoolExecutor(RENDER_THREADS, thread_name_prefix="live-render")

    async def get(self, slug: str, view: str, variant: str, version: int, render: Render) -> str:
        key = (slug, f"{view}:{variant}", i18n.language())
        hit = self._latest.get(key)
        if hit is None or hit[0] < version:
            context = contextvars.copy_context()
            future = asyncio.get_running_loop().run_in_executor(
                self._threads, lambda: context.run(lambda: message(view, render()))
            )
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
                    yield await cache.get(slug, view, variant, version, render)
                yield f"id: {version}\n" + message("version", str(version))

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"cache-control": "no-store", "x-accel-buffering": "no"},
    )
