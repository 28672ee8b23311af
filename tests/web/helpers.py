"""Helpers for the web tests: accounts, logging in, posting forms with the CSRF token."""

from __future__ import annotations

import re
from typing import Any

import httpx
from fastapi.testclient import TestClient

from fairpair.service.accounts.logins import Account, add_account
from fairpair.service.kernel.connection import Database
from fairpair.web.app import CSRF_COOKIE

PASSWORD = "correct horse battery"


def account(db: Database, username: str, *, organizer: bool = True) -> Account:
    return add_account(db, username, PASSWORD, name=username.title(), organizer=organizer)


def csrf(client: TestClient) -> str:
    """The CSRF token of ``client``'s browser (fetched from the login page when it has none)."""
    token: str | None = client.cookies.get(CSRF_COOKIE)
    if token is None:
        page = client.get("/login")
        found = re.search(r'name="csrftoken" value="([^"]+)"', page.text)
        assert found, "the login page has no CSRF field"
        token = found.group(1)
    return token


def post(
    client: TestClient, url: str, data: dict[str, Any] | None = None, **kw: Any
) -> httpx.Response:
    """POST a form as a browser does: with the CSRF token in it."""
    form = {"csrftoken": csrf(client), **(data or {})}
    response: httpx.Response = client.post(url, data=form, follow_redirects=False, **kw)
    return response


def log_in(client: TestClient, username: str, password: str = PASSWORD) -> httpx.Response:
    answer = post(client, "/login", {"username": username, "password": password})
    assert answer.status_code == 303, answer.text
    return answer
