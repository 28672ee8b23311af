"""Benchmark: the players' side on a 4,000-player event, over loopback only, bounded.

    uv run python benchmarks/players.py                              # SQLite, one process
    uv run python benchmarks/players.py --backend postgresql --workers 4 --pg-url URL
    uv run python benchmarks/players.py --players 1000 --portals 500 --reports 300   # a quick look

Set up (through the service, in this process): an event of ``--players`` players (the ``mtg``
preset, toss on), ``--played`` rounds played and completed, the next round drafted but not
released; a personal link (a player's pass) for every player. Then a real server is started
as a separate process exactly as a user would (``fairpair serve --db URL --port P --workers
N``) on 127.0.0.1, and measured from outside:

1. **release and portals**: ``--portals`` players have followed their personal link
   (``/e/SLUG/p/SECRET``: it sets the pass cookie; before the release, not timed); the round
   is released through the API; they open their portal (``/e/SLUG/me``), each on a new
   connection, arriving at an even rate over ``--window`` seconds (open loop: a slow answer
   does not slow the arrivals). *server ms* is the server's own ``Server-Timing``;
   *wall ms* the client's, queueing included. Every portal must show the player's table.
2. **self-reports**: the round is opened; ``--reports`` matches are reported by one player
   (``POST /api/v1/events/SLUG/me/report``) and confirmed by the other
   (``POST …/me/confirm``), from ``--clients`` concurrent clients, each with the players' own
   bearer passes. Latency p50 / p99 of every request, errors (must be 0), and afterwards every
   confirmed result must be in the database with the reported score, exactly once.

Targets (issue 11): the portals ≤ 300 ms p99 (all 2,000 within 60 s of the release); 2,000
reports + confirmations from 100 clients with p99 ≤ 300 ms and no error; SQLite and
PostgreSQL. Results go in docs/performance.md ("Players").
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import platform
import random
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from service import _pg_create, _pg_drop, _pg_server
from web import build_event as build_web_event
from web import start_server
from web import table as print_table

ACTOR = "bench"


def build_event(url: str, players: int, played: int) -> dict[str, Any]:
    """The event of benchmarks/web.py with the next round drafted (not released), every
    player's pass (a personal link), an organizer's token."""
    from fairpair.service.kernel.connection import open_database
    from fairpair.service.players.passes import personal_link

    built = build_web_event(url, players, played, next_round="draft")
    db = open_database(url)
    passes = {key: personal_link(db, built["slug"], key, actor=ACTOR) for key in built["ids"]}
    db.close()
    return {
        "slug": built["slug"],
        "round": built["round"],
        "tables": built["pairs"],
        "passes": passes,
        "token": built["token"],
    }


def passes_to_cookies(base: str, slug: str, players: list[tuple[str, str, int]]) -> dict[str, str]:
    """Before the release (not timed): each visitor has followed their personal link once,
    as a player does when they join, so their phone holds the pass cookie."""
    cookies = {}
    with httpx.Client(base_url=base, timeout=60) as client:
        for key, secret, _ in players:
            hop = client.get(f"/e/{slug}/p/{secret}")
            assert hop.status_code == 303, (key, hop.status_code)
            # (the cookie is Secure: httpx keeps it off plain http, browsers send it to
            # 127.0.0.1; it is passed on as a browser would)
            cookies[key] = hop.headers["set-cookie"].split(";")[0]
    return cookies


async def fetch_page(
    host: str, port: int, path: str, cookie: str, extra: str = ""
) -> tuple[int, dict[str, str], bytes]:
    """One ``GET`` on a new connection, as a phone opens a page: HTTP/1.1, ``Connection:
    close``, gzip accepted. Plain asyncio streams: httpx's connection pool spent the load
    generator's time matching hundreds of waiting requests to connections (quadratic), which
    the server then waited for. Returns the status, the headers (lower-case) and the body
    (decompressed)."""
    import gzip

    reader, writer = await asyncio.open_connection(host, port)
    try:
        writer.write(
            f"GET {path} HTTP/1.1\r\nhost: {host}:{port}\r\naccept-encoding: gzip\r\n"
            f"cookie: {cookie}\r\n{extra}connection: close\r\n\r\n".encode()
        )
        raw = await reader.read()
    finally:
        writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if headers.get("transfer-encoding") == "chunked":
        body = _unchunk(body)
    size = len(body)
    if headers.get("content-encoding") == "gzip":
        body = gzip.decompress(body)
    headers.setdefault("content-length", str(size))
    return status, headers, body


def _unchunk(data: bytes) -> bytes:
    out = bytearray()
    while data:
        size_line, _, rest = data.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        out += rest[:size]
        data = rest[size + 2 :]
    return bytes(out)


async def _portal_visits(
    base: str, slug: str, visits: list[tuple[float, str, str, int]]
) -> dict[str, Any]:
    """One client process's share of the visits: (arrival second, key, cookie, table)."""
    host, port = base.split("//")[1].split(":")
    server: list[float] = []
    wall: list[float] = []
    errors: list[str] = []
    sizes: list[int] = []
    timeline: list[tuple[float, float, float]] = []
    began = time.perf_counter()

    async def one(at: float, key: str, cookie: str, table: int) -> None:
        await asyncio.sleep(max(0.0, began + at - time.perf_counter()))
        start = time.perf_counter()
        try:
            status, headers, body = await fetch_page(host, int(port), f"/e/{slug}/me", cookie)
        except OSError as error:
            errors.append(f"portal {key}: {error}")
            return
        wall.append((time.perf_counter() - start) * 1000)
        text = body.decode("utf-8", "replace")
        if status != 200 or f"Table {table}" not in text:
            errors.append(f"portal {key}: {status} {text[:200]!r}")
            return
        timing = headers.get("server-timing", "app;dur=nan")
        server.append(float(timing.split("dur=")[1].split(",")[0]))
        sizes.append(int(headers["content-length"]))
        timeline.append((at, server[-1], wall[-1]))

    await asyncio.gather(*(one(*visit) for visit in visits))
    return {"server": server, "wall": wall, "errors": errors, "sizes": sizes, "timeline": timeline}


