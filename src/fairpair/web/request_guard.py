"""The first look at every request, before anything reads its body (docs/security.md).

**Body limits.** A request body may be at most ``BODY_LIMIT`` bytes (4 MiB: a players CSV of
2 MB with its form, or any JSON call, fits). Only the routes that take a backup file
(``UPLOAD_PATHS``) allow ``UPLOAD_LIMIT`` (64 MiB), and only to a signed-in account (a
session cookie or an API token that is valid now; the route itself then checks the role).
A body declared larger by its ``Content-Length`` is answered 413 at once, unread; a body
without one (chunked) is counted as it is read, and the read that passes the limit ends it
with the same 413 — the server never holds more than the limit of it.

**Malformed requests** are a 400 that says what is wrong, never a server error: a multipart
form without a boundary, or with one RFC 2046 does not allow; a urlencoded form that is not
UTF-8 (the forms of fairpair's pages are); a ``Content-Length`` that is not a number; a
multipart body the CSRF check cannot parse (``web.csrf_multipart`` raises ``Malformed``). A
boundary written without the space (``multipart/form-data;boundary=x``, as RFC 7231 allows)
or in quotes is accepted: the header is passed on in the one form every reader parses.

``Refusal`` is a Starlette ``HTTPException``: raised while a route reads its body it becomes
the app's usual error answer (``web.errors``: the JSON error body under ``/api/``, the error
page elsewhere); raised before the route (in the CSRF check) this middleware answers it.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable

import anyio.to_thread
from python_multipart.multipart import parse_options_header
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import Request, cookie_parser
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fairpair.engine.errors import FairpairError
from fairpair.service.accounts.api_tokens import token_account
from fairpair.service.accounts.sessions import session_account
from fairpair.service.kernel.connection import Database
from fairpair.service.players.passes import PREFIX as PLAYER_PREFIX
from fairpair.web.access import SESSION_COOKIE
from fairpair.web.templating import render

LOG = logging.getLogger("fairpair.web")

#: The largest body any request may have (bytes).
BODY_LIMIT = 4 * 1024 * 1024
#: The largest body of a backup upload by a signed-in account (a backup file is at most
#: 50 MB: ``console_backup.MAX_UPLOAD_BYTES``).
UPLOAD_LIMIT = 64 * 1024 * 1024
#: The routes that take a backup file.
UPLOAD_PATHS = frozenset({"/console/events/restore", "/api/v1/events/restore"})
#: RFC 2046's boundary: 1-70 characters of ``bchars`` (a space only inside).
BOUNDARY = re.compile(rb"[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]")
MULTIPART = b"multipart/form-data"
URLENCODED = b"application/x-www-form-urlencoded"


class Refusal(HTTPException):
    """A request refused before its route: its status and what is wrong, for people."""


class TooLarge(Refusal):
    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is larger than {_size(limit)}: it was not read")
        self.limit = limit


class Malformed(Refusal):
    def __init__(self, detail: str) -> None:
        super().__init__(400, detail)


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit} bytes"


def refusal_answer(scope: Scope, refusal: HTTPException) -> Response:
    """The answer to ``refusal`` as the app gives it: JSON under ``/api/``, else a page."""
    code = "too_large" if refusal.status_code == 413 else "bad_request"
    if str(scope.get("path", "")).startswith("/api/"):
        body = {"error": {"code": code, "message": refusal.detail, "field": "body"}}
        return JSONResponse(body, refusal.status_code, headers={"connection": "close"})
    return render(
        Request(scope),
        "error.html",
        status=refusal.status_code,
        headers={"connection": "close"},
        title="That did not work",
        message=refusal.detail,
        code=code,
    )


def declared_length(headers: Headers) -> int | None:
    """The body's ``Content-Length`` (``None``: not given); ``Malformed`` when not a number."""
    text = headers.get("content-length")
    if text is None:
        return None
    if not text.strip().isdigit():
        raise Malformed("the Content-Length header is not a number of bytes")
    return int(text)


