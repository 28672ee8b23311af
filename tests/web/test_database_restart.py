"""PostgreSQL killed and started again while pages watch an event (issue 33): the result
saved in the first moments after the restart reaches every open live page.

A throwaway PostgreSQL of this test's own (``scripts/postgres.sh``: the shared test server is
not killed under the other tests), a real ``fairpair serve --workers 2`` on it, eight live
streams of the public pages. The database is killed (an immediate stop: every connection
cut, no shutdown checkpoint) and started again; a result is saved at once — while the
server's listeners are still connecting again, when no NOTIFY can reach them — and every
stream must hear the new version: the listener, once its LISTEN is back, reads the watched
events' versions (``web.hub``)."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Iterator
from glob import glob
from pathlib import Path

import httpx
import pytest

from fairpair.engine.results import Result, Side
from fairpair.service.event.events import event_version
from fairpair.service.kernel.connection import Database, open_database
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds

from .swiss_events import ACTOR, swiss_event
from .test_workers import served

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "postgres.sh"
STREAMS = 8
pytestmark = pytest.mark.skipif(
    not glob("/usr/lib/postgresql/*/bin/initdb"), reason="no PostgreSQL server installed"
)


@pytest.fixture
def own_postgres() -> Iterator[tuple[str, str]]:
    """A PostgreSQL of this test's own: (its URL, its folder)."""
    started = subprocess.run(["bash", str(SCRIPT), "start"], capture_output=True, text=True)
    assert started.returncode == 0, started.stderr
    env = dict(
        line.removeprefix("export ").split("=", 1)
        for line in started.stdout.splitlines()
        if line.startswith("export ")
    )
    try:
        yield env["FAIRPAIR_TEST_POSTGRES_URL"], env["FAIRPAIR_PG_DIR"]
    finally:
        subprocess.run(["bash", str(SCRIPT), "stop", env["FAIRPAIR_PG_DIR"]], check=False)


def _report_when_back(db: Database, slug: str) -> None:
    """Table 1's result, retried while the database is still coming back (as a phone's
    retry after a 503 would)."""
    deadline = time.monotonic() + 30
    while True:
        try:
            results.report(db, slug, 1, Result.win(Side.A), table=1, actor=ACTOR)
            return
        except Exception:
            assert time.monotonic() < deadline, "the database did not come back"
            time.sleep(0.05)


def test_a_result_saved_just_after_the_database_restarts_reaches_every_live_page(
    own_postgres: tuple[str, str],
) -> None:
    url, folder = own_postgres
    db = open_database(url)
    try:
        slug = swiss_event(db, "Restart Night", ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"])
        drafts.generate(db, slug, actor=ACTOR)
        number = rounds.release(db, slug, actor=ACTOR)
        rounds.open_round(db, slug, number, actor=ACTOR)
        before = event_version(db, slug)
        with served(url, workers=2) as base:
            connected = threading.Barrier(STREAMS + 1, timeout=20)
            heard: list[int] = []
            lock = threading.Lock()

            def watch() -> None:
                with httpx.stream("GET", f"{base}/e/{slug}/live", timeout=30) as answer:
                    lines = answer.iter_lines()
                    for line in lines:
                        if line.startswith(": connected"):
                            connected.wait()
                        elif line == "event: version":
                            version = int(next(lines).removeprefix("data: "))
                            if version > before:
                                with lock:
                                    heard.append(version)
                                return

            threads = [threading.Thread(target=watch, daemon=True) for _ in range(STREAMS)]
            for thread in threads:
                thread.start()
            connected.wait()
            restarted = subprocess.run(
                ["bash", str(SCRIPT), "restart", folder], capture_output=True, text=True
            )
            assert restarted.returncode == 0, restarted.stderr
            _report_when_back(db, slug)
            after = event_version(db, slug)
            assert after > before
            for thread in threads:
                thread.join(20)
            assert heard == [after] * STREAMS, f"{len(heard)} of {STREAMS} pages heard it"
    finally:
        db.close()
