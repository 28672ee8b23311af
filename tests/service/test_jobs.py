"""Scheduled jobs: kept in the database, each done once — by one worker among several
threads or processes, after a worker dies (its lease runs out), after an error (retried
with a backoff) — and scheduling the same job twice keeps one. On SQLite and PostgreSQL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import time_machine

from fairpair.service.event.events import create_event
from fairpair.service.jobs.runner import run_due
from fairpair.service.jobs.schedule import Job, claim_due, finish, pending, schedule, unschedule
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.unit import changing

T0 = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)


def _schedule(db: Database, slug: str, count: int, *, prefix: str = "job") -> None:
    with changing(db, slug, "tests") as change:
        for i in range(count):
            schedule(change, "note", f"{prefix}:{i}", T0 + timedelta(seconds=i), {"n": i})
        change.audit("jobs.schedule", f"{count} jobs")


def test_the_same_job_scheduled_twice_is_one_job(db: Database) -> None:
    slug = create_event(db, "Jobs", actor="t")
    _schedule(db, slug, 3)
    _schedule(db, slug, 3)
    assert [j.key for j in pending(db)] == ["job:0", "job:1", "job:2"]
    with changing(db, slug, "tests") as change:
        assert unschedule(change, "job:1") == 1
        change.audit("jobs.unschedule", "job:1")
    assert [j.key for j in pending(db)] == ["job:0", "job:2"]


def test_only_due_jobs_are_claimed_and_a_done_job_never_again(db: Database) -> None:
    slug = create_event(db, "Jobs", actor="t")
    _schedule(db, slug, 3)
    assert claim_due(db, worker="w1", at=T0 - timedelta(seconds=1)) == []
    first = claim_due(db, worker="w1", at=T0 + timedelta(seconds=1))
    assert [j.key for j in first] == ["job:0", "job:1"]
    assert claim_due(db, worker="w2", at=T0 + timedelta(seconds=1)) == []  # leased to w1
    assert all(finish(db, j, worker="w1", at=T0) for j in first)
    later = T0 + timedelta(hours=1)
    assert [j.key for j in claim_due(db, worker="w2", at=later)] == ["job:2"]


def test_a_dead_workers_jobs_are_taken_over_when_its_lease_ends(db: Database) -> None:
    slug = create_event(db, "Jobs", actor="t")
    _schedule(db, slug, 1)
    (job,) = claim_due(db, worker="dies", at=T0)  # ... and never finishes
    assert claim_due(db, worker="w2", at=T0 + timedelta(seconds=30)) == []
    (again,) = claim_due(db, worker="w2", at=T0 + timedelta(minutes=5))
    assert again.key == job.key and again.attempts == 2
    assert finish(db, job, worker="dies") is False  # too late: the job is w2's now
    assert finish(db, again, worker="w2") is True
    assert pending(db) == []


def test_a_failing_job_is_retried_after_a_backoff_and_kept(db: Database) -> None:
    slug = create_event(db, "Jobs", actor="t")
    _schedule(db, slug, 1)
    calls: list[int] = []

    def flaky(job: Job) -> None:
        calls.append(job.attempts)
        if len(calls) == 1:
            raise RuntimeError("push service down")

    assert run_due(db, {"note": flaky}, worker="w", at=T0) == (0, 1)
    (waiting,) = pending(db)
    assert waiting.due_at == T0 + timedelta(seconds=30)
    assert run_due(db, {"note": flaky}, worker="w", at=T0 + timedelta(seconds=10)) == (0, 0)
    assert run_due(db, {"note": flaky}, worker="w", at=T0 + timedelta(seconds=31)) == (1, 0)
    assert calls == [1, 2] and pending(db) == []
    _schedule(db, slug, 1, prefix="unknown-kind")
    assert run_due(db, {}, worker="w", at=T0 + timedelta(hours=1)) == (0, 1)
    assert len(pending(db)) == 1  # no handler: kept, not lost


def test_eight_threads_do_each_of_200_jobs_exactly_once(db: Database) -> None:
    slug = create_event(db, "Jobs", actor="t")
    _schedule(db, slug, 200)
    done: list[str] = []
    lock = threading.Lock()

    def handler(job: Job) -> None:
        with lock:
            done.append(job.key)

    def work(name: str) -> None:
        while run_due(db, {"note": handler}, worker=name, at=T0 + timedelta(hours=1), limit=7)[0]:
            pass

    threads = [threading.Thread(target=work, args=(f"w{i}",)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(done) == sorted(f"job:{i}" for i in range(200))
    assert len(done) == len(set(done)) == 200
    assert pending(db) == []


WORKER = """
import sys
from datetime import datetime, timedelta, UTC
from fairpair.service.kernel.connection import open_database
from fairpair.service.jobs.runner import run_due

