"""Real client processes for the concurrency tests, started once per test session.

Importing fairpair costs a new interpreter about two seconds of CPU, so twenty fresh
processes per test would not fit the time budget on two cores. Instead one process is
started with multiprocessing's ``spawn`` (a fresh interpreter: nothing inherited from pytest),
imports the service once and forks itself into ``size`` workers. Each worker is a separate
process with its own database connections, driven over its own pipe:

- ``race``: every worker opens the test's database and connects, then all wait on one
  barrier and call their use case at the same moment; each answers what it was told
  (an ``Outcome``). A worker without a task only takes part in the barrier.
- ``fork``: the worker forks a child that runs one of the ``CHILDREN`` functions (the crash
  tests SIGKILL it) and answers the child's pid; ``reap`` waits for it and answers how it
  ended.

Workers use pipes only (no threads), so forking them is safe; they exit when the pipe closes.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from typing import Any

from .scenario import JOIN_TIMEOUT_S, Outcome, call, use_case

SPAWN = multiprocessing.get_context("spawn")


class Clients:
    """``size`` worker processes (see the module's docstring)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.barrier = SPAWN.Barrier(size)
        pipes = [SPAWN.Pipe() for _ in range(size)]
        self.pipes = [mine for mine, _ in pipes]
        self.zygote = SPAWN.Process(
            target=_zygote, args=([theirs for _, theirs in pipes], self.barrier), daemon=True
        )
        self.zygote.start()
        for _, theirs in pipes:
            theirs.close()
        self.pids = [self._answer(i, 120.0) for i in range(size)]
        self.children: set[int] = set()

    def _answer(self, i: int, timeout: float = JOIN_TIMEOUT_S) -> Any:
        if not self.pipes[i].poll(timeout):
            raise AssertionError(f"client process {i} did not answer in {timeout:.0f} s")
        return self.pipes[i].recv()

    def race(self, url: str, slug: str, tasks: Sequence[tuple[Any, ...]]) -> dict[str, Outcome]:
        """Run ``tasks`` at once, one per process; the outcome per actor (``client-00``...)."""
        assert len(tasks) <= self.size, f"{len(tasks)} tasks for {self.size} processes"
        for i, pipe in enumerate(self.pipes):
            task = tasks[i] if i < len(tasks) else None
            pipe.send(("race", url, slug, task, f"client-{i:02d}"))
        answers = [self._answer(i) for i in range(self.size)]
        if self.barrier.broken:
            self.barrier.reset()
        return {f"client-{i:02d}": answers[i] for i in range(len(tasks))}

    def fork(self, child: str, *args: Any) -> int:
        """Start ``CHILDREN[child](*args)`` in a new process (forked by worker 0); its pid."""
        self.pipes[0].send(("fork", child, args))
        pid: int = self._answer(0)
        self.children.add(pid)
        return pid

    def reap(self, pid: int) -> int:
        """Wait for a forked child; its wait status."""
        self.pipes[0].send(("reap", pid))
        status: int = self._answer(0)
        self.children.discard(pid)
        return status

    def kill(self, pid: int) -> int:
        """SIGKILL a forked child (not reaped yet, so the pid is still its own); its status."""
        os.kill(pid, signal.SIGKILL)
        return self.reap(pid)

    def kill_children(self) -> None:
        """Kill the forked children not reaped yet (a test that failed half-way)."""
        for pid in sorted(self.children):
            self.kill(pid)

    def close(self) -> None:
        self.kill_children()
        for pipe in self.pipes:
            pipe.close()  # the workers exit; the first one waits for the others
        self.zygote.join(10)
        if self.zygote.is_alive():  # our own child, not reaped yet: its pid is still its own
            self.zygote.kill()
            self.zygote.join(5)


def _zygote(pipes: list[Connection], barrier: Any) -> None:
    # Imported once, before forking (the drivers and alembic too: psycopg alone costs a
    # second of CPU).
    import psycopg  # noqa: F401
    import sqlalchemy.dialects.postgresql.psycopg
    import sqlalchemy.dialects.sqlite.pysqlite  # noqa: F401
    from alembic import command  # noqa: F401
    from alembic.runtime import migration  # noqa: F401
    from alembic.script import ScriptDirectory  # noqa: F401

    import fairpair.service.results.recording
    import fairpair.service.results.self_reports
    import fairpair.service.rounds.drafts
    import fairpair.service.rounds.flow
    import fairpair.service.rounds.lifecycle  # noqa: F401

    workers = []
    for i in range(1, len(pipes)):
        pid = os.fork()
        if pid == 0:
            for j, pipe in enumerate(pipes):
                if j != i:
                    pipe.close()
            _serve(pipes[i], barrier)
            os._exit(0)
        workers.append(pid)
    for pipe in pipes[1:]:
        pipe.close()
    _serve(pipes[0], barrier)
    for pid in workers:
        os.waitpid(pid, 0)


def _serve(pipe: Connection, barrier: Any) -> None:
    pipe.send(os.getpid())
    while True:
        try:
            message = pipe.recv()
        except (EOFError, OSError):
            return
        kind, *args = message
        if kind == "race":
            pipe.send(_race(barrier, *args))
        elif kind == "fork":
            name, child_args = args
            pid = os.fork()
            if pid == 0:
                pipe.close()
                code = 1
                try:
                    CHILDREN[name](*child_args)
                    code = 0
                finally:
                    sys.stdout.flush()
                    os._exit(code)
            pipe.send(pid)
        elif kind == "reap":
            pipe.send(os.waitpid(args[0], 0)[1])


def _race(barrier: Any, url: str, slug: str, task: tuple[Any, ...] | None, actor: str) -> Outcome:
    from sqlalchemy import select

    from fairpair.store.database import Database

    if task is None:
        return call(lambda: barrier.wait(JOIN_TIMEOUT_S))
    if task[0] == "open":  # first use of a database: open it (and migrate it) at once
        barrier.wait(JOIN_TIMEOUT_S)
        return call(lambda: Database.open(url).close())
    db = Database.open(url, migrate=False)
    try:
        with db.reading() as conn:  # connected before the race starts
            conn.execute(select(1))
        barrier.wait(JOIN_TIMEOUT_S)
        return call(lambda: use_case(db, slug, task, actor))
    except threading.BrokenBarrierError:
        return Outcome(False, code="crash", reason="the barrier broke: another client died")
    finally:
        db.close()


# --- children the crash tests kill -------------------------------------------------------


def report_tables(url: str, slug: str, tables: list[int], log: str, hold: int | None) -> None:
    """Report each of ``tables`` (round 1, ``result_for``), one transaction each; after each
    acknowledged report, append ``ok TABLE`` to ``log`` and flush it. When table ``hold``'s
    result row is inserted (not yet committed), say ``holding TABLE`` and wait there, so that
    a kill lands inside that transaction."""
    from sqlalchemy import event

    from fairpair.service.results import recording as results
    from fairpair.store.database import Database

    from .scenario import ACTOR, result_for

    db = Database.open(url, migrate=False)
    current = [0]
    with open(log, "a", encoding="utf-8") as out:

        @event.listens_for(db.engine, "after_cursor_execute")
        def _after(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
            if current[0] == hold and statement.lstrip().upper().startswith("INSERT INTO RESULTS"):
                out.write(f"holding {hold}\n")
                out.flush()
                time.sleep(JOIN_TIMEOUT_S)

        out.write("ready\n")
        out.flush()
        for table in tables:
            current[0] = table
            results.report(db, slug, 1, result_for(table), table=table, actor=ACTOR)
            out.write(f"ok {table}\n")
            out.flush()


def release_draft(url: str, slug: str, log: str, hold: str | None) -> None:
    """Release the stage's draft, saying ``release`` in ``log`` when it starts, ``tables``
    once the round's tables are inserted and ``draft`` once the draft is deleted (neither
    committed yet), and ``released N`` once the release is committed. With ``hold`` (one of
    those words) it waits there, so that a kill lands inside the transaction."""
    from sqlalchemy import event

    from fairpair.service.rounds import lifecycle as rounds
    from fairpair.store.database import Database

    from .scenario import ACTOR

    steps = {"INSERT INTO TABLES": "tables", "DELETE FROM DRAFTS": "draft"}
    db = Database.open(url, migrate=False)
    with open(log, "a", encoding="utf-8") as out:

        @event.listens_for(db.engine, "after_cursor_execute")
        def _after(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
            for start, step in steps.items():
                if statement.lstrip().upper().startswith(start):
                    out.write(f"{step}\n")
                    out.flush()
                    if step == hold:
                        time.sleep(JOIN_TIMEOUT_S)

        with db.reading() as conn:
            conn.exec_driver_sql("SELECT 1")
        out.write("release\n")
        out.flush()
        number = rounds.release(db, slug, actor=ACTOR)
        out.write(f"released {number}\n")
        out.flush()


def migrate_database(url: str, log: str) -> None:
    """Open the new database at ``url`` (which migrates it); once the ``results`` table is
    created (not yet committed), say ``holding`` in ``log`` and wait there."""
    from sqlalchemy import Engine, event

    from fairpair.store.database import Database

    with open(log, "a", encoding="utf-8") as out:

        @event.listens_for(Engine, "after_cursor_execute")
        def _after(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
            if statement.lstrip().upper().startswith("CREATE TABLE RESULTS"):
                out.write("holding\n")
                out.flush()
                time.sleep(JOIN_TIMEOUT_S)

        Database.open(url).close()


#: The advisory lock class of the autopilot racers' gates (``autopilot_racer``): one lock
#: per try, held by the test until both racers wait for it.
GATE_CLASS = 0x7261


def autopilot_racer(url: str, slug: str, side: int, tries: int, log: str) -> None:
    """Land the result of table ``side`` (0 or 1) of rounds 1 to ``tries`` of a teamup night
    (``autopilot_night``), one round after the other: for each, prepare it (a players'
    report waiting for confirmation, by the try's mode), say ``ready N`` in ``log``, wait
    at try N's gate (an advisory lock of ``GATE_CLASS`` the test holds), land it, and say
    ``done N ok`` — or ``failed N: why`` and stop."""
    from sqlalchemy import func, select

    from fairpair.store.database import Database

    from .autopilot_night import last_result, mode_of, prepare, tables_of

    db = Database.open(url, migrate=False)
    with open(log, "a", encoding="utf-8") as out:

        def say(line: str) -> None:
            out.write(line + "\n")
            out.flush()

        for attempt in range(1, tries + 1):
            try:
                table = _seated(db, slug, attempt, tables_of)[side]
                how = mode_of(attempt, 2)[side]
                prepare(db, slug, how, attempt, table)
                land = last_result(db, slug, how, attempt, table, f"process-{side}")
                say(f"ready {attempt}")
                with db.engine.begin() as gate:
                    gate.execute(select(func.pg_advisory_xact_lock_shared(GATE_CLASS, attempt)))
                land()
            except Exception as error:
                say(f"failed {attempt}: {type(error).__name__}: {error}")
                return
            say(f"done {attempt} ok")


def _seated(db: Any, slug: str, number: int, tables_of: Callable[..., Any]) -> Any:
    """Round ``number``'s tables, once it exists: the other racer's transaction may still be
    opening it when this one's is done."""
    from fairpair.engine.errors import UnknownRound

    deadline = time.monotonic() + JOIN_TIMEOUT_S
    while True:
        try:
            return tables_of(db, slug, number)
        except UnknownRound:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.002)


CHILDREN: dict[str, Callable[..., None]] = {
    "report_tables": report_tables,
    "release_draft": release_draft,
    "migrate_database": migrate_database,
    "autopilot_racer": autopilot_racer,
}