def _portal_process(args: tuple[str, str, list[tuple[float, str, str, int]]]) -> dict[str, Any]:
    return asyncio.run(_portal_visits(*args))


def open_portals(
    base: str, slug: str, players: list[tuple[str, str, int]], window: float, processes: int
) -> dict[str, Any]:
    """Each player opens their portal, on a new connection (a phone); arrivals evenly over
    ``window`` seconds after the release (open loop: a slow answer does not slow the next
    arrival), from ``processes`` client processes. ``players``: (key, cookie, table)."""
    from concurrent.futures import ProcessPoolExecutor

    step = window / max(1, len(players))
    visits = [(i * step, k, c, t) for i, (k, c, t) in enumerate(players)]
    shares = [(base, slug, visits[i::processes]) for i in range(processes)]
    gc.freeze()  # forked children: see report_all
    with ProcessPoolExecutor(processes) as pool:
        started = time.perf_counter()
        parts = list(pool.map(_portal_process, shares))
        took = time.perf_counter() - started
    sizes = [x for part in parts for x in part["sizes"]]
    return {
        "portals": sum(len(part["server"]) for part in parts),
        "errors": [e for part in parts for e in part["errors"]],
        "seconds": took,
        "server": sorted(x for part in parts for x in part["server"]),
        "wall": sorted(x for part in parts for x in part["wall"]),
        "bytes": statistics.median(sizes) if sizes else 0,
        "timeline": sorted(x for part in parts for x in part["timeline"]),
    }


async def _watchers(base: str, slug: str, cookies: list[str], seconds: float) -> dict[str, Any]:
    """Players who keep their portal open during the reports, as a browser does: the page
    (``/e/SLUG/me``), its live stream (``/me/live?since=VERSION``), and on each ``card`` event
    the card (``/me/card``, as htmx asks for it). Each card fetch's latency."""
    import re

    host, port = base.split("//")[1].split(":")
    latencies: list[float] = []
    errors: list[str] = []
    until = time.perf_counter() + seconds

    async def one(cookie: str) -> None:
        status, _, body = await fetch_page(host, int(port), f"/e/{slug}/me", cookie)
        found = re.search(rb"me/live\?since=(\d+)", body)
        if status != 200 or found is None:
            errors.append(f"watcher page: {status}")
            return
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(
            f"GET /e/{slug}/me/live?since={int(found[1])} HTTP/1.1\r\nhost: {host}:{port}\r\n"
            f"cookie: {cookie}\r\naccept: text/event-stream\r\n\r\n".encode()
        )
        try:
            while (left := until - time.perf_counter()) > 0:
                try:
                    line = await asyncio.wait_for(reader.readline(), left)
                except TimeoutError:
                    break
                if not line:
                    errors.append("watcher stream closed")
                    return
                if not line.startswith(b"event: card"):
                    continue
                start = time.perf_counter()
                status, _, card = await fetch_page(
                    host, int(port), f"/e/{slug}/me/card", cookie, "hx-request: true\r\n"
                )
                latencies.append(time.perf_counter() - start)
                if status != 200 or b"Table" not in card:
                    errors.append(f"card: {status} {card[:120]!r}")
        finally:
            writer.close()

    await asyncio.gather(*(one(cookie) for cookie in cookies))
    return {"latencies": latencies, "errors": errors}


