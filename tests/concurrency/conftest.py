"""Fixtures of the concurrency tests.

- ``database``: the migrated, empty test database of each backend (``db_url``), opened in
  this process, for tests that also hand its URL to client processes;
- ``clients``: twenty client processes (``clients.py``), started once per session.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fairpair.store.database import Database

from .clients import Clients


@pytest.fixture
def database(db_url: str) -> Iterator[Database]:
    db = Database.open(db_url, migrate=False)
    try:
        yield db
    finally:
        db.close()


@pytest.fixture(scope="session")
def clients() -> Iterator[Clients]:
    """Twenty client processes, shared by the session's concurrency tests."""
    pool = Clients(20)
    try:
        yield pool
    finally:
        pool.close()


@pytest.fixture(autouse=True)
def _no_child_left(request: pytest.FixtureRequest) -> Iterator[None]:
    """A child process a test forked and did not end (it failed half-way) is killed."""
    yield
    if "clients" in request.fixturenames:
        request.getfixturevalue("clients").kill_children()
