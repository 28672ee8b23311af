"""Every error becomes a readable answer, never a stack trace: one mapping for pages and API.

- A service refusal (``FairpairError``) gets the HTTP status of its code in
  ``fairpair.error_table``. The API answers ``{"error": {"code", "message", "field"}}``; a page
  shows the message (routes that re-render a form with the error next to its field catch
  the error themselves, see ``fairpair.web.forms``).
- The database being unreachable (``database_unavailable``) is a 503 that says only "the
  database is unavailable", with ``Retry-After``: its address and the driver's error go to
  the server's log, never to the caller (docs/security.md).
- ``NotLoggedIn`` on a page sends the browser to the login page (and back afterwards).
- A request that does not match the route (a bad path or query value, a missing form field)
  is 422 with the field; an unknown address is the 404 page.
- A bug (any other exception, in a page, an htmx fragment or the API) is a 500 that says
  only that something went wrong, with the request's id (``web.request_id``) as a
  reference; the traceback goes to the server's log, on a line carrying the same id, so
  staff can find it. No path, no exception text, no traceback reaches the caller. An htmx
  request gets the message alone (a fragment), not a whole page.
"""

from __future__ import annotations

import html
import logging
from typing import Any
from urllib.parse import quote

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from fairpair import i18n
from fairpair.engine.errors import FairpairError
from fairpair.error_table import kind_of
from fairpair.i18n import N_, gettext
from fairpair.i18n.pydantic_words import pydantic_message
from fairpair.service.kernel.errors import NotJoined, NotLoggedIn
from fairpair.web.forms import where_said
from fairpair.web.request_id import request_id_of
from fairpair.web.route_note import route_of
from fairpair.web.templating import is_htmx, render

LOG = logging.getLogger("fairpair.web")
#: What a caller is told while the database cannot be reached, and when to try again.
UNAVAILABLE = N_("the database is unavailable: try again in a moment (nothing was changed)")
RETRY_SECONDS = 5


def wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/")


def error_body(code: str, message: str, field: str | None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "field": field}}


def field_of(error: FairpairError) -> str | None:
    return str(error.location) or None


def _page(request: Request, status: int, title: str, message: str, code: str) -> Response:
    return render(request, "error.html", status=status, title=title, message=message, code=code)


async def on_fairpair_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, FairpairError)
    kind = kind_of(error)
    if kind.code == "database_unavailable":
        return unavailable(request, error)
    if wants_json(request):
        headers = {"www-authenticate": "Bearer"} if kind.http == 401 else None
        return JSONResponse(
            error_body(kind.code, i18n.reason(error), field_of(error)), kind.http, headers=headers
        )
    if isinstance(error, NotJoined):
        slug = request.path_params.get("slug")
        target = f"/e/{slug}/join" if slug else "/join"
        if is_htmx(request):
            return Response(status_code=401, headers={"hx-redirect": target})
        if request.method == "GET":
            return RedirectResponse(target, status_code=303)
    if isinstance(error, NotLoggedIn):
        target = "/login?next=" + quote(request.url.path, safe="/")
        if is_htmx(request):
            return Response(status_code=401, headers={"hx-redirect": target})
        if request.method == "GET":
            return RedirectResponse(target, status_code=303)
    where = where_said(error) or field_of(error) or ""
    said = i18n.reason(error)
    message = f"{where}: {said}" if where else said
    return _page(request, kind.http, N_("That did not work"), message, kind.code)


def unavailable(request: Request, error: FairpairError) -> Response:
    """The 503 while the database cannot be reached: the detail (its address, the driver's
    error) in the log only."""
    LOG.warning(
        "database unavailable on %s %s: %s: %s",
        request.method,
        request.url.path,
        error.location,
        error.reason,
    )
    headers = {"retry-after": str(RETRY_SECONDS)}
    if wants_json(request):
        return JSONResponse(
            error_body("database_unavailable", UNAVAILABLE, None), 503, headers=headers
        )
    page = _page(request, 503, N_("Unavailable"), UNAVAILABLE, "database_unavailable")
    page.headers.update(headers)
    return page


async def on_validation_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, RequestValidationError)
    problems = error.errors()
    first = problems[0] if problems else {}
    loc = [str(p) for p in first.get("loc", ()) if p not in ("body", "query", "path", "form")]
    field = ".".join(loc) or None
    message = pydantic_message(first) if first else gettext("the request cannot be read")
    if wants_json(request):
        body = error_body("invalid_request", message, field)
        body["error"]["problems"] = [
            {"field": ".".join(str(p) for p in e.get("loc", ())), "message": pydantic_message(e)}
            for e in problems
        ]
        return JSONResponse(body, 422)
    return _page(request, 422, N_("That did not work"), f"{field}: {message}", "invalid_request")


async def on_http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, StarletteHTTPException)
    code = "not_found" if error.status_code == 404 else f"http_{error.status_code}"
    message = N_("no page at this address") if error.status_code == 404 else str(error.detail)
    if wants_json(request):
        return JSONResponse(
            error_body(code, message, None), error.status_code, headers=error.headers
        )
    title = N_("Page not found") if error.status_code == 404 else N_("That did not work")
    return _page(request, error.status_code, title, message, code)


#: What a caller is told of a bug (the reference is the request's id).
INTERNAL = N_("something went wrong inside fairpair; nothing was changed (please report it)")


async def on_internal_error(request: Request, error: Exception) -> Response:
    rid = request_id_of(request.scope)
    route = route_of(request.scope)
    LOG.error(
        "internal error on %s %s (%s), request %s",
        request.method,
        request.url.path,
        route,
        rid,
        exc_info=error,
        extra={"request_id": rid},
    )
    headers = {"x-request-id": rid, "cache-control": "no-store"}
    if wants_json(request):
        body = error_body("internal_error", INTERNAL, None)
        body["error"]["request_id"] = rid
        return JSONResponse(body, 500, headers=headers)
    if is_htmx(request):
        return HTMLResponse(render_fragment_text(INTERNAL, rid), status_code=500, headers=headers)
    try:
        page = render(
            request,
            "error.html",
            status=500,
            title=N_("Internal error"),
            message=INTERNAL,
            code="internal_error",
            request_id=rid,
        )
    except Exception:  # the page itself cannot be drawn: plain text, still without details
        LOG.exception("the error page failed for request %s", rid, extra={"request_id": rid})
        return Response(
            f"Internal error: {INTERNAL}. Reference: {rid}\n",
            500,
            media_type="text/plain",
            headers=headers,
        )
    page.headers.update(headers)
    return page


def render_fragment_text(message: str, rid: str) -> str:
    """The error as an htmx fragment (``rid``: hex or a proxy's plain token; escaped anyway)."""
    safe = html.escape(rid)
    return (
        f'<p class="error-message" role="alert" data-code="internal_error">{html.escape(message)}'
        f" (reference <code>{safe}</code>)</p>"
    )


def install(app: FastAPI) -> None:
    app.add_exception_handler(FairpairError, on_fairpair_error)
    app.add_exception_handler(RequestValidationError, on_validation_error)
    app.add_exception_handler(StarletteHTTPException, on_http_error)
    app.add_exception_handler(Exception, on_internal_error)