def _watcher_process(args: tuple[str, str, list[str], float]) -> dict[str, Any]:
    return asyncio.run(_watchers(*args))


SCORES = [(2, 0), (2, 1), (1, 2), (0, 2)]
#: Seconds the report clients' processes have to start and make their HTTP clients.
SETUP_S = 2.0


async def _report_clients(
    base: str,
    slug: str,
    chunks: list[tuple[float, list[tuple[int, str, str]]]],
    window: float,
    start_at: float,
) -> tuple[list[float], list[str], dict[int, Any], list[tuple[float, str, float, float]]]:
    """One process's clients: each its own connection, one match after another — side a
    reports a score from their side, side b confirms it. ``window`` > 0: each client starts
    its matches at an even pace over that many seconds (players finish their matches over
    a round's last minutes) instead of back to back, the clients staggered by their
    ``phase`` (a fraction of the pace: players are not synchronized)."""
    latencies: list[float] = []
    errors: list[str] = []
    told: dict[int, Any] = {}
    timeline: list[tuple[float, str, float, float]] = []

    async def client(
        http: httpx.AsyncClient, start: float, phase: float, chunk: list[tuple[int, str, str]]
    ) -> None:
        step = window / max(1, len(chunk))
        began = start + phase * step
        async with http:
            for k, (table, a_secret, b_secret) in enumerate(chunk):
                if window > 0:
                    await asyncio.sleep(max(0.0, began + k * step - time.perf_counter()))
                won, lost = SCORES[table % len(SCORES)]
                for path, secret, body, status in (
                    ("report", a_secret, {"won": won, "lost": lost, "drawn": 0}, 201),
                    ("confirm", b_secret, {}, 200),
                ):
                    start = time.perf_counter()
                    answer = await http.post(
                        f"/api/v1/events/{slug}/me/{path}",
                        json=body,
                        headers={"authorization": f"Bearer {secret}"},
                    )
                    latencies.append(time.perf_counter() - start)
                    timing = answer.headers.get("server-timing", "app;dur=nan")
                    server = float(timing.split("dur=")[1].split(",")[0]) / 1000
                    timeline.append((time.time() - latencies[-1], path, latencies[-1], server))
                    if answer.status_code != status:
                        errors.append(f"{path} table {table}: {answer.status_code} {answer.text}")
                        break
                else:
                    told[table] = (won, lost)

    # Each player's phone has its HTTP client ready: made before the clock starts (making
    # 25 at once cost this process's first second, which the first requests then waited
    # for: the load generator measured itself). One TLS context for all of them: an httpx
    # client loads the CA bundle into a context of its own, 60 ms of CPU each (never used:
    # the server is plain HTTP on loopback) — 100 clients were 6 s of CPU taken from the
    # server in the reports' first seconds. The client processes start together at
    # ``start_at`` (wall clock), once all of them are ready.
    context = ssl.create_default_context()
    clients = [httpx.AsyncClient(base_url=base, timeout=60, verify=context) for _ in chunks]
    # This process's first request costs it 130 ms of CPU (httpx's first use: imports and set-
    # up; 6 ms each after, measured): made by the four client processes at the clock's start,
    # it was half a second of the two cores taken from the server, and the first reports
    # queued behind it for 3-4 s. One request of a client of its own, before the clock; the
    # players' clients still open their connections on the clock.
    async with httpx.AsyncClient(base_url=base, timeout=60, verify=context) as first:
        await first.get("/static/favicon.svg")
    await asyncio.sleep(max(0.0, start_at - time.time()))
    start = time.perf_counter()
    await asyncio.gather(
        *(
            client(http, start, phase, chunk)
            for http, (phase, chunk) in zip(clients, chunks, strict=True)
        )
    )
    return latencies, errors, told, timeline


