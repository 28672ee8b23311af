"""Benchmark: the autopilot on a 4,000-player night — a round's last result to the next round
opened and live on 200 viewers, over loopback only, bounded.

    uv run python benchmarks/autopilot.py                              # SQLite, one process
    uv run python benchmarks/autopilot.py --backend postgresql --workers 4 --pg-url URL
    uv run python benchmarks/autopilot.py --players 1000 --viewers 50 --rounds 2   # a quick look

Set up (through the service, in this process): an event of ``--players`` players under the
``teamup`` preset (autopilot on; at most ``--rounds`` + 2 rounds), round 1 started by hand;
an organizer account and its API token. A real server is started as a separate process as a
user would (``fairpair serve --db URL --port P --workers N``) on 127.0.0.1. Then, for each of
``--rounds`` rounds:

1. every result of the open round but one is entered through the service (not timed), and
   the server is left to settle;
2. ``--viewers`` live streams connect: half as the public event page does
   (``/e/SLUG/live?view=pairings&view=rounds``: the server pushes the current round's
   heading and round cards; on the heading (``pairings``) the page fetches the round's lists,
   ``GET /e/SLUG?part=lists``), half as the public pairings page does (``/e/SLUG/live``:
   on each ``version`` event it fetches its list again, ``GET /e/SLUG/pairings?by=name``;
   both fetches with ``HX-Request``, accepting gzip as browsers do);
3. the last result is posted through the API (``POST /api/v1/events/SLUG/results``, as a
   phone or staff would): in its transaction the autopilot completes the round and pairs,
   releases and opens the next. *answered* is the post's answer (the next round committed);
   a viewer's time runs from the post until it holds the next round's pairings (the
   heading "Round N+1", In progress, and the round's list); *all live* is the slowest
   viewer's.

Target (issue 29): ≤ 3 s until all 200 viewers have the next round, p50 / p99 over the rounds,
on SQLite with one process and on PostgreSQL with 4 workers. Results go in
docs/performance.md ("Autopilot").
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from calibrate import loop_seconds

from service import _pg_create, _pg_drop, _pg_server
from web import start_server, table

ACTOR = "bench"
EVENT_PAGE = "event page"
PAIRINGS_PAGE = "pairings page"


def build_night(url: str, players: int, rounds: int) -> dict[str, Any]:
    """The teamup night with round 1 Open, and an organizer's API token."""
    from fairpair.engine.rulesets import PRESETS
    from fairpair.service.accounts.api_tokens import create_token
    from fairpair.service.accounts.logins import add_account
    from fairpair.service.event import events
    from fairpair.service.kernel.connection import open_database
    from fairpair.service.players import roster as player_cases
    from fairpair.service.players.registration import NewPlayer
    from fairpair.service.rounds import flow, stages

    db = open_database(url)
    owner = add_account(db, "bench-organizer", "bench-password-1", name="Bench")
    slug = events.create_event(
        db, "Autopilot Night", actor=ACTOR, ruleset=PRESETS["teamup"], owner=owner.id
    )
    entrants = [NewPlayer(f"Player {i:05d}", seed=i + 1) for i in range(players)]
    player_cases.add_players(db, slug, entrants, actor=ACTOR)
    stages.edit_stage(db, slug, {"max_rounds": rounds + 2}, actor=ACTOR, stage="swiss")
    assert events.export_event(db, slug).stage("swiss").autopilot
    flow.next_round(db, slug, actor=ACTOR)
    _, token = create_token(db, owner, "benchmark")
    db.close()
    return {"slug": slug, "token": token}


def all_but_one(url: str, slug: str, number: int) -> tuple[int, float]:
    """Enter every result of round ``number`` but the last table's through the service; that
    table, and how long the entry took."""
    from fairpair.engine.results import Result, Side
    from fairpair.service.kernel.connection import open_database
    from fairpair.service.results import recording as results
    from fairpair.service.rounds import lifecycle

    db = open_database(url)
    started = time.perf_counter()
    tables = [t.table for t in lifecycle.round_view(db, slug, number).tables]
    *entered, last = tables
    for at in entered:
        side = Side.A if (at + number) % 2 else Side.B
        results.report(db, slug, number, Result.win(side), table=at, actor=ACTOR)
    db.close()
    return last, time.perf_counter() - started


