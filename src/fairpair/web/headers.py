"""Security headers on every response: a Content Security Policy with no inline script (the
pages load htmx and fairpair's own script from /static), no framing by other sites, no MIME
sniffing, and no referrer sent to other origins.

Pages that are one person's (``PRIVATE``: the login and account pages, invitations and
password resets, a player's personal link and own pages, the organizer's console and a
community's) are sent with ``Cache-Control: no-store``, so no shared cache or back button
on a venue's computer shows them to the next person. Over HTTPS (the connection's, or a
trusted proxy's ``X-Forwarded-Proto``) every answer carries ``Strict-Transport-Security``
for a year: the browser comes back over HTTPS only.
"""

from __future__ import annotations

import re

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: The API's documentation page (ReDoc) styles itself inline; it runs no inline script.
DOCS_CSP = (
    CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
    .replace("script-src 'self'", "script-src 'self' blob:")
    .replace("img-src 'self' data:", "img-src 'self' data: blob:")
    .replace("default-src 'self'", "default-src 'self'; worker-src blob:")
)
#: The paths of pages that belong to one person: never stored by a cache.
PRIVATE = re.compile(
    r"^/(login|logout|setup|account|accounts|my-events|console|communities|invite/|reset/)"
    r"|^/e/[^/]+/(p/|me(/|$))"
)
NO_STORE = (b"cache-control", b"no-store")
HSTS = (b"strict-transport-security", b"max-age=31536000")
HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
]


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = DOCS_CSP if scope["path"] == "/docs" else CSP
        private = PRIVATE.match(scope["path"]) is not None
        secure = scope.get("scheme") == "https"

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name for name, _ in headers}
                headers.extend(h for h in HEADERS if h[0] not in names)
                if b"content-security-policy" not in names:
                    headers.append((b"content-security-policy", policy.encode()))
                if private and b"cache-control" not in names:
                    headers.append(NO_STORE)
                if secure:
                    headers.append(HSTS)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
