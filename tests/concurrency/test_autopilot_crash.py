"""A crash between a round's last result and its next round (issue 29, point 5): the server is
killed (SIGKILL) and started again, and there is exactly one next round, or none and the
result is not recorded either — never two, never a round left Open with every result in.

A real ``fairpair serve`` (one process) runs a teamup night (autopilot on); round after round,
one result is entered through the service and the last one posted to the server's JSON API
(``POST /api/v1/events/SLUG/results``, as a phone or staff would), and the server is killed:

- at random moments around the post (from before it arrives to after it is answered), on
  SQLite and on PostgreSQL;
- on PostgreSQL, also while its transaction holds the result and is moving the round on:
  the test holds the ``rounds`` table in SHARE mode, so the autopilot's first write waits,
  and ``pg_stat_activity`` shows the server's session waiting there before the kill.

After each restart: either the result is recorded, the round Completed and exactly one next
round Open (an answered post must be among these), or the result is not recorded and the
round is still Open — then posting it again opens exactly one next round. And a round left
Open with every result in (another night's: its autopilot was off when its last result came)
is moved on when the server starts again (``catch_up``), exactly once — on PostgreSQL by two
workers starting at once. Two kills on PostgreSQL, one on SQLite: each costs a server start.
"""

from __future__ import annotations

import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

import httpx
import pytest
from sqlalchemy import Connection, text

from fairpair.engine.results import Result, Side
from fairpair.service.accounts.api_tokens import create_token
from fairpair.service.accounts.logins import Account, add_account
from fairpair.service.kernel import audit
from fairpair.service.results import recording as results
from fairpair.service.rounds import stages
from fairpair.service.rounds.autopilot import AUTOPILOT
from fairpair.store.database import Database

from .autopilot_night import ACTOR, assert_moved_once, results_in, rounds_of, teamup_night
from .scenario import JOIN_TIMEOUT_S, assert_integrity

