"""The language of each page: the reader's choice (the footer's picker, kept in a cookie),
else their browser's (``Accept-Language``, negotiated by Babel among the shipped languages),
else English. The middleware sets ``fairpair.i18n.current`` for the whole request — the
route, its templates, the live stream it opens — and says ``Vary: Accept-Language, Cookie``
on pages, so no shared cache hands one reader's language to another.

Everything rendered once and shared (``web.version_cache``'s fragments and their gzip, the
live streams' ``sse.FragmentCache``) keys its entries by the language too.
"""

from __future__ import annotations

from http.cookies import SimpleCookie

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fairpair import i18n

#: The reader's own choice (``POST /language``): a year, every path.
COOKIE = "fairpair_lang"
COOKIE_AGE = 365 * 24 * 3600


def language_of(headers: dict[str, str]) -> str:
    """The language for a request with these (lower-cased) headers."""
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except Exception:  # a malformed Cookie header: as if there were none
        cookie = SimpleCookie()
    picked = cookie.get(COOKIE)
    chosen = i18n.chosen(picked.value if picked is not None else None)
    if chosen is not None:
        return chosen
    return i18n.negotiate(headers.get("accept-language", "")) or i18n.SOURCE


class Language:
    """ASGI middleware: the request's language in ``fairpair.i18n.current``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        lang = language_of(headers)
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