def checked_content_type(headers: Headers) -> tuple[bytes, bytes | None]:
    """The body's media type and the ``content-type`` to pass on (``None``: as sent);
    ``Malformed`` for a multipart form whose boundary is missing or not allowed, and for a
    form in another charset than UTF-8."""
    raw = headers.get("content-type")
    if raw is None:
        return b"", None
    media, params = parse_options_header(raw)
    media = media.lower()
    if media == MULTIPART:
        boundary = params.get(b"boundary")
        if not boundary:
            raise Malformed("a multipart form needs a boundary in its Content-Type header")
        if not BOUNDARY.fullmatch(boundary):
            raise Malformed(
                "the multipart boundary is not allowed: 1-70 letters, digits or '()+_,-./:=?"
            )
        return media, b"multipart/form-data; boundary=" + boundary
    if media == URLENCODED:
        charset = params.get(b"charset", b"utf-8").lower()
        if charset not in (b"utf-8", b"utf8"):
            raise Malformed("a form must be sent as UTF-8")
    return media, None


def _with_header(scope: Scope, name: bytes, value: bytes) -> Scope:
    headers = [(k, v) for k, v in scope["headers"] if k.lower() != name] + [(name, value)]
    return {**scope, "headers": headers}


def signed_in(db: Database, headers: Headers) -> bool:
    """Whether the request comes from an account: a valid API token, else a live session."""
    authorization = headers.get("authorization")
    if authorization is not None:
        scheme, _, secret = authorization.partition(" ")
        secret = secret.strip()
        if scheme.lower() != "bearer" or not secret or secret.startswith(PLAYER_PREFIX):
            return False
        return token_account(db, secret) is not None
    session = cookie_parser(headers.get("cookie", "")).get(SESSION_COOKIE)
    return session is not None and session_account(db, session) is not None


class RequestGuard:
    """The ASGI middleware: body limits and malformed requests (see the module)."""

    def __init__(
        self, app: ASGIApp, *, limit: int = BODY_LIMIT, upload_limit: int = UPLOAD_LIMIT
    ) -> None:
        self.app = app
        self.limit = limit
        self.upload_limit = upload_limit

    async def _limit_of(self, scope: Scope, headers: Headers, declared: int | None) -> int:
        if scope["path"] not in UPLOAD_PATHS or (declared is not None and declared <= self.limit):
            return self.limit
        db: Database = scope["app"].state.db
        try:
            staff = await anyio.to_thread.run_sync(signed_in, db, headers)
        except FairpairError:  # the database unavailable: the upload waits for it
            staff = False
        return self.upload_limit if staff else self.limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        try:
            declared = declared_length(headers)
            limit = await self._limit_of(scope, headers, declared)
            if declared is not None and declared > limit:
                raise TooLarge(limit)
            media, content_type = checked_content_type(headers)
        except Refusal as refusal:
            await refusal_answer(scope, refusal)(scope, receive, send)
            return
        if content_type is not None:
            scope = _with_header(scope, b"content-type", content_type)
        total = 0

        async def counted() -> Message:
            nonlocal total
            message = await receive()
            if message["type"] == "http.request":
                total += len(message.get("body", b""))
                if total > limit:
                    raise TooLarge(limit)
            return message

        started = False

        async def tracked(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            source = await _utf8_form(counted) if media == URLENCODED else counted
            await self.app(scope, source, tracked)
        except Refusal as refusal:
            if started:
                raise
            LOG.info("refused %s %s: %s", scope["method"], scope["path"], refusal.detail)
            await refusal_answer(scope, refusal)(scope, receive, tracked)


async def _utf8_form(receive: Callable[[], Awaitable[Message]]) -> Receive:
    """Read a urlencoded form (within the limit ``receive`` counts), refuse it unless it is
    UTF-8, and hand back a ``receive`` that plays it again."""
    messages: list[Message] = []
    more = True
    while more:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            break
        more = bool(message.get("more_body", False))
    body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.request")
    try:
        body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Malformed(f"the form is not UTF-8 text (byte {error.start + 1})") from None

    async def replay() -> Message:
        if messages:
            return messages.pop(0)
        return await receive()

    return replay
