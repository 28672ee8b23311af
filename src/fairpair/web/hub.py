"""The web server's end of the live seam: who is watching which event, and telling them.

The hub learns of each committed change from ``fairpair.service.live``:
- **PostgreSQL**: a thread LISTENs on the ``fairpair_events`` channel, so a change made by any
  process (another worker of ``fairpair serve --workers N``, the CLI) reaches this one;
- **SQLite**: the database's in-process listeners (changes made by this process, at once),
  plus a thread that reads the events' versions every ``poll_seconds`` (changes made by
  other processes, such as the CLI, within a second).

Subscribers are asyncio queues on the server's event loop: ``subscription(slug)`` gives a queue
of new versions. News is deduplicated by version; a slow subscriber skips to the
newest version (its queue holds at most one item), so a burst of results never piles up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable, Iterator
from typing import Any

from fairpair.service.connection import Database
from fairpair.service.live import CHANNEL, event_versions, listen, notify_url, parse_payload

LOG = logging.getLogger("fairpair.web.hub")


class LiveHub:
    def __init__(self, db: Database, *, poll_seconds: float = 1.0) -> None:
        self.db = db
        self.poll_seconds = poll_seconds
        self.versions: dict[str, int] = {}
        self._subscribers: dict[str, set[asyncio.Queue[int]]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._unlisten: Any = None
        #: Also told of each change (from any thread; must not block): the Discord display.
        self.observers: list[Callable[[str, int], None]] = []
        #: Told of each wide change (``Change.wide``; any thread; must not block): the
        #: players' pages are built for the new version (``PortalWarm``).
        self.wide_observers: list[Callable[[str, int], None]] = []

    # -- starting and stopping (the app's lifespan) ------------------------------------
    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        if self.db.dialect == "postgresql":
            self._spawn(self._listen_postgres)
        else:
            self._unlisten = listen(self.db, self.changed)
            self._spawn(self._poll)

    def stop(self) -> None:
        self._stop.set()
        if self._unlisten is not None:
            self._unlisten()
        for thread in self._threads:
            thread.join(timeout=2)

    def _spawn(self, target: Any) -> None:
        thread = threading.Thread(target=target, name=f"fairpair-{target.__name__}", daemon=True)
        thread.start()
        self._threads.append(thread)

    # -- news in (any thread) ----------------------------------------------------------
    def changed(self, slug: str, version: int, wide: bool = False) -> None:
        """Event ``slug`` is now at ``version`` (called from any thread); ``wide``: the
        change moved every player's card."""
        for observer in (*self.observers, *(self.wide_observers if wide else ())):
            with contextlib.suppress(Exception):
                observer(slug, version)
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._deliver, slug, version)

    def _deliver(self, slug: str, version: int) -> None:
        known = self.versions.get(slug)
        if known is None:  # nobody watches it yet: remember, tell nobody
            self.versions[slug] = version
            return
        if version <= known:
            return
        self.versions[slug] = version
        for queue in tuple(self._subscribers.get(slug, ())):
            if queue.full():
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()
            queue.put_nowait(version)

    def _poll(self) -> None:
        seen: dict[str, int] = {}
        while not self._stop.wait(self.poll_seconds):
            try:
                watched = set(self._subscribers)  # may race a subscriber: then next time
                if not watched:
                    continue
                rows = event_versions(self.db, watched).items()
            except Exception:  # busy database, or the dict changed meanwhile: next time
                LOG.debug("live poll failed", exc_info=True)
                continue
            for slug, version in rows:
                if seen.get(slug) != version:
                    seen[slug] = version
                    self.changed(slug, version)

    def _listen_postgres(self) -> None:
        import psycopg

        url = notify_url(self.db)
        while not self._stop.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            parsed = parse_payload(note.payload)
                            if parsed is not None:
                                self.changed(*parsed)
            except Exception:  # the server restarted: listen again
                LOG.warning("live updates: lost the PostgreSQL listener, reconnecting")
                self._stop.wait(1.0)

    # -- news out (the event loop) -----------------------------------------------------
    @contextlib.contextmanager
    def subscription(self, slug: str, since: int) -> Iterator[asyncio.Queue[int]]:
        """A queue that receives each version of event ``slug`` after ``since`` (the one the
        subscriber has seen) while the block runs (on the event loop's thread)."""
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
        known = self.versions.setdefault(slug, since)
        if known > since:
            queue.put_nowait(known)
        self._subscribers.setdefault(slug, set()).add(queue)
        try:
            yield queue
        finally:
            subscribers = self._subscribers.get(slug)
            if subscribers is not None:
                subscribers.discard(queue)
                if not subscribers:
                    del self._subscribers[slug]

    def watching(self, slug: str) -> int:
        return len(self._subscribers.get(slug, ()))
