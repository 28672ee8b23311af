"""Crash safety (issue #8): a process SIGKILLed in the middle of its work loses nothing it
acknowledged and leaves nothing half-written.

A child process reports the results of a 200-table round, one transaction each, writing
(and flushing) ``ok TABLE`` after each acknowledged report; it is killed at random points,
and once while it holds an uncommitted result (its result row inserted, its audit entry
not yet). Another child releases the draft of a 2,000-player round and is killed at random
moments of the release, and while it holds the release uncommitted (the round's tables
inserted; then the draft deleted too). A third is killed while it creates the tables of a
new database (its first use).
After every kill: the acknowledged reports are there with exactly their values, each
result has its audit entry, the round exists with all its tables (and the draft is gone) or
not at all (and the draft is still there), the database passes its integrity checks, and
the service goes on (the rest is reported, the round completed or released).
"""

from __future__ import annotations

import os
import random
import signal
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from sqlalchemy import func, select

from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database
from fairpair.store.models import ByeRow, DraftRow, RoundRow, TableRow

from .clients import Clients
from .scenario import (
    ACTOR,
    JOIN_TIMEOUT_S,
    assert_integrity,
    assert_nothing_half_written,
    audit_actions,
    new_event,
    open_round,
    result_columns,
    result_for,
    stored_results,
)

TABLES = 200
RELEASE_PLAYERS = 2000


