"""Benchmark: the web platform on a 4,000-player event, over loopback only, bounded.

    uv run python benchmarks/web.py                              # SQLite, one process
    uv run python benchmarks/web.py --backend postgresql --workers 4 --pg-url URL
    uv run python benchmarks/web.py --players 1000 --viewers 50 --reports 300   # a quick look

Set up (through the service, in this process): an event of ``--players`` players (the ``mtg``
preset, toss on), three rounds played and completed, round 4 released and open with no result
yet; an organizer account and its API token. Then a real server is started as a separate
process exactly as a user would (``fairpair serve --db URL --port P --workers N``) on
127.0.0.1, and measured from outside:

1. **pages**: the public standings page (``/e/SLUG/standings``), the current round's pairings
   (``/e/SLUG``, by table and by name) — each fetched ``--page-runs`` times; *server ms* is the
   server's own ``Server-Timing`` (arrival to answer), *wall ms* the client's; *first* is the
   first fetch after a change (nothing cached), *warm* the median of the rest.
2. **live fan-out**: ``--viewers`` SSE connections on the standings view
   (``/e/SLUG/live?view=standings``); one result is posted through the API; the time until each
   viewer has received the update (the new standings fragment and the ``version`` event),
   ``--fanout-runs`` times: the slowest viewer's time is the figure.
3. **result entry through the API**: ``--reports`` results posted by ``--clients`` concurrent
   clients (``POST /api/v1/events/SLUG/results``), each a separate transaction: sustained
   results per second and the latency p50 / p99.

Targets (issue 10): pages ≤ 300 ms server time; the update received by 200 viewers ≤ 1 s;
≥ 100 results/s with p99 ≤ 200 ms, on SQLite single process and on PostgreSQL with 4 workers.
Results go in docs/performance.md ("Web").
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from service import _pg_create, _pg_drop, _pg_server, _result

ACTOR = "bench"


def build_event(url: str, players: int, played: int, *, next_round: str = "open") -> dict[str, Any]:
    """The event, its open round's tables, and an API token (all through the service).
    ``next_round="draft"``: the round after the played ones is drafted, not released (its
    tables are the draft's)."""
    from fairpair.engine.rulesets import PRESETS
    from fairpair.engine.stage import Stage, TossSettings
    from fairpair.engine.stage_config import SwissConfig
    from fairpair.service.accounts.api_tokens import create_token
    from fairpair.service.accounts.logins import add_account
    from fairpair.service.event import events
    from fairpair.service.kernel.connection import open_database
    from fairpair.service.players import roster as player_cases
    from fairpair.service.players.registration import NewPlayer
    from fairpair.service.results import recording as results
    from fairpair.service.rounds import drafts
    from fairpair.service.rounds import lifecycle as round_cases

    rng = random.Random(players)
    db = open_database(url)
    owner = add_account(db, "bench-organizer", "bench-password-1", name="Bench")
    stage = Stage(
        id="swiss",
        name="Swiss",
        config=SwissConfig(max_rounds=played + 3, toss=TossSettings(enabled=True)),
        ruleset=PRESETS["mtg"],
        seed="bench",
    )
    name = "Benchmark Open" if next_round == "open" else "Players Open"
    slug = events.create_event(db, name, actor=ACTOR, stage=stage, owner=owner.id)
    entrants = [
        NewPlayer(f"Player {i:05d}", seed=i + 1, rating=2400 - (i * 1400) // players)
        for i in range(players)
    ]
    ids = player_cases.add_players(db, slug, entrants, actor=ACTOR)
    seeds = {pid: i + 1 for i, pid in enumerate(ids)}
    tables: list[tuple[int, str, str]] = []
    for number in range(1, played + 2):
        draft = drafts.generate(db, slug, actor=ACTOR)
        tables = [(t["table"], t["a"]["id"], t["b"]["id"]) for t in draft.pairings]
        if number > played and next_round == "draft":
            break
        round_cases.release(db, slug, actor=ACTOR)
        round_cases.open_round(db, slug, number, actor=ACTOR)
        if number <= played:
            for table, a, b in tables:
                result = _result(rng, seeds[a], seeds[b])
                results.report(db, slug, number, result, table=table, actor=ACTOR)
            round_cases.complete_round(db, slug, number, actor=ACTOR)
    _, token = create_token(db, owner, "benchmark")
    db.close()
    return {
        "slug": slug,
        "round": played + 1,
        "tables": [t[0] for t in tables],
        "pairs": tables,
        "ids": ids,
        "token": token,
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(url: str, workers: int) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [sys.executable, "-m", "fairpair", "serve", "--db", url, "--port", str(port)]
    command += ["--workers", str(workers)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/", timeout=2).status_code == 200:
                return server, base
        except httpx.HTTPError:
            time.sleep(0.2)
    server.kill()
    said = server.stderr.read().decode()[-2000:] if server.stderr else ""
    raise RuntimeError("the server did not start: " + said)


def server_ms(answer: httpx.Response) -> float:
    timing = answer.headers.get("server-timing", "app;dur=nan")
    return float(timing.split("dur=")[1].split(",")[0])


def time_pages(
    base: str, slug: str, runs: int, token: str, tables: list[int], rnd: int
) -> list[dict[str, Any]]:
    pages = {
        "standings": f"/e/{slug}/standings",
        "pairings (by table)": f"/e/{slug}",
        "pairings (by name)": f"/e/{slug}/pairings?round={rnd}&by=name",
    }
    out = []
    with httpx.Client(base_url=base, timeout=30) as client:
        for name, path in pages.items():
            # A change first, so that the first fetch finds nothing cached.
            post_result(client, slug, token, rnd, tables.pop())
            server, wall, size = [], [], 0
            for _ in range(runs):
                start = time.perf_counter()
                answer = client.get(path)
                wall.append((time.perf_counter() - start) * 1000)
                assert answer.status_code == 200, (path, answer.status_code, answer.text[:300])
                server.append(server_ms(answer))
                size = len(answer.content)
            out.append(
                {
                    "page": name,
                    "first_server": server[0],
                    "warm_server": statistics.median(server[1:]) if runs > 1 else server[0],
                    "max_server": max(server),
                    "warm_wall": statistics.median(wall[1:]) if runs > 1 else wall[0],
                    "kib": size / 1024,
                }
            )
    return out


def post_result(client: httpx.Client, slug: str, token: str, rnd: int, table: int) -> float:
    start = time.perf_counter()
    answer = client.post(
        f"/api/v1/events/{slug}/results",
        json={"round": rnd, "table": table, "result": random.choice(["2-0", "2-1", "1-2", "0-2"])},
        headers={"authorization": f"Bearer {token}"},
    )
    took = time.perf_counter() - start
    assert answer.status_code == 201, (answer.status_code, answer.text[:300])
    return took


class FanoutRun:
    """One post, ``viewers`` SSE clients waiting for it."""

    def __init__(self, viewers: int) -> None:
        self.viewers = viewers
        self.ready = 0
        self.got: list[float] = []
        self.posted_at = 0.0
        self.all_ready = asyncio.Event()
        self.done = asyncio.Event()

    async def viewer(self, client: httpx.AsyncClient, path: str) -> None:
        async with client.stream("GET", path) as answer:
            seen_event = False
            async for line in answer.aiter_lines():
                if line.startswith(": connected"):
                    self.ready += 1
                    if self.ready == self.viewers:
                        self.all_ready.set()
                elif line == "event: version":
                    seen_event = True
                elif seen_event and line.startswith("data: "):
                    self.got.append(time.perf_counter() - self.posted_at)
                    if len(self.got) == self.viewers:
                        self.done.set()
                    return


async def fanout(
    base: str, slug: str, token: str, viewers: int, rnd: int, tables: list[int], runs: int
) -> list[dict[str, Any]]:
    """Connect ``viewers`` SSE clients, post a result, time each viewer's receipt."""
    limits = httpx.Limits(max_connections=viewers + 10, max_keepalive_connections=viewers + 10)
    out = []
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        for _ in range(runs):
            run = FanoutRun(viewers)
            path = f"/e/{slug}/live?view=standings"
            tasks = [asyncio.create_task(run.viewer(client, path)) for _ in range(viewers)]
            await asyncio.wait_for(run.all_ready.wait(), 60)
            await asyncio.sleep(1.5)  # every subscription registered (and a poll passed)
            run.posted_at = time.perf_counter()
            answer = await client.post(
                f"/api/v1/events/{slug}/results",
                json={"round": rnd, "table": tables.pop(), "result": "2-1"},
                headers={"authorization": f"Bearer {token}"},
            )
            assert answer.status_code == 201, answer.text[:300]
            try:
                await asyncio.wait_for(run.done.wait(), 30)
            finally:
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
            got = sorted(run.got)
            out.append(
                {
                    "viewers": len(got),
                    "p50": got[len(got) // 2],
                    "p95": got[int(len(got) * 0.95) - 1],
                    "max": got[-1],
                }
            )
    return out


def entry(
    base: str, slug: str, token: str, rnd: int, tables: list[int], clients: int, count: int
) -> dict[str, Any]:
    """``count`` results through the API from ``clients`` threads at once."""
    from concurrent.futures import ThreadPoolExecutor

    todo = [tables.pop() for _ in range(min(count, len(tables)))]
    chunks = [todo[i::clients] for i in range(clients)]

    def work(chunk: list[int]) -> list[float]:
        with httpx.Client(base_url=base, timeout=30) as client:
            return [post_result(client, slug, token, rnd, table) for table in chunk]

    start = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        latencies = sorted(x for part in pool.map(work, chunks) for x in part)
    took = time.perf_counter() - start
    return {
        "results": len(latencies),
        "clients": clients,
        "per_second": len(latencies) / took,
        "p50_ms": latencies[len(latencies) // 2] * 1000,
        "p99_ms": latencies[max(0, int(len(latencies) * 0.99) - 1)] * 1000,
        "max_ms": latencies[-1] * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4000)
    parser.add_argument("--played", type=int, default=3, help="rounds played before the benchmark")
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--pg-url",
        default=os.environ.get("FAIRPAIR_BENCH_POSTGRES_URL")
        or os.environ.get("FAIRPAIR_TEST_POSTGRES_URL"),
    )
    parser.add_argument("--page-runs", type=int, default=10)
    parser.add_argument("--viewers", type=int, default=200)
    parser.add_argument("--fanout-runs", type=int, default=3)
    parser.add_argument("--reports", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="fairpair-web-bench-")
    if args.backend == "postgresql":
        if not args.pg_url:
            sys.exit("--backend postgresql needs --pg-url (or $FAIRPAIR_BENCH_POSTGRES_URL)")
        url = _pg_create(args.pg_url)
        server_text = _pg_server(args.pg_url)
    else:
        url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        server_text = "SQLite (WAL, synchronous=NORMAL)"
    started = time.perf_counter()
    built = build_event(url, args.players, args.played)
    setup = time.perf_counter() - started
    server, base = start_server(url, args.workers)
    try:
        slug, token, rnd, tables = built["slug"], built["token"], built["round"], built["tables"]
        random.shuffle(tables)
        pages = time_pages(base, slug, args.page_runs, token, tables, rnd)
        fan = asyncio.run(fanout(base, slug, token, args.viewers, rnd, tables, args.fanout_runs))
        reports = entry(base, slug, token, rnd, tables, args.clients, args.reports)
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        if args.backend == "postgresql":
            _pg_drop(args.pg_url, url)

    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"# fairpair web benchmark — {when}")
    print(
        f"machine: nproc {os.cpu_count()} · {platform.platform()} · "
        f"Python {platform.python_version()}"
    )
    print(f"backend: {server_text} · server workers: {args.workers}")
    print(f"load average {os.getloadavg()[0]:.2f} · event: {args.players} players, {args.played}")
    print(f"rounds played, round {rnd} open · set up in {setup:.1f} s\n")
    table(
        ["page", "server ms, first", "server ms, warm", "server ms, max", "wall ms, warm", "KiB"],
        [
            [
                p["page"],
                *(f"{p[k]:.0f}" for k in ("first_server", "warm_server", "max_server")),
                f"{p['warm_wall']:.0f}",
                f"{p['kib']:.0f}",
            ]
            for p in pages
        ],
    )
    table(
        ["live fan-out run", "viewers", "p50 s", "p95 s", "slowest viewer s"],
        [
            [str(i), str(f["viewers"]), *(f"{f[k]:.3f}" for k in ("p50", "p95", "max"))]
            for i, f in enumerate(fan, 1)
        ],
    )
    r = reports
    table(
        ["results through the API", "clients", "results/s", "p50 ms", "p99 ms", "max ms"],
        [
            [
                str(r["results"]),
                str(r["clients"]),
                f"{r['per_second']:.0f}",
                *(f"{r[k]:.1f}" for k in ("p50_ms", "p99_ms", "max_ms")),
            ]
        ],
    )


def table(head: list[str], rows: list[list[str]]) -> None:
    print("| " + " | ".join(head) + " |")
    print("|---" + "|--:" * (len(head) - 1) + "|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print()


if __name__ == "__main__":
    main()
