"""Helpers for the API tests: an account with a bearer token, a small event it owns."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from fairpair.service.accounts.api_tokens import create_token
from fairpair.service.accounts.staff import grant
from fairpair.service.event.events import create_event
from fairpair.service.kernel.connection import Database
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players
from fairpair.web.app import create_app

from .conftest import settings_for
from .helpers import account

API = "/api/v1"


def bearer(db: Database, username: str, *, organizer: bool = True) -> dict[str, str]:
    """The ``Authorization`` header of a new token of a new account ``username``."""
    made = account(db, username, organizer=organizer)
    _, secret = create_token(db, made, "tests")
    return {"authorization": f"Bearer {secret}"}


def event_of(db: Database, owner: str, name: str, *, players: int = 8) -> str:
    """A new event owned by ``owner`` (an existing account) with ``players`` players."""
    from fairpair.service.accounts.logins import find_account

    found = find_account(db, owner)
    slug = create_event(db, name, actor=owner, owner=found.id)
    names = [f"Player {chr(65 + i)}{i}" for i in range(players)]
    add_players(db, slug, [NewPlayer(n) for n in names], actor=owner)
    return slug


def staff(db: Database, slug: str, username: str, role: str) -> None:
    grant(db, slug, username, role, actor="tests")


def call(
    client: TestClient, method: str, url: str, headers: dict[str, str], body: Any = None
) -> httpx.Response:
    response: httpx.Response = client.request(method, API + url, headers=headers, json=body)
    return response


def error_of(answer: httpx.Response) -> dict[str, Any]:
    body = answer.json()
    assert set(body) == {"error"}, body
    error: dict[str, Any] = body["error"]
    assert {"code", "message", "field"} <= set(error), error
    return error


@pytest.fixture
def client(db: Database) -> Iterator[TestClient]:
    """The app over ``db``: SQLite, and PostgreSQL when the tests have one (import this
    fixture into a test module to run its tests on both)."""
    with TestClient(create_app(settings_for(db.url)), base_url="https://testserver") as c:
        yield c