def _lines(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def _wait_for(log: Path, done: Callable[[list[str]], bool], what: str) -> list[str]:
    deadline = time.monotonic() + JOIN_TIMEOUT_S
    while time.monotonic() < deadline:
        lines = _lines(log)
        if done(lines):
            return lines
        time.sleep(0.0005)
    raise AssertionError(f"the child never got to {what}: {_lines(log)[-3:]}")


def _acknowledged_at_least(n: int, lines: list[str]) -> bool:
    return len(_acknowledged(lines)) >= n


def _has_line(line: str, lines: list[str]) -> bool:
    return line in lines


def _kill(clients: Clients, pid: int) -> None:
    status = clients.kill(pid)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (
        f"the child was not killed (it ended with status {status}): kill it earlier"
    )


def _acknowledged(lines: list[str]) -> list[int]:
    return [int(line.split()[1]) for line in lines if line.startswith("ok ")]


def test_killed_while_reporting_loses_no_acknowledged_report(
    database: Database, db_url: str, clients: Clients, tmp_path: Path
) -> None:
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    slug = open_round(database, 2 * TABLES)
    acknowledged: list[int] = []
    # Three kills at random moments (after 1-25 acknowledged reports, plus up to 8 ms), then
    # one while the child holds an uncommitted report.
    plans: list[int | None] = [None, None, None, 1]
    for attempt, hold_after in enumerate(plans):
        left = [t for t in range(1, TABLES + 1) if t not in stored_results(database)]
        rng.shuffle(left)
        log = tmp_path / f"report-{attempt}.log"
        hold = left[hold_after] if hold_after is not None else None
        pid = clients.fork("report_tables", db_url, slug, left, str(log), hold)
        if hold is None:
            wanted = rng.randint(1, 25)
            _wait_for(log, partial(_acknowledged_at_least, wanted), f"{wanted} reports")
            time.sleep(rng.uniform(0, 0.008))
        else:
            _wait_for(log, partial(_has_line, f"holding {hold}"), f"holding {hold}")
        _kill(clients, pid)
        now = _acknowledged(_lines(log))
        acknowledged += now
        stored = stored_results(database)
        context = f"(seed {seed}, attempt {attempt}, {len(now)} acknowledged)"
        # Every acknowledged report is there, with the value it was acknowledged with.
        missing = [t for t in acknowledged if stored.get(t) != result_columns(result_for(t))]
        assert not missing, f"acknowledged reports lost or changed: {missing} {context}"
        # At most the one report in flight is there besides them, and whole.
        extra = sorted(set(stored) - set(acknowledged))
        in_flight = left[len(now)] if len(now) < len(left) else None
        assert extra in ([], [in_flight]), f"unexpected results {extra} {context}"
        if hold is not None:
            assert extra == [], f"the uncommitted report of table {hold} was kept {context}"
        acknowledged += extra
        assert_nothing_half_written(database)
        assert_integrity(database)
    # The service goes on: the rest is reported and the round completed.
    for table in range(1, TABLES + 1):
        if table not in acknowledged:
            results.report(database, slug, 1, result_for(table), table=table, actor=ACTOR)
    rounds.complete_round(database, slug, 1, actor=ACTOR)
    assert stored_results(database) == {
        t: result_columns(result_for(t)) for t in range(1, TABLES + 1)
    }
    assert len(audit_actions(database, "result.report")) == TABLES
    assert_nothing_half_written(database)
    assert_integrity(database)


def _release_state(db: Database) -> tuple[int, int, int, int, int]:
    """(rounds, tables, byes, drafts, round.release audit entries)."""
    with db.reading() as conn:
        numbers = [
            int(conn.execute(select(func.count()).select_from(row)).scalar_one())
            for row in (RoundRow, TableRow, ByeRow, DraftRow)
        ]
    return (*numbers, len(audit_actions(db, "round.release")))  # type: ignore[return-value]


def test_killed_while_releasing_leaves_no_partial_round(
    database: Database, db_url: str, clients: Clients, tmp_path: Path
) -> None:
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    slug = new_event(database, RELEASE_PLAYERS)
    pairings = len(drafts.generate(database, slug, actor=ACTOR).pairings)
    assert pairings == RELEASE_PLAYERS // 2
    seen: list[tuple[str, str]] = []
    # First a release that is not killed, to time it; then kills while the child holds its
    # transaction open with the round's tables inserted, and with the draft deleted too; then
    # kills at random moments of a release (from its start to a little after the time it
    # took).
    took = 0.0
    plans = ["time it", "tables", "draft", "random", "random", "random"]
    for attempt, plan in enumerate(plans):
        # The audit log keeps the releases of earlier attempts (their rounds were deleted).
        released = sum(outcome == "released" for _, outcome in seen) + (attempt > 0)
        before = (0, 0, 0, 1, released)
        after = (1, pairings, 0, 0, released + 1)
        log = tmp_path / f"release-{attempt}.log"
        held = plan if plan in ("tables", "draft") else None
        pid = clients.fork("release_draft", db_url, slug, str(log), held)
        if held:
            _wait_for(log, partial(_has_line, held), f"holding at {held!r}")
        else:
            _wait_for(log, lambda ls: "release" in ls, "the release")
            started = time.monotonic()
        if plan == "time it":
            _wait_for(log, lambda ls: "released 1" in ls, "the end of the release")
            took = time.monotonic() - started
            assert clients.reap(pid) == 0
        else:
            if plan == "random":
                time.sleep(rng.uniform(0, 1.2 * took))
            clients.kill(pid)
        lines = _lines(log)
        state = _release_state(database)
        context = f"(seed {seed}, attempt {attempt}: {plan}, the child said {lines})"
        assert state in (before, after), f"a partial release: {state} {context}"
        if "released 1" in lines:
            assert state == after, context
        if held:
            assert state == before, f"the uncommitted release was kept {context}"
        if plan != "time it":
            seen.append((lines[-1], "released" if state == after else "not released"))
        assert_nothing_half_written(database)
        assert_integrity(database)
        if state == after:  # back to the draft, through the service
            rounds.delete_round(database, slug, 1, actor=ACTOR)
            drafts.generate(database, slug, actor=ACTOR)
    # The service goes on: the draft is released and the round opened.
    assert rounds.release(database, slug, actor=ACTOR) == 1
    rounds.open_round(database, slug, 1, actor=ACTOR)
    assert _release_state(database)[:4] == (1, pairings, 0, 0)
    assert_integrity(database)
    print(f"release took {took:.3f} s; kills (seed {seed}): {seen}")


def test_killed_while_migrating_a_new_database_leaves_it_usable(
    empty_db_url: str, clients: Clients, tmp_path: Path
) -> None:
    """The first use of a new database is killed halfway through creating its tables: the
    next use migrates it from scratch, and it works."""
    log = tmp_path / "migrate.log"
    pid = clients.fork("migrate_database", empty_db_url, str(log))
    _wait_for(log, lambda ls: "holding" in ls, "creating the tables")
    _kill(clients, pid)
    db = Database.open(empty_db_url)
    try:
        from fairpair.store.migrate import current, head

        assert current(db.engine) == head()
        assert_integrity(db)
        slug = open_round(db, 4)
        results.report(db, slug, 1, result_for(1), table=1, actor=ACTOR)
        assert stored_results(db) == {1: result_columns(result_for(1))}
    finally:
        db.close()