def _report_process(
    args: tuple[str, str, list[tuple[float, list[tuple[int, str, str]]]], float, float],
) -> tuple[list[float], list[str], dict[int, Any], list[tuple[float, str, float, float]]]:
    return asyncio.run(_report_clients(*args))


def report_all(
    base: str,
    slug: str,
    matches: list[tuple[int, str, str]],
    clients: int,
    processes: int,
    window: float,
) -> dict[str, Any]:
    """``clients`` concurrent clients (spread over ``processes`` client processes, so that
    the load generator's own interpreter is not what is measured)."""
    from concurrent.futures import ProcessPoolExecutor

    chunks = [(i / clients, matches[i::clients]) for i in range(clients)]
    # The client processes are forked from this one, which holds the whole event: frozen,
    # its objects are not walked by their collectors nor copied page by page as each
    # child's collector touches them (which took the server's CPU in the first seconds).
    gc.freeze()
    start_at = time.time() + SETUP_S
    shares = [(base, slug, chunks[i::processes], window, start_at) for i in range(processes)]
    with ProcessPoolExecutor(processes) as pool:
        parts = list(pool.map(_report_process, shares))
    took = time.time() - start_at
    latencies = sorted(x for part in parts for x in part[0])
    return {
        "requests": len(latencies),
        "seconds": took,
        "latencies": latencies,
        "errors": [e for part in parts for e in part[1]],
        "told": {k: v for part in parts for k, v in part[2].items()},
        "timeline": sorted(x for part in parts for x in part[3]),
    }


def check_recorded(url: str, slug: str, rnd: int, told: dict[int, Any]) -> list[str]:
    """Every confirmed report is the match's one result, with the reported games."""
    from fairpair.service.kernel.connection import open_database
    from fairpair.service.rounds.lifecycle import round_view

    db = open_database(url)
    try:
        view = round_view(db, slug, rnd)
    finally:
        db.close()
    problems = []
    by_table = {t.table: t for t in view.tables}
    for table, (won, lost) in told.items():
        row = by_table.get(table)
        if row is None or row.result is None:
            problems.append(f"table {table}: no result")
            continue
        # side a reported; the result reads with the winner's games first
        wanted = (
            f"{row.a.name} wins {won}-{lost}" if won > lost else f"{row.b.name} wins {lost}-{won}"
        )
        if row.result != wanted:
            problems.append(f"table {table}: {row.result!r}, reported {wanted!r}")
    return problems


