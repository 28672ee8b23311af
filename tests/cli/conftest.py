"""Every CLI test runs against its own database: ``FAIRPAIR_DATABASE_URL`` points into the
test's temporary folder (inherited by the processes a test starts), so no test writes to the
user's default database."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def own_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'events.sqlite3'}"
    monkeypatch.setenv("FAIRPAIR_DATABASE_URL", url)
    monkeypatch.setenv("FAIRPAIR_ACTOR", "tester")
    return url