def rounds_now(url: str, slug: str) -> list[tuple[int, str]]:
    """The stage's rounds: (number, state)."""
    from fairpair.service.event import events
    from fairpair.service.kernel.connection import open_database

    db = open_database(url)
    stage = events.export_event(db, slug).stage("swiss")
    db.close()
    return [(r.number, r.status.value) for r in stage.rounds]


class Run:
    """One round's last result and the viewers waiting for the next round."""

    def __init__(self, viewers: int, heading: str, lists: str) -> None:
        self.viewers = viewers
        self.heading = heading
        self.lists = lists
        self.connected = 0
        self.all_connected = asyncio.Event()
        self.done = asyncio.Event()
        self.posted_at = 0.0
        self.got: dict[str, list[float]] = {EVENT_PAGE: [], PAIRINGS_PAGE: []}
        self.stale: int = 0

    def arrived(self, kind: str) -> None:
        self.got[kind].append(time.perf_counter() - self.posted_at)
        if sum(len(v) for v in self.got.values()) == self.viewers:
            self.done.set()

    async def viewer(self, client: httpx.AsyncClient, slug: str, kind: str) -> None:
        path = f"/e/{slug}/live" + ("?view=pairings&view=rounds" if kind == EVENT_PAGE else "")
        async with client.stream("GET", path) as answer:
            event, data = "", list[str]()
            async for line in answer.aiter_lines():
                if line.startswith(": connected"):
                    self.connected += 1
                    if self.connected == self.viewers:
                        self.all_connected.set()
                elif line.startswith("event: "):
                    event, data = line[7:], []
                elif line.startswith("data: "):
                    data.append(line[6:])
                elif not line and event:
                    shown = "\n".join(data)
                    if kind == EVENT_PAGE and event == "pairings" and self.heading in shown:
                        page = await client.get(
                            f"/e/{slug}?part=lists", headers={"hx-request": "true"}
                        )
                        assert page.status_code == 200, page.status_code
                        if self.lists in page.text:
                            self.arrived(kind)
                            return
                        self.stale += 1
                    elif kind == EVENT_PAGE and event == "pairings":
                        self.stale += 1
                    elif kind == PAIRINGS_PAGE and event == "version":
                        page = await client.get(
                            f"/e/{slug}/pairings?by=name", headers={"hx-request": "true"}
                        )
                        assert page.status_code == 200, page.status_code
                        if self.heading in page.text:
                            self.arrived(kind)
                            return
                        self.stale += 1
                    event = ""