ROUNDS = 30


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """``fairpair serve`` on the test's database, started and killed by the test."""

    url: str
    process: subprocess.Popen[bytes] | None = None
    base: str = ""
    starts: list[float] = field(default_factory=list)

    def start(self, workers: int = 1) -> None:
        port = _free_port()
        command = [sys.executable, "-m", "fairpair", "serve", "--db", self.url]
        command += ["--port", str(port), "--workers", str(workers)]
        began = time.monotonic()
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        self.base = f"http://127.0.0.1:{port}"
        deadline = began + 30
        while True:
            try:
                if httpx.get(self.base + "/", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert self.process.poll() is None, "the server ended as it started"
            assert time.monotonic() < deadline, "the server did not start in 30 s"
            time.sleep(0.05)
        self.starts.append(time.monotonic() - began)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no rollback sent, nothing flushed."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(JOIN_TIMEOUT_S)
        assert self.process.returncode == -signal.SIGKILL

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


class Post:
    """The last result posted in a thread of its own (the server may die under it)."""

    def __init__(self, server: Server, token: str, slug: str, number: int, table: int) -> None:
        self.answer: int | None = None
        self.error: str | None = None
        body = {"round": number, "table": table, "result": "1-0"}
        headers = {"authorization": f"Bearer {token}"}
        address = f"{server.base}/api/v1/events/{slug}/results"

        def post() -> None:
            try:
                self.answer = httpx.post(
                    address, json=body, headers=headers, timeout=10
                ).status_code
            except httpx.HTTPError as error:
                self.error = type(error).__name__

        self.sent = time.monotonic()
        self.thread = threading.Thread(target=post, daemon=True)
        self.thread.start()

    def join(self) -> None:
        self.thread.join(JOIN_TIMEOUT_S)
        assert not self.thread.is_alive(), "the post never ended"


def _left_open(db: Database, owner: Account) -> str:
    """Another night whose round 1 holds every result but is still Open: its last result
    came while its autopilot was off, turned on since (``catch_up``'s case)."""
    slug = teamup_night(db, "Left open", 4, ROUNDS, owner=owner.id)
    stages.edit_stage(db, slug, {"autopilot": False}, actor=ACTOR, stage="swiss")
    for table in (1, 2):
        results.report(db, slug, 1, Result.win(Side.A), table=table, actor=ACTOR)
    stages.edit_stage(db, slug, {"autopilot": True}, actor=ACTOR, stage="swiss")
    assert rounds_of(db, slug) == [(1, "open")]
    return slug


def _all_but_last(db: Database, slug: str, number: int) -> int:
    """Report round ``number``'s table 1 through the service; the table left (2)."""
    results.report(db, slug, number, Result.win(Side.B), table=1, actor=ACTOR)
    return 2


def _waiting_on_rounds(conn: Connection) -> bool:
    """A session of the server waits for a lock (the test's on ``rounds``)."""
    return bool(
        conn.execute(
            text(
                "SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname ="
                " current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid())"
            )
        ).scalar_one()
    )


@pytest.mark.multiprocess
@pytest.mark.slow
def test_killed_between_the_last_result_and_the_next_round(database: Database) -> None:
    db = database
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    postgresql = db.dialect == "postgresql"
    owner = add_account(db, "crash-organizer", "crash-password-1", name="Crash")
    slug = teamup_night(db, "Crash night", 4, ROUNDS, owner=owner.id)
    token = create_token(db, owner, "crash test")[1]
    server = Server(db.url)
    server.start()
    seen: Counter[str] = Counter()
    try:
        # Round 1: the last result posted and answered, timed (the kills' window).
        last = _all_but_last(db, slug, 1)
        post = Post(server, token, slug, 1, last)
        post.join()
        took = time.monotonic() - post.sent
        assert post.answer == 201, post.error
        assert_moved_once(db, slug, 1, 2, "(no kill)")
        # each kill costs a server start (2-5 s on 2 cores): two on PostgreSQL (one of them
        # while the transaction moves the round), one on SQLite, then the catch-up start
        plans = ["held", "random"] if postgresql else ["random"]
        for number, plan in enumerate(plans, start=2):
            if number == len(plans) + 1:  # the last restart catches this one up
                left_open = _left_open(db, owner)
            last = _all_but_last(db, slug, number)
            context = f"(seed {seed}, round {number}, {plan}; the post took {took:.3f} s)"
            if plan == "held":
                with db.engine.connect() as lock, db.engine.connect() as watch:
                    lock.execute(text("LOCK TABLE rounds IN SHARE MODE"))
                    post = Post(server, token, slug, number, last)
                    deadline = time.monotonic() + JOIN_TIMEOUT_S
                    while not _waiting_on_rounds(watch):
                        assert time.monotonic() < deadline, f"never waited {context}"
                        assert post.answer is None, f"answered under the lock {context}"
                        watch.rollback()
                        time.sleep(0.005)
                    server.kill()
                    lock.rollback()
            else:
                post = Post(server, token, slug, number, last)
                time.sleep(rng.uniform(0, 1.5 * took))
                server.kill()
            post.join()
            # The last start: two workers on PostgreSQL, both catching up at once.
            server.start(workers=2 if postgresql and number == len(plans) + 1 else 1)
            recorded = results_in(db, slug, number)
            if recorded == 2:
                seen["recorded"] += 1
                assert_moved_once(db, slug, number, 2, context)
            else:
                seen["lost"] += 1
                assert recorded == 1, f"{recorded} results {context}"
                assert post.answer is None, f"answered {post.answer} but lost {context}"
                rnds = rounds_of(db, slug)
                assert rnds[-1] == (number, "open") and len(rnds) == number, f"{rnds} {context}"
                again = Post(server, token, slug, number, last)
                again.join()
                assert again.answer == 201, f"posted again: {again.error} {context}"
                assert_moved_once(db, slug, number, 2, context)
            if plan == "held":
                assert recorded == 1, f"the uncommitted result was kept {context}"
        # The round left Open with every result in was moved on as the server started, once.
        assert_moved_once(db, left_open, 1, 2, f"(seed {seed}, started with every result in)")
        said = [
            e.after["trigger"]
            for e in audit.audit_log(db, left_open).entries
            if e.actor == AUTOPILOT and e.action == "round.open"
        ]
        assert said == ["when the server started with every result in"]
    finally:
        server.stop()
    assert_integrity(db)
    starts = ", ".join(f"{s:.1f}" for s in server.starts)
    print(f"kills (seed {seed}): {dict(seen)}; post {took:.3f} s; starts {starts} s")
