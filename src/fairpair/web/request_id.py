"""A request id on every request, its answer and every log line written while it is served.

``RequestId`` is the app's outermost layer. It takes the id from the request's
``X-Request-ID`` only when the connection comes from a trusted proxy
(``WebSettings.trusted_proxies``, the same list that decides whether ``X-Forwarded-For`` is
believed) and the value is a plain token (letters, digits, ``-_.:@``, at most 128
characters); anyone else gets a new one (32 hex digits). The id is echoed in the answer's
``X-Request-ID``, kept in the request's scope (``request_id_of``: the error pages show it)
and in a context variable, which ``RequestIdFilter`` puts on every log record
(``record.request_id``; ``-`` outside a request) — fairpair's own lines, uvicorn's access
line and the traceback of an error alike (docs/deployment.md, "Logs").

The context variable is set for the request's task and not reset when the request fails:
the error handler and the server's own error line, which run after this layer has returned,
still carry the id (each request is a task of its own, so no other request sees it).
"""

from __future__ import annotations

import ipaddress
import logging
import re
import uuid
from contextvars import ContextVar

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fairpair.web.route_note import watch

HEADER = b"x-request-id"
#: Where the id is kept in the ASGI scope.
SCOPE_KEY = "fairpair.request_id"
#: What an id taken from a proxy may look like (anything else is replaced by a new one).
ACCEPTED = re.compile(r"[A-Za-z0-9._:@-]{1,128}")
NONE = "-"

_current: ContextVar[str] = ContextVar("fairpair_request_id", default=NONE)


def current() -> str:
    """The id of the request being served (``-`` outside one)."""
    return _current.get()


def request_id_of(scope: Scope) -> str:
    """The id ``RequestId`` gave this request (``-`` when it did not pass through it)."""
    return str(scope.get(SCOPE_KEY, NONE))


class TrustedPeers:
    """The addresses and networks of ``WebSettings.trusted_proxies`` (``*``: any)."""

    def __init__(self, proxies: tuple[str, ...]) -> None:
        self.any = "*" in proxies
        self.networks = tuple(ipaddress.ip_network(p, strict=False) for p in proxies if p != "*")

    def __contains__(self, host: object) -> bool:
        if self.any:
            return True
        if not self.networks or not isinstance(host, str):
            return False
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.networks)


class RequestId:
    def __init__(self, app: ASGIApp, trusted_proxies: tuple[str, ...] = ()) -> None:
        self.app = app
        self.trusted = TrustedPeers(trusted_proxies)

    def _given(self, scope: Scope) -> str | None:
        client = scope.get("client")
        if not client or client[0] not in self.trusted:
            return None
        for name, value in scope["headers"]:
            if name == HEADER:
                text = value.decode("latin-1").strip()
                return text if ACCEPTED.fullmatch(text) else None
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        rid = self._given(scope) or uuid.uuid4().hex
        scope[SCOPE_KEY] = rid
        watch(scope)  # the route that answers, for the metrics and the error's log line
        header = (HEADER, rid.encode("latin-1"))

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(n, v) for n, v in message.get("headers", []) if n != HEADER]
                message = {**message, "headers": [*headers, header]}
            await send(message)

        token = _current.set(rid)
        await self.app(scope, receive, send_with_id)
        _current.reset(token)  # not on an exception: see the module's docstring


class RequestIdFilter(logging.Filter):
    """Puts ``request_id`` on every record (attach it to a handler: it sees every logger)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = _current.get()
        return True