async def one_round(
    base: str, slug: str, token: str, number: int, last: int, viewers: int
) -> dict[str, Any]:
    heading = f'class="round-title">Round {number + 1} <span class="state state-open">'
    run = Run(viewers, heading, f'data-round="{number + 1}"')
    limits = httpx.Limits(max_connections=2 * viewers + 10, max_keepalive_connections=viewers)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        kinds = [EVENT_PAGE if i % 2 == 0 else PAIRINGS_PAGE for i in range(viewers)]
        tasks = [asyncio.create_task(run.viewer(client, slug, kind)) for kind in kinds]
        try:
            await asyncio.wait_for(run.all_connected.wait(), 60)
            await asyncio.sleep(1.5)  # every subscription registered (and a poll passed)
            run.posted_at = time.perf_counter()
            answer = await client.post(
                f"/api/v1/events/{slug}/results",
                json={"round": number, "table": last, "result": "1-0"},
                headers={"authorization": f"Bearer {token}"},
            )
            answered = time.perf_counter() - run.posted_at
            assert answer.status_code == 201, answer.text[:300]
            await asyncio.wait_for(run.done.wait(), 60)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
    every = sorted(t for times in run.got.values() for t in times)
    return {
        "round": number,
        "answered": answered,
        "first": every[0],
        "p50": every[len(every) // 2],
        "all_live": every[-1],
        "event_page": max(run.got[EVENT_PAGE]),
        "pairings_page": max(run.got[PAIRINGS_PAGE]),
        "stale": run.stale,
        "times": every,
    }


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (``share`` 0.5, 0.99)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4000)
    parser.add_argument("--rounds", type=int, default=5, help="rounds whose last result is timed")
    parser.add_argument("--viewers", type=int, default=200)
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--pg-url",
        default=os.environ.get("FAIRPAIR_BENCH_POSTGRES_URL")
        or os.environ.get("FAIRPAIR_TEST_POSTGRES_URL"),
    )
    parser.add_argument("--settle", type=float, default=3.0, help="seconds after the entry")
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="fairpair-autopilot-bench-")
    if args.backend == "postgresql":
        if not args.pg_url:
            sys.exit("--backend postgresql needs --pg-url (or $FAIRPAIR_BENCH_POSTGRES_URL)")
        url = _pg_create(args.pg_url)
        server_text = _pg_server(args.pg_url)
    else:
        url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        server_text = "SQLite (WAL, synchronous=NORMAL)"
    stick = loop_seconds()
    started = time.perf_counter()
    built = build_night(url, args.players, args.rounds)
    setup = time.perf_counter() - started
    slug, token = built["slug"], built["token"]
    server, base = start_server(url, args.workers)
    runs: list[dict[str, Any]] = []
    entry: list[float] = []
    try:
        for number in range(1, args.rounds + 1):
            last, took = all_but_one(url, slug, number)
            entry.append(took)
            time.sleep(args.settle)
            runs.append(asyncio.run(one_round(base, slug, token, number, last, args.viewers)))
            now = rounds_now(url, slug)
            expected = [*((n, "completed") for n in range(1, number + 1)), (number + 1, "open")]
            assert now == expected, f"after round {number}: {now}"
    finally:
        server.terminate()
        try:
            server.wait(10)
        except Exception:
            server.kill()
        if args.backend == "postgresql":
            _pg_drop(args.pg_url, url)

    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"# fairpair autopilot benchmark — {when}")
    print(
        f"machine: nproc {os.cpu_count()} · {platform.platform()} · "
        f"Python {platform.python_version()} · yardstick {stick:.2f} s"
    )
    print(f"backend: {server_text} · server workers: {args.workers}")
    print(
        f"load average {os.getloadavg()[0]:.2f} · event: {args.players} players (teamup, "
        f"autopilot on) · set up in {setup:.1f} s · {statistics.mean(entry):.1f} s to enter "
        f"a round's other results · {args.viewers} viewers (half event page, half pairings "
        "page)\n"
    )
    table(
        [
            "last result of round",
            "answered s",
            "first viewer s",
            "p50 viewer s",
            "event pages s",
            "pairings pages s",
            "all live s",
        ],
        [
            [
                str(r["round"]),
                *(
                    f"{r[k]:.3f}"
                    for k in (
                        "answered",
                        "first",
                        "p50",
                        "event_page",
                        "pairings_page",
                        "all_live",
                    )
                ),
            ]
            for r in runs
        ],
    )
    every = [t for r in runs for t in r["times"]]
    live = [r["all_live"] for r in runs]
    answered = [r["answered"] for r in runs]
    table(
        ["over the rounds", "p50 s", "p99 s", "max s"],
        [
            [name, *(f"{v:.3f}" for v in (percentile(xs, 0.5), percentile(xs, 0.99), max(xs)))]
            for name, xs in (
                ("answered (next round open)", answered),
                (f"a viewer has it ({len(every)} viewings)", every),
                (f"all {args.viewers} viewers have it", live),
            )
        ],
    )


if __name__ == "__main__":
    main()
