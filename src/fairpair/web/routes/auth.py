"""Logging in and out. Failed logins are throttled per username and per client address, in
the database (``service.accounts.throttle``: growing waits, no lock-out); a wrong username
and a wrong password get the same answer, in the same time."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlsplit

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.service.accounts.links import needs_setup
from fairpair.service.accounts.logins import Account
from fairpair.service.accounts.sessions import LIFETIME, close_session, open_session
from fairpair.service.accounts.throttle import LoginWait, throttled_login
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import BadCredentials
from fairpair.web.access import SESSION_COOKIE, DbDep, Public
from fairpair.web.templating import render

ROUTER = APIRouter(include_in_schema=False)


def safe_next(target: str | None) -> str:
    """Only a path on this site (never another host: no open redirect)."""
    if not target or not target.startswith("/") or target.startswith("//"):
        return "/console"
    parts = urlsplit(target)
    return (
        parts.path + (f"?{parts.query}" if parts.query else "") if not parts.netloc else "/console"
    )


@ROUTER.get("/login")
def login_page(request: Request, access: Public, db: DbDep, next: str | None = None) -> Response:
    if access.account is not None:
        return RedirectResponse(safe_next(next), status_code=303)
    if needs_setup(db):
        return RedirectResponse("/setup", status_code=303)
    return render(request, "login.html", next=safe_next(next))


@ROUTER.post("/login")
def login(
    request: Request,
    access: Public,
    db: DbDep,
    username: Annotated[str, Form(max_length=200)] = "",
    password: Annotated[str, Form(max_length=1024)] = "",
    next: Annotated[str, Form(max_length=2000)] = "/console",
) -> Response:
    # the client's address: the peer, or what a trusted proxy says (settings.trusted_proxies)
    client = request.client.host if request.client else "unknown"
    values = {"username": username}
    try:
        account = throttled_login(db, username, password, client)
    except (BadCredentials, LoginWait) as error:
        waiting = isinstance(error, LoginWait)
        return render(
            request,
            "login.html",
            status=429 if waiting else 401,
            headers={"retry-after": str(error.seconds)} if isinstance(error, LoginWait) else None,
            next=safe_next(next),
            values=values,
            errors={"_form": error.reason},
        )
    return logged_in(request, db, account, safe_next(next))


def logged_in(request: Request, db: Database, account: Account, target: str) -> Response:
    """A redirect to ``target`` that logs this browser in as ``account`` (a new session)."""
    token = open_session(db, account)
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=int(LIFETIME.total_seconds()),
        httponly=True,
        secure=request.app.state.settings.secure_cookies,
        samesite="lax",
        path="/",
    )
    return response


@ROUTER.post("/logout")
def logout(request: Request, access: Public, db: DbDep) -> Response:
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        close_session(db, token)
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response
