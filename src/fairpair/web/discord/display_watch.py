"""The web server's end of the Discord display: told of every change the live hub hears of
(this process's, and on PostgreSQL every process's), it nudges the event's displays
(``service.discord.display.nudge``) from a thread of its own — the request that recorded a
result never waits for it. An event is nudged at most once every ``GAP`` seconds: the first
change at once, the changes after it together, with the newest version, when the gap is
over. (Each nudge reads the database; 60 self-reports a second were 60 reads a second for an
event without any display. The redraw waits ``service.discord.display.COALESCE`` for more changes
anyway, so nothing is shown later.)"""

from __future__ import annotations

import logging
import queue
import time

from fairpair.service.discord.display import nudge
from fairpair.service.kernel.connection import Database
from fairpair.web.news_thread import NewsThread

LOG = logging.getLogger("fairpair.web.discord")
#: Seconds between two nudges of one event.
GAP = 1.0


class DisplayWatch(NewsThread[tuple[str, int]]):
    name = "fairpair-discord-display"

    def __init__(self, db: Database) -> None:
        super().__init__()
        self.db = db

    def changed(self, slug: str, version: int) -> None:
        """Event ``slug`` is at ``version`` (any thread; never blocks)."""
        self.tell((slug, version))

    def _run(self) -> None:
        waiting: dict[str, int] = {}  # the newest version of each event not nudged yet
        last: dict[str, float] = {}  # when each event was last nudged
        while True:
            due = min((last.get(slug, 0.0) + GAP for slug in waiting), default=None)
            try:
                item = self._news.get(
                    timeout=None if due is None else max(0.0, due - time.monotonic())
                )
            except queue.Empty:
                item = ("", 0)
            if item is None:
                return
            slug, version = item
            if slug:
                waiting[slug] = max(version, waiting.get(slug, 0))
            clock = time.monotonic()
            for slug in [s for s in waiting if last.get(s, -GAP) + GAP <= clock]:
                self._nudge(slug, waiting.pop(slug))
                last[slug] = time.monotonic()

    def _nudge(self, slug: str, version: int) -> None:
        try:
            nudge(self.db, slug, version)
        except Exception:  # a busy database: the next change nudges again
            LOG.warning("Discord display: could not nudge %s", slug, exc_info=True)
