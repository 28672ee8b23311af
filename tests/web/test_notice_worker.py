"""The job worker runs where the brief says: a thread in every server process (started and
stopped by the app's lifespan, ``job_seconds``), and ``fairpair jobs run --once``."""

from __future__ import annotations

import subprocess
import sys
import time
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from fairpair.service.jobs.schedule import pending
from fairpair.service.kernel.change import now
from fairpair.service.kernel.connection import Database
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.models import NotificationRow
from fairpair.web.app import create_app

from .conftest import settings_for
from .notice_helpers import released_event


def _made(db: Database) -> int:
    with db.reading() as conn:
        return int(conn.execute(select(func.count()).select_from(NotificationRow)).scalar_one())


def _open_now(db: Database, name: str) -> str:
    slug = released_event(db, name)
    start = now() - timedelta(minutes=1)
    rounds.set_dates(db, slug, 1, actor="td", starts_at=start, ends_at=start + timedelta(days=2))
    rounds.open_round(db, slug, 1, actor="td")
    return slug


def test_the_servers_job_thread_sends_the_due_notices(sqlite_db: Database) -> None:
    _open_now(sqlite_db, "Thread Night")
    app = create_app(settings_for(sqlite_db.url, job_seconds=0.1))
    with TestClient(app, base_url="https://testserver"):
        deadline = time.monotonic() + 10
        while _made(sqlite_db) < 4 and time.monotonic() < deadline:
            time.sleep(0.05)
    assert _made(sqlite_db) == 4
    assert [j.kind for j in pending(sqlite_db)] == ["halfway", "deadline-24h"]


@pytest.mark.multiprocess
def test_jobs_run_once_from_the_command_line(sqlite_db: Database) -> None:
    _open_now(sqlite_db, "Cron Night")
    done = subprocess.run(
        [sys.executable, "-m", "fairpair", "jobs", "run", "--once", "--db", sqlite_db.url],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "1 job done" in done.stdout
    assert _made(sqlite_db) == 4
