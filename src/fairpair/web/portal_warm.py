"""The players' pages built before the phones ask. Told by the live hub of each change (this
process's, and on PostgreSQL every process's), a thread of its own builds the event-wide
part of the portal for the newest version (``service.portal.player_view.warm_my_match``: the event's
facts and the standings its cards show):

- at once after a **wide** change (a round released: ``Change.wide``), for the events whose
  portal was read here in the last ``VIEWED`` seconds (first the public pages' part, then the
  players'; an event nobody reads the players' pages of gets only the public part: a build
  nobody asked for costs 0.5 s of each worker just when the public pages are fetched);
- after other changes, for the events whose portal was read here in the last ``VIEWED``
  seconds: once the event has been quiet ``QUIET`` seconds, or ``STALE`` seconds after
  the first change not built yet while changes keep coming — if a portal of the event was
  read in the last ``STALE`` seconds.

Why the first: the portal's facts were built by the first request that needed them, and
the requests behind it waited. After a release of a 4,000-player round that first build took
0.3–0.9 s in each worker, and every phone that arrived meanwhile waited for it (the players'
benchmark: a p99 of 0.4–0.9 s for the portals opened in the release's first second, 10 ms
after). Built at the news, it is ready, or under way, when the first phone asks (the build
is shared: a request waits for the one under way, never builds a second). Opening a round
was warmed at once at first too and cost the first self-reports after it 0.3 s each.

Why the second: while the players report their results, a card reads the newest facts
built before those reports, with the player's own table read afresh
(``portal.facts.recent_facts``); what other tables' results move (a rank, an opponent's
record) is as new as the last build. A build costs 0.5 s of a worker for 4,000 players
(the standings most of it), and while it runs the self-report holding the event's lock in
the same process waits for the interpreter: built every 5 s while 60 reports a second came,
with 300 portals open, the builds were a third of the server's time, and each build every
30 s put 0.5 s on the reports beside it even with no portal open. So while the results
flow the event is built at most every ``STALE`` seconds, and only while its portals are
being read; once the results pause, soon after. Several news of one event are one build,
of the newest version."""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable

from fairpair.gc_pause import paused_gc
from fairpair.service.kernel.connection import Database
from fairpair.service.portal.facts import viewed_within
from fairpair.service.portal.player_view import warm_my_match
from fairpair.web.long_lived import keep_long_lived
from fairpair.web.news_thread import NewsThread

LOG = logging.getLogger("fairpair.web.portal")
#: An event whose results stop coming for this long is built again...
QUIET = 2.0
#: ...and one whose results keep coming, this long after the first not built, if some
#: portal of it was read in that time.
STALE = 60.0
#: An event's portal read in this process this recently is kept built while it changes.
VIEWED = 600.0


class PortalWarm(NewsThread[tuple[str, bool]]):
    name = "fairpair-portal-warm"

    def __init__(
        self,
        db: Database,
        *,
        quiet: float = QUIET,
        stale: float = STALE,
        viewed: float = VIEWED,
        long_lived: bool = False,
        public: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__()
        self.db = db
        #: Built first after a wide change: the public pages' part (``routes.public.warm_round``).
        self.public = public
        #: Each build is left out of the collector's full passes (``web.long_lived``).
        self.long_lived = long_lived
        self.quiet = quiet
        self.stale = stale
        self.viewed = viewed
        #: How many builds this process made (for tests and the curious).
        self.built = 0

    def changed(self, slug: str, version: int) -> None:
        """Event ``slug`` changed, to ``version`` (any thread; never blocks)."""
        self.tell((slug, False))

    def wide(self, slug: str, version: int) -> None:
        """A wide change brought event ``slug`` to ``version`` (any thread; never blocks)."""
        self.tell((slug, True))

    def _run(self) -> None:
        # the events to build: whether at once (wide), the first and last news not built
        waiting: dict[str, tuple[bool, float, float]] = {}
        while True:
            due = min((self._due(*news) for news in waiting.values()), default=None)
            try:
                timeout = None if due is None else max(0.0, due - time.monotonic())
                item = self._news.get(timeout=timeout)
            except queue.Empty:
                item = ("", False)
            if item is None:
                return
            slug, wide = item
            clock = time.monotonic()
            if slug and viewed_within(slug, self.viewed):
                was, first, _ = waiting.get(slug, (False, clock, clock))
                waiting[slug] = (was or wide, first, clock)
            elif slug and wide:
                self._public(slug)  # nobody reads its players' pages here: the public part
            for slug in [s for s, news in waiting.items() if self._due(*news) <= clock]:
                wide = waiting.pop(slug)[0]
                # a build takes a worker's time from the reports beside it: only for the
                # phones that are reading this event's portal now (their live streams read
                # it at every change of theirs), not for those that were a while ago
                if wide or viewed_within(slug, self.stale):
                    self._warm(slug, wide)

    def _due(self, wide: bool, first: float, last: float) -> float:
        """When news not built yet are due: a wide change at once; others once the event
        has been quiet ``quiet`` seconds, and at the latest ``stale`` after the first."""
        return 0.0 if wide else min(last + self.quiet, first + self.stale)

    def _public(self, slug: str) -> None:
        if self.public is None:
            return
        try:
            self.public(slug)
        except Exception:  # a deleted event, a busy database: the first page builds it
            LOG.warning("public pages: could not prepare %s", slug, exc_info=True)

    def _warm(self, slug: str, wide: bool = False) -> None:
        try:
            if wide:
                # the public lists first (~0.15 s for 4,000 players, one per version, shared
                # by every page's fetch), then the players' pages (~0.5 s): one after the
                # other, not both at once on one interpreter
                self._public(slug)
            # The build makes 300,000 objects that live until the next one: with the
            # collector paused it does not stop the requests for a full pass half-way
            # (0.3-0.6 s a worker), and once built they are left out of the passes.
            with paused_gc():
                warm_my_match(self.db, slug)  # reads the newest version: stale news costs nothing
            if self.long_lived:
                keep_long_lived()
            self.built += 1
        except Exception:  # a deleted event, a busy database: the first phone builds it
            LOG.warning("players' pages: could not prepare %s", slug, exc_info=True)
