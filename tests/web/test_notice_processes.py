"""Round notices across real processes (issue 11: "exactly once each, across a server restart
and with two server processes"), on SQLite and PostgreSQL: worker processes running the
servers' job loop (``service.job_loop.run_jobs``, what ``web.job_worker`` runs in every
server process) under ``time_machine.travel`` on one database —

- two at once do the open notices: each player's once;
- one killed (``kill -9``) after its job's notifications were committed but before the job
  was marked done, then a restart after the lease ran out: the job runs again, nobody is
  notified twice;
- one killed in the middle of a job's transaction, then a restart: the half-made job left
  nothing, the restart makes each notification once.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import time_machine
from sqlalchemy import select

from fairpair.service.event import events
from fairpair.service.jobs.schedule import pending
from fairpair.service.kernel.connection import Database, open_database
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.models import AuditRow, NotificationRow

AT = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)
END = AT + timedelta(hours=72)
EVENTS, PLAYERS = 4, 20

WORKER = """
import sys, threading, time
from pathlib import Path
import time_machine

url, name, at, mode, marker = sys.argv[1:6]
with time_machine.travel(float(at), tick=True):
    from fairpair.service.jobs import runner as job_runner
    from fairpair.service.notices import handlers as notice_jobs
    from fairpair.service.kernel.connection import open_database
    from fairpair.service.job_loop import run_jobs
    from fairpair.service.jobs.schedule import claim_due

    if mode == "stall-before-finish":
        def stalled(*args, **kwargs):
            Path(marker).write_text("committed")
            time.sleep(120)
        job_runner.finish = stalled
    elif mode == "stall-in-transaction":
        real = notice_jobs.notify_many
        def slow(*args, **kwargs):
            made = real(*args, **kwargs)  # written, not committed
            Path(marker).write_text("inside")
            time.sleep(120)
            return made
        notice_jobs.notify_many = slow
    db = open_database(url)
    done, failed = run_jobs(db, stop=threading.Event(), once=True, worker=name)
    print(done, failed)
"""


def _setup(db: Database) -> list[str]:
    slugs = []
    with time_machine.travel(AT - timedelta(hours=1), tick=False):
        for e in range(EVENTS):
            name = f"Process Cup {e}"
            slug = events.create_event(db, name, actor="td")
            players.add_players(
                db, slug, [NewPlayer(f"{name} P{i}") for i in range(PLAYERS)], actor="td"
            )
            drafts.generate(db, slug, actor="td")
            rounds.release(db, slug, actor="td")
            rounds.set_dates(db, slug, 1, actor="td", starts_at=AT, ends_at=END)
            rounds.open_round(db, slug, 1, actor="td")
            slugs.append(slug)
    return slugs


def _start(url: str, name: str, at: datetime, mode: str = "run", marker: str = "-") -> Any:
    return subprocess.Popen(
        [sys.executable, "-c", WORKER, url, name, str(at.timestamp()), mode, marker],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "FAIRPAIR_DISCORD_API": "http://127.0.0.1:9"},
    )


def _finish(process: Any) -> str:
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err.decode()
    return str(out.decode())


def _kill_when(process: Any, marker: Path) -> None:
    deadline = time.monotonic() + 60
    while not marker.exists():
        assert process.poll() is None, process.stderr.read().decode()
        assert time.monotonic() < deadline, "the worker never reached the point to kill it"
        time.sleep(0.02)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(10)


def _counts(db: Database, kind: str) -> Counter[int]:
    with db.reading() as conn:
        ids = conn.execute(
            select(NotificationRow.player_id).where(NotificationRow.kind == kind)
        ).scalars()
        return Counter(ids)


def _audits(db: Database, action: str) -> list[int]:
    with db.reading() as conn:
        afters: list[Any] = list(
            conn.execute(
                select(AuditRow.after).where(AuditRow.action == action).order_by(AuditRow.id)
            ).scalars()
        )
        return [after["notified"] for after in afters]


@pytest.mark.multiprocess
@pytest.mark.slow
def test_notices_are_made_once_across_processes_kills_and_restarts(
    db_url: str, tmp_path: Path
) -> None:
    db = open_database(db_url)
    try:
        _setup(db)
        everyone = EVENTS * PLAYERS
        # Two processes at once, at the round's start.
        both = [_start(db_url, f"host:{i}", AT + timedelta(seconds=1)) for i in range(2)]
        for process in both:
            _finish(process)
        opened = _counts(db, "round-open")
        assert len(opened) == everyone and set(opened.values()) == {1}
        assert sorted(_audits(db, "notice.round_open")) == [PLAYERS] * EVENTS

        # Killed after committing a halfway job's notices, before marking it done.
        half = AT + timedelta(hours=36)
        marker = tmp_path / "committed"
        victim = _start(db_url, "host:dies", half, "stall-before-finish", str(marker))
        _kill_when(victim, marker)
        assert sum(_counts(db, "halfway").values()) == PLAYERS  # one job's, committed
        # Its batch (every halfway job) stays leased to it, the committed one not done.
        assert len([j for j in pending(db) if j.kind == "halfway"]) == EVENTS
        # Restarted after the lease ran out: the dead worker's jobs are done, the committed
        # one again (it makes nothing).
        _finish(_start(db_url, "host:restart", half + timedelta(minutes=5)))
        nudged = _counts(db, "halfway")
        assert len(nudged) == everyone and set(nudged.values()) == {1}
        assert sorted(_audits(db, "notice.halfway")) == [0] + [PLAYERS] * EVENTS

        # Killed in the middle of a 24-hour job's transaction: nothing of it is left.
        warn = END - timedelta(hours=24)
        marker = tmp_path / "inside"
        victim = _start(db_url, "host:dies-2", warn, "stall-in-transaction", str(marker))
        _kill_when(victim, marker)
        assert sum(_counts(db, "deadline-24h").values()) == 0
        _finish(_start(db_url, "host:restart-2", warn + timedelta(minutes=5)))
        warned = _counts(db, "deadline-24h")
        assert len(warned) == everyone and set(warned.values()) == {1}
        assert [j for j in pending(db) if j.kind != "deliver"] == []
    finally:
        db.close()
