"""The players' pages built before the phones ask: told of each *wide* change the live hub
hears of (a round released: ``Change.wide``; this process's, and on PostgreSQL every
process's), a thread of its own builds the event-wide
part of the portal for the new version (``service.my_match.warm_my_match``: the event's
facts and the standings its cards show).

Why: the portal's facts are built once per event version and process, by the first request
that needs them; the requests behind it wait. After a release of a 4,000-player round that
first build took 0.3–0.9 s in each worker, and every phone that arrived meanwhile waited for
it (the players' benchmark: a p99 of 0.4–0.9 s for the portals opened in the release's first
second, 10 ms after). Built at the news, it is ready, or under way, when the first phone asks
(the build is shared: a request waits for the one under way, never builds a second).

Only a release is warmed: it is when a hall of phones asks for their tables at once. A
result changes one table and the version with it, and building every version's facts
while results flow would take a worker's time for pages nobody may open; opening a round
(players then play) was warmed at first and cost the first self-reports after it 0.3 s
each. (Phones whose portal is open are told of every change of their card, and those
changes are prepared by their live stream: ``web.portal_live``.) Several news of one event
are one build, of the newest version."""

from __future__ import annotations

import logging
import queue
import threading

from fairpair.service.connection import Database
from fairpair.service.my_match import warm_my_match

LOG = logging.getLogger("fairpair.web.portal")


class PortalWarm:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._news: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        #: How many builds this process made (for tests and the curious).
        self.built = 0

    def changed(self, slug: str, version: int) -> None:
        """A wide change brought event ``slug`` to ``version`` (any thread; never blocks)."""
        self._news.put(slug)

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._run, name="fairpair-portal-warm", daemon=True
            )
            self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        if self._thread is not None:
            self._news.put(None)
            self._thread.join(timeout)
            self._thread = None

    def _run(self) -> None:
        while True:
            first = self._news.get()
            if first is None:
                return
            slugs = [first]
            while True:  # the news that came meanwhile: each event once
                try:
                    more = self._news.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    return
                slugs.append(more)
            for slug in dict.fromkeys(slugs):
                self._warm(slug)

    def _warm(self, slug: str) -> None:
        try:
            warm_my_match(self.db, slug)  # reads the newest version: stale news costs nothing
            self.built += 1
        except Exception:  # a deleted event, a busy database: the first phone builds it
            LOG.warning("players' pages: could not prepare %s", slug, exc_info=True)
