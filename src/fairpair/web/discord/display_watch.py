"""The web server's end of the Discord display: told of every change the live hub hears of
(this process's, and on PostgreSQL every process's), it nudges the event's displays
(``service.discord_display.nudge``) from a thread of its own — the request that recorded a
result never waits for it, and a burst of changes to one event is one nudge."""

from __future__ import annotations

import logging
import queue
import threading

from fairpair.service.connection import Database
from fairpair.service.discord_display import nudge

LOG = logging.getLogger("fairpair.web.discord")


class DisplayWatch:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._news: queue.SimpleQueue[tuple[str, int] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def changed(self, slug: str, version: int) -> None:
        """Event ``slug`` is at ``version`` (any thread; never blocks)."""
        self._news.put((slug, version))

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._run, name="fairpair-discord-display", daemon=True
            )
            self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        if self._thread is not None:
            self._news.put(None)
            self._thread.join(timeout)
            self._thread = None

    def _run(self) -> None:
        while True:
            item = self._news.get()
            newest: dict[str, int] = {}
            while item is not None:
                slug, version = item
                newest[slug] = max(version, newest.get(slug, 0))
                try:
                    item = self._news.get_nowait()
                except queue.Empty:
                    break
            for slug, version in newest.items():
                try:
                    nudge(self.db, slug, version)
                except Exception:  # a busy database: the next change nudges again
                    LOG.warning("Discord display: could not nudge %s", slug, exc_info=True)
            if item is None:
                return
