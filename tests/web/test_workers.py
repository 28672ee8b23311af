"""Several server processes (``fairpair serve --workers 2``) all push the same update: a change
committed by another process reaches every open stream, on every worker — PostgreSQL by
LISTEN/NOTIFY, SQLite by polling the event's version. Real processes, real sockets."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest

from fairpair.service.event.events import create_event
from fairpair.service.kernel.connection import Database
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players

from .conftest import free_port

STREAMS = 8


@contextmanager
def served(url: str, workers: int) -> Iterator[str]:
    port = free_port()
    command = [sys.executable, "-m", "fairpair", "serve", "--db", url, "--port", str(port)]
    server = subprocess.Popen(
        [*command, "--workers", str(workers)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(base + "/", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            assert server.poll() is None, server.stderr.read().decode() if server.stderr else ""
            time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


def _every_stream_hears(base: str, db: Database, slug: str) -> tuple[list[str], float]:
    connected = threading.Barrier(STREAMS + 1, timeout=20)
    heard: list[str] = []
    lock = threading.Lock()
    start = [0.0]
    took: list[float] = []

    def watch() -> None:
        with httpx.stream("GET", f"{base}/e/{slug}/live", timeout=15) as answer:
            lines = answer.iter_lines()
            for line in lines:
                if line.startswith(": connected"):
                    connected.wait()
                elif line == "event: version":
                    data = next(lines)
                    with lock:
                        heard.append(data)
                        took.append(time.monotonic() - start[0])
                    return

    threads = [threading.Thread(target=watch, daemon=True) for _ in range(STREAMS)]
    for thread in threads:
        thread.start()
    connected.wait()
    time.sleep(1.2)  # every worker has registered its subscribers (and polled once)
    start[0] = time.monotonic()
    add_players(db, slug, [NewPlayer("Late Larry")], actor="test")
    for thread in threads:
        thread.join(10)
    return heard, max(took) if took else float("inf")


@pytest.mark.multiprocess
@pytest.mark.slow
def test_postgresql_workers_all_push_a_change_made_elsewhere(postgres_db: Database) -> None:
    slug = create_event(postgres_db, "Workers PG", actor="test")
    with served(postgres_db.url, workers=2) as base:
        heard, slowest = _every_stream_hears(base, postgres_db, slug)
    assert heard == ["data: 2"] * STREAMS
    assert slowest < 1.0


@pytest.mark.multiprocess
@pytest.mark.slow
def test_sqlite_workers_all_push_a_change_made_elsewhere(sqlite_db: Database) -> None:
    slug = create_event(sqlite_db, "Workers SQLite", actor="test")
    with served(sqlite_db.url, workers=2) as base:
        heard, slowest = _every_stream_hears(base, sqlite_db, slug)
    assert heard == ["data: 2"] * STREAMS
    assert slowest < 2.0