def pct(values: list[float], p: float) -> float:
    return values[max(0, min(len(values) - 1, int(len(values) * p) - 1))] if values else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4000)
    parser.add_argument("--played", type=int, default=2, help="rounds played before")
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--pg-url",
        default=os.environ.get("FAIRPAIR_BENCH_POSTGRES_URL")
        or os.environ.get("FAIRPAIR_TEST_POSTGRES_URL"),
    )
    parser.add_argument("--portals", type=int, default=2000)
    parser.add_argument("--window", type=float, default=60.0, help="seconds the arrivals span")
    parser.add_argument("--reports", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--client-processes", type=int, default=4)
    parser.add_argument(
        "--report-window",
        type=float,
        default=0.0,
        help="seconds each client spreads its matches over (0: back to back, saturating)",
    )
    parser.add_argument(
        "--watchers",
        type=int,
        default=0,
        help="portal visitors who keep their page open during the reports (its live stream, "
        "and the card when told)",
    )
    parser.add_argument("--profile", help="record the server with py-spy into this file")
    parser.add_argument(
        "--samples", help="write every request's timing to this JSON file (for a timeline)"
    )
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="fairpair-players-bench-")
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
    slug, rnd, passes = built["slug"], built["round"], built["passes"]
    tables: list[tuple[int, str, str]] = built["tables"]
    seat = {a: t for t, a, _ in tables} | {b: t for t, _, b in tables}
    rng = random.Random(7)
    visitors = rng.sample(sorted(seat), min(args.portals, len(seat)))
    matches = [(t, passes[a], passes[b]) for t, a, b in rng.sample(tables, len(tables))]
    matches = matches[: args.reports]
    server, base = start_server(url, args.workers)
    if args.profile:
        spy = subprocess.Popen(
            ["py-spy", "record", "-o", args.profile, "-f", "raw", "-p", str(server.pid),
             "--subprocesses", "--nonblocking", "--gil"]
        )  # fmt: skip
    auth = {"authorization": f"Bearer {built['token']}"}
    try:
        cookies = passes_to_cookies(base, slug, [(k, passes[k], seat[k]) for k in visitors])
        with httpx.Client(base_url=base, timeout=60) as client:
            answer = client.post(f"/api/v1/events/{slug}/rounds", headers=auth)
            assert answer.status_code == 201, answer.text[:300]
        portals = open_portals(
            base,
            slug,
            [(k, cookies[k], seat[k]) for k in visitors],
            args.window,
            args.client_processes,
        )
        with httpx.Client(base_url=base, timeout=60) as client:
            answer = client.post(f"/api/v1/events/{slug}/rounds/{rnd}/open", headers=auth)
            assert answer.status_code == 200, answer.text[:300]
        watching = None
        if args.watchers:
            from concurrent.futures import ProcessPoolExecutor

            watch_pool = ProcessPoolExecutor(1)
            keep = [cookies[k] for k in visitors[: args.watchers]]
            span = (args.report_window or 30.0) + 15.0
            watching = watch_pool.submit(_watcher_process, (base, slug, keep, span))
            time.sleep(3.0)  # their pages open and their streams connect first
        reports = report_all(
            base, slug, matches, args.clients, args.client_processes, args.report_window
        )
        watched = watching.result() if watching is not None else None
    finally:
        if args.profile:
            spy.send_signal(2)
            spy.wait(30)
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
    problems = check_recorded(url, slug, rnd, reports["told"])
    if args.samples:
        import json

        first = reports["timeline"][0][0] if reports["timeline"] else 0.0
        Path(args.samples).write_text(
            json.dumps(
                {
                    "portals": portals["timeline"],
                    "reports": [(at - first, *rest) for at, *rest in reports["timeline"]],
                    "reports_began": first,
                }
            )
        )
    if args.backend == "postgresql":
        _pg_drop(args.pg_url, url)

    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"# fairpair players benchmark — {when}")
    print(
        f"machine: nproc {os.cpu_count()} · {platform.platform()} · "
        f"Python {platform.python_version()}"
    )
    print(f"backend: {server_text} · server workers: {args.workers}")
    print(f"load average {os.getloadavg()[0]:.2f} · event: {args.players} players, {args.played}")
    print(f"rounds played, round {rnd} released then opened · set up in {setup:.1f} s\n")
    s, w = portals["server"], portals["wall"]
    print_table(
        [
            "portals opened",
            "within s",
            "server ms p50",
            "server ms p99",
            "wall ms p50",
            "wall ms p99",
            "KiB (gzip)",
            "errors",
        ],
        [
            [
                str(portals["portals"]),
                f"{portals['seconds']:.1f}",
                f"{pct(s, 0.5):.1f}",
                f"{pct(s, 0.99):.1f}",
                f"{pct(w, 0.5):.1f}",
                f"{pct(w, 0.99):.1f}",
                f"{portals['bytes'] / 1024:.1f}",
                str(len(portals["errors"])),
            ]
        ],
    )
    lat = reports["latencies"]
    print_table(
        [
            "self-reports + confirmations",
            "clients",
            "paced over s",
            "requests/s",
            "p50 ms",
            "p99 ms",
            "max ms",
            "errors",
            "results missing or wrong",
        ],
        [
            [
                str(len(reports["told"])),
                str(args.clients),
                f"{args.report_window:.0f}" if args.report_window else "back to back",
                f"{reports['requests'] / reports['seconds']:.0f}",
                f"{pct(lat, 0.5) * 1000:.1f}",
                f"{pct(lat, 0.99) * 1000:.1f}",
                f"{(lat[-1] if lat else 0) * 1000:.1f}",
                str(len(reports["errors"])),
                str(len(problems)),
            ]
        ],
    )
    if watched is not None:
        cards = sorted(watched["latencies"])
        print_table(
            [
                "portals kept open",
                "cards fetched when told",
                "p50 ms",
                "p99 ms",
                "max ms",
                "errors",
            ],
            [
                [
                    str(args.watchers),
                    str(len(cards)),
                    f"{pct(cards, 0.5) * 1000:.1f}",
                    f"{pct(cards, 0.99) * 1000:.1f}",
                    f"{(cards[-1] if cards else 0) * 1000:.1f}",
                    str(len(watched["errors"])),
                ]
            ],
        )
        reports["errors"] += watched["errors"]
    for said in (portals["errors"] + reports["errors"] + problems)[:10]:
        print("  ", said)
    if portals["errors"] or reports["errors"] or problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
