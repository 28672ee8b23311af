"""Exactly once (issue 29, point 5): the last results of a round landing at the same instant
make one next round under the autopilot — never two, never none.

A teamup night (autopilot on) plays 100 rounds; in each, every table's result lands at once:

- **threads** of this process sharing one ``Database`` (the round's two tables, released
  by one barrier), on SQLite and on PostgreSQL;
- **two processes** on PostgreSQL, each reporting one of the round's two tables, released
  together by the test letting go of an advisory lock both wait on (``pg_locks`` shows both
  waiting before it does). The processes live through the 100 tries.

The results arrive by staff's report (``changing``: the event locked first) and by a players'
report confirmed by the opponent (``reporting``: on PostgreSQL the event's lock held shared
and its row locked last, the autopilot's step run then), cycling: staff and staff, players and
players, staff and players. After each try: every result stored, the round Completed, exactly
one next round and it is Open, and the autopilot's audit entries one ``round.complete``,
``round.generate``, ``round.release`` and ``round.open`` per try.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, text

from fairpair.store.database import Database

from .autopilot_night import (
    assert_moved_once,
    last_result,
    mode_of,
    prepare,
    rounds_of,
    tables_of,
    teamup_night,
)
from .clients import GATE_CLASS, Clients
from .scenario import JOIN_TIMEOUT_S, assert_integrity

TRIES = 100


def _at_once(pool: ThreadPoolExecutor, calls: list[Callable[[], Any]]) -> list[Any]:
    """Run ``calls`` in ``pool``'s threads released by one barrier; each one's value or the
    exception it raised."""
    start = threading.Barrier(len(calls))

    def run(call: Callable[[], Any]) -> Any:
        start.wait(JOIN_TIMEOUT_S)
        try:
            return call()
        except Exception as error:  # reported by the test, whatever it is
            return error

    futures = [pool.submit(run, call) for call in calls]
    return [future.result(JOIN_TIMEOUT_S) for future in futures]


@pytest.mark.slow
def test_last_results_at_once_in_threads_open_one_next_round(database: Database) -> None:
    tables = 2
    slug = teamup_night(database, "Thread race", 2 * tables, TRIES + 1)
    with ThreadPoolExecutor(max_workers=tables) as pool:
        for attempt in range(1, TRIES + 1):
            seated = tables_of(database, slug, attempt)
            ways = mode_of(attempt, len(seated))
            for how, table in zip(ways, seated, strict=True):
                prepare(database, slug, how, attempt, table)
            calls = [
                last_result(database, slug, how, attempt, table, f"thread-{i}")
                for i, (how, table) in enumerate(zip(ways, seated, strict=True))
            ]
            outcomes = _at_once(pool, calls)
            context = f"(try {attempt}: {ways})"
            failed = [o for o in outcomes if isinstance(o, Exception)]
            assert not failed, f"{failed} {context}"
            assert_moved_once(database, slug, attempt, tables, context)
    assert_integrity(database)


# --- two processes on PostgreSQL -----------------------------------------------------------


def _lines(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def _wait_for(logs: list[Path], line: str) -> None:
    deadline = time.monotonic() + JOIN_TIMEOUT_S
    while not all(line in _lines(log) or _failed(log) for log in logs):
        assert time.monotonic() < deadline, f"the racers never said {line!r}: {_tails(logs)}"
        time.sleep(0.003)
    failed = [_failed(log) for log in logs if _failed(log)]
    assert not failed, f"a racer failed: {failed}"


def _failed(log: Path) -> str | None:
    return next((line for line in _lines(log) if line.startswith("failed")), None)


def _tails(logs: list[Path]) -> list[list[str]]:
    return [_lines(log)[-2:] for log in logs]


def _waiting_at(conn: Connection, attempt: int) -> int:
    """How many sessions wait for the gate of try ``attempt``."""
    return int(
        conn.execute(
            text(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
                " AND classid = :c AND objid = :k"
            ),
            {"c": GATE_CLASS, "k": attempt},
        ).scalar_one()
    )


@pytest.fixture
def gates(postgres_db: Database) -> Iterator[Connection]:
    """A session of this test holding the gate of every try (an advisory lock each)."""
    with postgres_db.engine.connect() as conn:
        conn.execute(
            text("SELECT pg_advisory_lock(:c, k) FROM generate_series(1, :n) AS k"),
            {"c": GATE_CLASS, "n": TRIES},
        )
        conn.commit()
        try:
            yield conn
        finally:
            conn.execute(text("SELECT pg_advisory_unlock_all()"))
            conn.commit()


@pytest.mark.slow
def test_two_processes_report_the_last_two_results_at_once_on_postgresql(
    postgres_db: Database, clients: Clients, gates: Connection, tmp_path: Path
) -> None:
    db = postgres_db
    slug = teamup_night(db, "Process race", 4, TRIES + 1)
    logs = [tmp_path / f"racer-{side}.log" for side in (0, 1)]
    pids = [
        clients.fork("autopilot_racer", db.url, slug, side, TRIES, str(log))
        for side, log in enumerate(logs)
    ]
    for attempt in range(1, TRIES + 1):
        _wait_for(logs, f"ready {attempt}")
        deadline = time.monotonic() + JOIN_TIMEOUT_S
        while _waiting_at(gates, attempt) < 2:  # both blocked at the gate
            assert time.monotonic() < deadline, f"try {attempt}: the racers are not at the gate"
            time.sleep(0.001)
        gates.execute(text("SELECT pg_advisory_unlock(:c, :k)"), {"c": GATE_CLASS, "k": attempt})
        gates.commit()
        _wait_for(logs, f"done {attempt} ok")
        context = f"(try {attempt}: {mode_of(attempt, 2)}; rounds {rounds_of(db, slug)[-3:]})"
        assert_moved_once(db, slug, attempt, 2, context)
    for pid in pids:
        assert clients.reap(pid) == 0
    assert_integrity(db)
