"""The portal's live stream (``GET /e/{slug}/me/live``): server-sent events for **one**
player's page, sent only when something on *their* card changed.

Every change of the event wakes each connected portal (the hub, as for the public pages);
the stream then compares the player's mark (``service.portal.marks``: their round, its
state and dates, their table, its result and self-report, check-in) with the one it last
saw. The marks of a version are computed **once** for every connected player (one shared
future per event and version), so a result costs one computation plus a dictionary lookup
per phone, and only the phones whose card changed are told (``event: card``); the page then
fetches its own card (``GET /e/{slug}/me/card``). A release or an opening tells everyone; a
result at one table tells its two players. Without JavaScript the page is a plain page
(reload it).

**Reports name their players**: a players' report, confirmation, dispute or a result at a
table is announced with the two players it moved (``service.kernel.live.players_moved``; the hub
remembers them per version, ``LiveHub.moved``). While results flow — 60 a second in a hall
of 2,000 open phones — no one computes every player's mark and no other stream wakes: the
two named phones are told at once (``LiveHub.player_feed``). Any other change (a release, an
edit, a version this process did not hear named) goes through the marks.

**No stampede**: when a change wakes many phones at once (a release in a hall of 2,000),
each stream waits a random moment before it tells its page, spread over about
``SPREAD_PER_PHONE`` per phone told (at most ``MAX_SPREAD``): 2,000 card fetches arrive
over 30 s (the issue asks for 2,000 phones within 60 s) instead of in the same second, so
each is answered at once. Two phones told of their result wait about 30 ms. Such a change
also builds the standings the cards show before any phone is told
(``service.portal.player_view.warm_my_match``).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Hashable
from dataclasses import dataclass

from fastapi import Request
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from fairpair.service.kernel.connection import Database
from fairpair.service.players.passes import PlayerPass
from fairpair.service.portal.marks import Marks, portal_marks
from fairpair.service.portal.player_view import warm_my_match
from fairpair.web.hub import LiveHub
from fairpair.web.sse import KEEPALIVE_SECONDS, message

#: Seconds of spread per phone told of a change (a card fetch costs ~6 ms of server time;
#: a 2-core machine also runs the database and the other requests).
SPREAD_PER_PHONE = 0.015
MAX_SPREAD = 30.0
#: A change that wakes more phones than this builds their standings before telling them.
WARM_ABOVE = 50


@dataclass(frozen=True, slots=True)
class MarkNews:
    version: int
    marks: Marks
    changed: int
    """How many players' marks differ from the previous computation's (all: the first)."""


class MarkCache:
    """The newest marks of each event, shared by all its streams: **one computation at a
    time** per event, each of the newest version, and at most one every ``FLOOR`` seconds.

    While results flow (60 self-reports a second are 60 versions a second) a computation per
    version — each reading every player's seat — was 60 computations a second, and the
    reports beside them waited; now a stream told of version V waits for a computation
    started after V was announced (which sees V or newer), sharing it with every other
    stream, so a phone hears of its card at most ``FLOOR`` seconds plus one computation
    after the change."""

    FLOOR = 0.5

    def __init__(self) -> None:
        self._latest: dict[str, MarkNews] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._started: dict[str, float] = {}

    def latest(self, slug: str) -> MarkNews | None:
        """The newest marks computed for event ``slug``, if any."""
        return self._latest.get(slug)

    async def get(self, db: Database, slug: str, version: int) -> MarkNews:
        hit = self._latest.get(slug)
        if hit is not None and hit.version >= version:
            return hit
        lock = self._locks.setdefault(slug, asyncio.Lock())
        async with lock:
            hit = self._latest.get(slug)
            if hit is not None and hit.version >= version:
                return hit  # computed while this stream waited its turn
            loop = asyncio.get_running_loop()
            wait = self._started.get(slug, -self.FLOOR) + self.FLOOR - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            self._started[slug] = loop.time()
            news = await self._compute(db, slug, hit)
            if hit is None or news.version > hit.version:
                self._latest[slug] = news
            return news

    @staticmethod
    async def _compute(db: Database, slug: str, before: MarkNews | None) -> MarkNews:
        version, marks = await run_in_threadpool(portal_marks, db, slug)
        old: Marks = before.marks if before is not None else {}
        changed = sum(1 for k, v in marks.items() if old.get(k) != v)
        if changed > WARM_ABOVE:  # many phones will fetch their cards: have it ready
            await run_in_threadpool(warm_my_match, db, slug)
        return MarkNews(version, marks, changed)


def mark_cache(request: Request) -> MarkCache:
    state = request.app.state
    cache: MarkCache | None = getattr(state, "portal_marks", None)
    if cache is None:
        cache = state.portal_marks = MarkCache()
    return cache


def portal_stream(
    request: Request, db: Database, slug: str, player: PlayerPass, *, since: int
) -> StreamingResponse:
    """The SSE stream of ``player``'s portal page, rendered at version ``since``."""
    hub: LiveHub = request.app.state.hub
    marks = mark_cache(request)
    key = player.player_key
    me = player.player_id

    def mine(found: Marks) -> Hashable:
        # A waitlist pass has no mark: any change may be its promotion.
        return found.get(key, object()) if key is not None else object()

    async def marks_at(version: int) -> MarkNews:
        """Marks whose entry for this player is as of ``version`` or newer: the newest
        computed ones when the versions since them moved only other players."""
        hit = marks.latest(slug)
        if hit is not None and hit.version < version and me is not None:
            moved = hub.moved(slug, hit.version, version)
            if moved is not None and me not in moved:
                return hit
        return await marks.get(db, slug, version)

    async def events() -> AsyncIterator[str]:
        yield "retry: 2000\n: connected\n\n"
        with hub.player_feed(slug, since, me) as feed:
            seen: Hashable = None
            if hub.versions.get(slug, since) <= since:  # the page is current: remember its mark
                news = await marks_at(since)
                seen = mine(news.marks)
                if news.version > since:  # changed meanwhile: is the page behind?
                    moved = hub.moved(slug, since, news.version)
                    if moved is None or me in moved:
                        seen = None
            while True:
                try:
                    version, broad = await asyncio.wait_for(feed.get(), KEEPALIVE_SECONDS)
                except TimeoutError:
                    if await request.is_disconnected():
                        return
                    yield ": keep-alive\n\n"
                    continue
                if not broad:  # only reports at this player's table since: tell at once
                    seen = None  # the marks were not computed: the next ones tell again
                    await asyncio.sleep(random.uniform(0, 2 * SPREAD_PER_PHONE))
                    yield f"id: {version}\n" + message("card", str(version))
                    continue
                news = await marks_at(version)
                now = mine(news.marks)
                if seen is None or now != seen:
                    seen = now
                    told = min(news.changed, hub.watching(slug))
                    await asyncio.sleep(random.uniform(0, min(MAX_SPREAD, told * SPREAD_PER_PHONE)))
                    yield f"id: {news.version}\n" + message("card", str(news.version))

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"cache-control": "no-store", "x-accel-buffering": "no"},
    )
