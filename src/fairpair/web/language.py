"""The language of each page: the reader's choice (the footer's picker, kept in a cookie),
else their browser's (``Accept-Language``, negotiated by Babel among the shipped languages),
else — on an event's pages (``/e/<slug>…``, ``/console/<slug>…``) — the event's default
language set by staff, else English. The middleware sets ``fairpair.i18n.current`` for the
whole request — the route, its templates, the live stream it opens — and says
``Vary: Accept-Language, Cookie`` on pages, so no shared cache hands one reader's language to
another.

Everything rendered once and shared (``web.version_cache``'s fragments and their gzip, the
live streams' ``sse.FragmentCache``) keys its entries by the language too.
"""

from __future__ import annotations

import re
import threading
import time
from http.cookies import SimpleCookie
from typing import Any

import anyio.to_thread
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fairpair import i18n
from fairpair.service.event.details import event_language
from fairpair.service.kernel.connection import Database

#: The reader's own choice (``POST /language``): a year, every path.
COOKIE = "fairpair_lang"
COOKIE_AGE = 365 * 24 * 3600
#: The paths of one event's pages: its slug.
EVENT_PATH = re.compile(r"^/(?:e|console)/([^/]+)")
#: An event's default language is read again after this long (a change made in this process
#: is seen at once: ``forget_event_language``).
EVENT_LANGUAGE_SECONDS = 5.0


def explicit_language(headers: dict[str, str]) -> str | None:
    """The language the reader asks for with these (lower-cased) headers: their choice
    (the cookie), else their browser's best match; ``None`` when neither names a shipped one."""
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except Exception:  # a malformed Cookie header: as if there were none
        cookie = SimpleCookie()
    picked = cookie.get(COOKIE)
    chosen = i18n.chosen(picked.value if picked is not None else None)
    if chosen is not None:
        return chosen
    return i18n.negotiate(headers.get("accept-language", ""))


def language_of(headers: dict[str, str], event_default: str | None = None) -> str:
    """The language for a request with these (lower-cased) headers, on a page whose event's
    default language is ``event_default``."""
    return explicit_language(headers) or event_default or i18n.SOURCE


class EventLanguages:
    """Each event's default language, read at most every ``EVENT_LANGUAGE_SECONDS``."""

    def __init__(self) -> None:
        self._known: dict[str, tuple[float, str | None]] = {}
        self._lock = threading.Lock()

    def cached(self, slug: str) -> tuple[bool, str | None]:
        with self._lock:
            found = self._known.get(slug)
        if found is None or time.monotonic() - found[0] > EVENT_LANGUAGE_SECONDS:
            return False, None
        return True, found[1]

    def read(self, db: Database, slug: str) -> str | None:
        value = event_language(db, slug)
        with self._lock:
            if len(self._known) > 1000:
                self._known.clear()
            self._known[slug] = (time.monotonic(), value)
        return value

    def forget(self, slug: str) -> None:
        with self._lock:
            self._known.pop(slug, None)


def event_languages(app: Any) -> EventLanguages:
    state = app.state
    found: EventLanguages | None = getattr(state, "event_languages", None)
    if found is None:
        found = state.event_languages = EventLanguages()
    return found


def forget_event_language(app: Any, slug: str) -> None:
    """The event's default language changed here: the next page reads it again."""
    event_languages(app).forget(slug)


async def _event_default(scope: Scope) -> str | None:
    match = EVENT_PATH.match(scope.get("path", ""))
    app = scope.get("app")
    db: Database | None = getattr(getattr(app, "state", None), "db", None)
    if match is None or db is None:
        return None
    languages = event_languages(app)
    slug = match.group(1)
    known, value = languages.cached(slug)
    if known:
        return value
    try:
        return await anyio.to_thread.run_sync(languages.read, db, slug)
    except Exception:  # the database is down: the route answers for it; English here
        return None


class Language:
    """ASGI middleware: the request's language in ``fairpair.i18n.current``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        lang = explicit_language(headers) or await _event_default(scope) or i18n.SOURCE
        scope.setdefault("state", {})["language"] = lang

        async def send_varying(message: Message) -> None:
            if message["type"] == "http.response.start":
                raw = list(message.get("headers", []))
                kind = next((v for k, v in raw if k.lower() == b"content-type"), b"")
                if kind.startswith(b"text/"):
                    vary = [v for k, v in raw if k.lower() == b"vary"]
                    raw = [(k, v) for k, v in raw if k.lower() != b"vary"]
                    values = [b"Accept-Language", b"Cookie", *vary]
                    raw.append((b"vary", b", ".join(values)))
                    message["headers"] = raw
            await send(message)

        token = i18n.current.set(lang)
        try:
            await self.app(scope, receive, send_varying)
        finally:
            i18n.current.reset(token)
