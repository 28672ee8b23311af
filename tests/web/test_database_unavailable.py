"""The answer while the database cannot be reached (issue 33, point 6, last bullet): a 503
that says "the database is unavailable" with ``Retry-After`` — on the API and on the public
pages — and never the database's address or the driver's error, which go to the server's
log."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import pytest
from fastapi.testclient import TestClient

from fairpair.service.event.events import create_event
from fairpair.service.kernel.connection import Database
from fairpair.store.errors import DatabaseUnavailable

SECRET_URL = "postgresql://fairpair:***@db.internal:5432/fairpair"
DRIVER = 'connection failed: connection to server at "10.0.0.7", port 5432 failed'


def _down(*args: Any, **kwargs: Any) -> NoReturn:
    raise DatabaseUnavailable(SECRET_URL, DRIVER)


@contextmanager
def database_down(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with monkeypatch.context() as patch:
        patch.setattr(Database, "reading", _down)
        patch.setattr(Database, "writing", _down)
        yield


def test_the_503_names_no_url_and_no_driver_error(
    sqlite_db: Database,
    web_client: TestClient,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    slug = create_event(sqlite_db, "Down Night", actor="td")
    caplog.set_level(logging.WARNING, logger="fairpair.web")
    with database_down(monkeypatch):
        answers = {
            "api": web_client.get(f"/api/v1/events/{slug}/standings"),
            "public page": web_client.get(f"/e/{slug}"),
            "public csv": web_client.get(f"/e/{slug}/pairings.csv"),
        }
    for where, answer in answers.items():
        assert answer.status_code == 503, (where, answer.status_code, answer.text[:300])
        assert answer.headers["retry-after"] == "5", where
        assert "the database is unavailable" in answer.text, where
        for secret in ("db.internal", "postgresql", "10.0.0.7", "5432", "connection failed"):
            assert secret not in answer.text, (where, secret)
    body = answers["api"].json()["error"]
    assert body["code"] == "database_unavailable" and body["field"] is None
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "db.internal" in logged and "connection failed" in logged  # for the operator