db = open_database(sys.argv[1])
out = open(sys.argv[2], "w")
at = datetime(2026, 12, 5, 12, 0, tzinfo=UTC)
handler = {"note": lambda job: (out.write(job.key + "\\n"), out.flush())}
while run_due(db, handler, worker=sys.argv[3], at=at, limit=5)[0]:
    pass
"""


@pytest.mark.multiprocess
def test_two_processes_do_each_job_exactly_once(db: Database, tmp_path: Path) -> None:
    slug = create_event(db, "Jobs", actor="t")
    _schedule(db, slug, 150)
    outs = [tmp_path / f"worker-{i}.txt" for i in range(2)]
    procs = [
        subprocess.Popen([sys.executable, "-c", WORKER, db.url, str(out), f"p{i}"])
        for i, out in enumerate(outs)
    ]
    for proc in procs:
        assert proc.wait(60) == 0
    keys = [line for out in outs for line in out.read_text().splitlines()]
    assert sorted(keys) == sorted(f"job:{i}" for i in range(150))
    assert len(keys) == len(set(keys))
    assert pending(db) == []


def test_a_stopping_runner_finishes_the_job_under_way_and_gives_the_others_back(
    db: Database,
) -> None:
    """Ctrl-C on ``fairpair jobs run`` (or a server stopping) while a job runs: that job is
    done once, not again; the jobs claimed with it and not started are free at once for
    another runner, their claim not counted as an attempt."""
    slug = create_event(db, "Jobs Stop", actor="t")
    _schedule(db, slug, 5)
    started, go_on, stop = threading.Event(), threading.Event(), threading.Event()
    calls: list[str] = []

    def slow(job: Job) -> None:  # a DM in flight: Discord has not answered yet
        calls.append(job.key)
        started.set()
        assert go_on.wait(10)

    runner = threading.Thread(
        target=run_due, args=(db, {"note": slow}), kwargs={"stop": stop, "worker": "w1"}
    )
    with time_machine.travel(T0 + timedelta(minutes=1), tick=True):
        runner.start()
        assert started.wait(10)
        stop.set()  # Ctrl-C
        go_on.set()
        runner.join(10)
        assert not runner.is_alive()
        assert calls == ["job:0"]
        waiting = pending(db)
        assert [j.key for j in waiting] == ["job:1", "job:2", "job:3", "job:4"]
        assert all(j.attempts == 0 for j in waiting)
        # another runner takes them now, not after the two-minute lease
        taken = claim_due(db, worker="w2")
        assert [j.key for j in taken] == ["job:1", "job:2", "job:3", "job:4"]
        assert all(j.attempts == 1 for j in taken)


def test_ctrl_c_on_jobs_run_stops_it_cleanly(db_url: str) -> None:
    runner = subprocess.Popen(
        [sys.executable, "-m", "fairpair", "jobs", "run", "--db", db_url, "--every", "0.1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert runner.stdout is not None
        assert "doing scheduled jobs" in runner.stdout.readline()
        runner.send_signal(signal.SIGINT)
        out, err = runner.communicate(timeout=20)
    finally:
        runner.kill()
    assert runner.returncode == 0, err
    assert "stopping after the job under way" in out and "0 jobs done" in out
    assert "Traceback" not in err
