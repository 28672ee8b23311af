"""The web server's end of the live seam: who is watching which event, and telling them.

The hub learns of each committed change from ``fairpair.service.kernel.live``:
- **PostgreSQL**: a thread LISTENs on the ``fairpair_events`` channel, so a change made by any
  process (another worker of ``fairpair serve --workers N``, the CLI) reaches this one; when
  the listener has to connect again (the database restarted), it reads the watched events'
  versions once the LISTEN is back, so a change made meanwhile is not missed;
- **SQLite**: the database's in-process listeners (changes made by this process, at once),
  plus a thread that reads the events' versions every ``poll_seconds`` (changes made by
  other processes, such as the CLI, within a second).

Subscribers are asyncio queues on the server's event loop: ``subscription(slug)`` gives a queue
of new versions. News is deduplicated by version; a slow subscriber skips to the
newest version (its queue holds at most one item), so a burst of results never piles up.
A player's own page subscribes with a *feed* (``player_feed``): it hears only the versions that
named that player (a report at their table: ``service.kernel.live.players_moved``) or may have
moved anyone's, so while results flow a hall of open phones is not woken 60 times a second;
the hub also remembers which players each recent version moved (``moved``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable, Iterator
from typing import Any

from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.live import CHANNEL, event_versions, listen, notify_url, parse_payload

LOG = logging.getLogger("fairpair.web.hub")
#: How many versions of each event the hub remembers the moved players of.
REMEMBERED = 512


class PlayerFeed:
    """The news of one player's page: the newest version that named them, or that may have
    moved anyone's page (then ``get`` says *broad*)."""

    def __init__(self, player: int | None) -> None:
        self.player = player
        self._queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
        self._broad = False

    def put(self, version: int, broad: bool) -> None:
        if self._queue.full():  # a slow page skips to the newest version
            with contextlib.suppress(asyncio.QueueEmpty):
                self._queue.get_nowait()
        self._broad = self._broad or broad
        self._queue.put_nowait(version)

    async def get(self) -> tuple[int, bool]:
        """The newest version, and whether any version since the last ``get`` was broad
        (else every one named this player)."""
        version = await self._queue.get()
        broad, self._broad = self._broad, False
        return version, broad


class LiveHub:
    #: How long the PostgreSQL listener waits for a notification before it looks at the stop
    #: flag again: the longest ``stop()`` waits for it (tests/web/conftest.py: 0.02).
    listen_seconds = 0.5

    def __init__(self, db: Database, *, poll_seconds: float = 1.0) -> None:
        self.db = db
        self.poll_seconds = poll_seconds
        self.versions: dict[str, int] = {}
        self._subscribers: dict[str, set[asyncio.Queue[int]]] = {}
        #: Per event: the players' own pages' feeds, by player row id (``None``: a waitlist
        #: pass, which hears everything).
        self._feeds: dict[str, dict[int | None, set[PlayerFeed]]] = {}
        #: Per event: each recent version → the players it moved (``None``: anyone's).
        self._moved: dict[str, dict[int, frozenset[int] | None]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._unlisten: Any = None
        #: Set once news of other processes can be heard (PostgreSQL: the LISTEN is in place).
        self.listening = threading.Event()
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
            self.listening.set()

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
    def changed(
        self,
        slug: str,
        version: int,
        wide: bool = False,
        players: frozenset[int] | None = None,
    ) -> None:
        """Event ``slug`` is now at ``version`` (called from any thread); ``wide``: the
        change moved every player's card; ``players``: it moved only these players' own
        pages (row ids; ``None``: anyone's)."""
        for observer in (*self.observers, *(self.wide_observers if wide else ())):
            with contextlib.suppress(Exception):
                observer(slug, version)
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._deliver, slug, version, players)

    def _deliver(self, slug: str, version: int, players: frozenset[int] | None = None) -> None:
        moved = self._moved.setdefault(slug, {})
        if players is not None or version not in moved:
            # the change's own news (in-process, NOTIFY) names its players; a version found
            # by the poll first does not, and is made good by the news that follows it
            moved[version] = players
            if len(moved) > 2 * REMEMBERED:
                for old in sorted(moved)[:-REMEMBERED]:
                    del moved[old]
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
        feeds = self._feeds.get(slug)
        if feeds:
            if players is None:
                for group in feeds.values():
                    for feed in group:
                        feed.put(version, True)
            else:
                for player in players:
                    for feed in feeds.get(player, ()):
                        feed.put(version, False)
                for feed in feeds.get(None, ()):
                    feed.put(version, True)

    def _poll(self) -> None:
        seen: dict[str, int] = {}
        while not self._stop.wait(self.poll_seconds):
            try:
                watched = {*self._subscribers, *self._feeds}  # may race one: then next time
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
                    self.listening.set()
                    self._catch_up()
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=self.listen_seconds):
                            parsed = parse_payload(note.payload)
                            if parsed is not None:
                                self.changed(*parsed)
            except Exception:  # the server restarted: listen again
                LOG.warning("live updates: lost the PostgreSQL listener, reconnecting")
                self._stop.wait(1.0)

    def _catch_up(self) -> None:
        """Once the LISTEN is (again) in place: the changes committed while it was not (the
        database restarting, the connection lost) were announced to nobody here — read the
        watched events' versions and tell what is newer than what the pages were sent."""
        for _ in range(3):  # the sets change on the event loop's thread: may race one
            try:
                watched = {*self._subscribers, *self._feeds}
                break
            except RuntimeError:
                continue
        else:
            watched = set()
        if not watched:
            return
        for slug, version in event_versions(self.db, watched).items():
            if version > self.versions.get(slug, version):
                self.changed(slug, version)

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

    @contextlib.contextmanager
    def player_feed(self, slug: str, since: int, player: int | None) -> Iterator[PlayerFeed]:
        """The feed of ``player``'s own page of event ``slug``, rendered at version ``since``,
        while the block runs (on the event loop's thread)."""
        feed = PlayerFeed(player)
        known = self.versions.setdefault(slug, since)
        if known > since:
            feed.put(known, True)
        self._feeds.setdefault(slug, {}).setdefault(player, set()).add(feed)
        try:
            yield feed
        finally:
            feeds = self._feeds.get(slug, {})
            group = feeds.get(player)
            if group is not None:
                group.discard(feed)
                if not group:
                    del feeds[player]
            if not feeds:
                self._feeds.pop(slug, None)

    def moved(self, slug: str, after: int, upto: int) -> frozenset[int] | None:
        """The players whose own pages the versions after ``after`` up to ``upto`` of event
        ``slug`` moved (on the event loop's thread); ``None`` when any of those versions
        may have moved anyone's (a release, an edit...) or is not known here."""
        if upto <= after:
            return frozenset()
        if upto - after > REMEMBERED:
            return None
        moved = self._moved.get(slug, {})
        players: set[int] = set()
        for version in range(after + 1, upto + 1):
            named = moved.get(version)
            if named is None:
                return None
            players.update(named)
        return frozenset(players)

    def watching(self, slug: str) -> int:
        """How many pages of event ``slug`` are open live (players' and public)."""
        feeds = self._feeds.get(slug, {})
        return len(self._subscribers.get(slug, ())) + sum(len(g) for g in feeds.values())
