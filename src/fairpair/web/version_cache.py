"""What the public pages derive from an event, kept per event version.

A round of a 4,000-player event takes a few hundred milliseconds to read and render, and a
venue full of phones asks for the same page between two changes. Everything here is keyed
by the event's version (one cheap query, ``service.event.events.event_version``) — and what is
rendered, by the reader's language too (``fragment``, ``gzipped``) — so an entry can
never be stale: a change makes a new version and a new key. Newer data under an older key is
harmless (a read made after the version query sees at least that version). One small LRU per
application (``app.state``), shared by the threads that serve its requests; with several
worker processes each keeps its own, and what is rendered (``fragment``, ``gzipped``) is
built by one of them for all (``fairpair.web.shared_renders``).
"""

from __future__ import annotations

import gzip
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from fastapi import Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from markupsafe import Markup

from fairpair import i18n
from fairpair.responses.events import EventDetail
from fairpair.service.event.events import event_version
from fairpair.service.kernel.connection import Database
from fairpair.web.pairing_lists import PostedRound, posted_round
from fairpair.web.shared_renders import SharedRenders

T = TypeVar("T")
#: Entries kept: a few events × (current round, a few old rounds, their fragments).
SIZE = 48
#: As the middleware compresses other answers (``web.app``).
GZIP_LEVEL = 5


class VersionCache:
    """An LRU of built values; **single-flight**: while one thread builds a key, the others
    asking for it wait for that value instead of building it again (after a result, the
    live streams and the page views of a 4,000-player event share one computation)."""

    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._building: dict[Hashable, Future[Any]] = {}
        self._lock = threading.Lock()

    def get(self, key: Hashable, build: Callable[[], T]) -> T:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                found: T = self._items[key]
                return found
            pending = self._building.get(key)
            mine = pending is None
            if pending is None:
                pending = self._building[key] = Future()
        if not mine:
            waited: T = pending.result()
            return waited
        try:
            value = build()
        except BaseException as error:
            with self._lock:
                del self._building[key]
            pending.set_exception(error)
            raise
        with self._lock:
            del self._building[key]
            self._items[key] = value
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        pending.set_result(value)
        return value


class OfApp(Protocol):
    """What the caches read of a request: its application (a request, or ``AppOnly`` when
    a page's parts are built before anyone asks)."""

    @property
    def app(self) -> Any: ...


@dataclass(frozen=True)
class AppOnly:
    app: Any


def version_cache(request: OfApp) -> VersionCache:
    state = request.app.state
    cache: VersionCache | None = getattr(state, "version_cache", None)
    if cache is None:
        cache = state.version_cache = VersionCache()
    return cache


def shared_renders(request: OfApp) -> SharedRenders | None:
    """The folder the server's worker processes share renderings in (none for one process)."""
    state = request.app.state
    if not hasattr(state, "shared_renders"):
        state.shared_renders = SharedRenders.from_environment()
    found: SharedRenders | None = state.shared_renders
    return found


def _shared(request: OfApp, key: Hashable, build: Callable[[], bytes]) -> Callable[[], bytes]:
    """``build`` through the workers' shared renderings, when there are several workers."""
    shared = shared_renders(request)
    if shared is None:
        return build
    return lambda: shared.get(key, build)


def posted(
    request: OfApp, db: Database, slug: str, number: int | None = None, stage: str | None = None
) -> tuple[EventDetail, PostedRound | None]:
    """``posted_round`` for the event's current version (an unknown event: 404)."""
    version = event_version(db, slug)
    return version_cache(request).get(
        ("posted", db.url, slug, version, number, stage),
        lambda: posted_round(db, slug, number, stage),
    )


def compressed(request: Request, key: Hashable | None, html: Markup) -> Response:
    """``html`` as the answer to a page's live refresh. Kept under ``key`` (as ``fragment``
    keeps it) it is compressed **once** per version and sent as it is to every page that
    accepts gzip (the middleware leaves an encoded body alone): after a change, a hall of
    phones costs one compression, not one each."""
    return compressed_lazily(request, key, lambda: html)


def compressed_lazily(
    request: Request, key: Hashable | None, html: Callable[[], Markup]
) -> Response:
    """As ``compressed``; ``html`` is asked for only when it is not compressed already (by
    this process or another worker)."""
    if key is None or "gzip" not in request.headers.get("accept-encoding", ""):
        return HTMLResponse(html())
    return Response(
        gzipped_lazily(request, key, html),
        media_type="text/html; charset=utf-8",
        headers={"content-encoding": "gzip", "vary": "Accept-Encoding"},
    )


def gzipped(request: OfApp, key: Hashable, html: Markup) -> bytes:
    """``html`` compressed, kept under ``key`` in the current language."""
    return gzipped_lazily(request, key, lambda: html)


def gzipped_lazily(request: OfApp, key: Hashable, html: Callable[[], Markup]) -> bytes:
    """As ``gzipped``; ``html`` is asked for only when no worker has compressed it yet."""
    full = ("gzip", i18n.language(), key)
    return version_cache(request).get(
        full,
        _shared(request, full, lambda: gzip.compress(html().encode(), GZIP_LEVEL, mtime=0)),
    )


def fragment(request: OfApp, name: str, key: Hashable | None = None, **context: Any) -> Markup:
    """The partial template ``name`` rendered with ``context``; kept under ``key`` (which
    must name everything the context depends on, the version included) and the current
    language (``fairpair.i18n``: a rendering holds its translated text) when one is given."""
    return fragment_lazily(request, name, key, lambda: context)


def fragment_lazily(
    request: OfApp, name: str, key: Hashable | None, context: Callable[[], dict[str, Any]]
) -> Markup:
    """As ``fragment``; ``context`` is asked for only when the fragment is rendered here (not
    when this process, or another worker, has it already under ``key``)."""
    templates: Jinja2Templates = request.app.state.templates

    def build() -> Markup:  # the template autoescapes
        return Markup(templates.get_template(name).render(**context()))

    if key is None:
        return build()
    full = ("fragment", name, i18n.language(), key)
    if shared_renders(request) is None:
        return version_cache(request).get(full, build)
    shared = _shared(request, full, lambda: build().encode())
    return version_cache(request).get(full, lambda: Markup(shared().decode()))
