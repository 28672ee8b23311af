"""Benchmark: the player portal on a 4,000-player event, over loopback only, bounded.

    uv run python benchmarks/portal.py                       # SQLite, one server process
    uv run python benchmarks/portal.py --players 1000 --phones 500 --streams 200  # quick

Set up through the service (``benchmarks/web.py``'s event: ``--players`` players, ``mtg``,
toss on, three rounds played, round 4 released and open) and a player pass for each of
``--phones`` players. A real server (``fairpair serve``) is started as a separate process.

1. **live**: ``--streams`` portal streams (``/e/SLUG/me/live``) are connected; staff revert
   round 4 to Scheduled and open it again through the API (each changes every player's card):
   the time until every stream has its ``card`` event (on the opening each then fetches its
   card, as the page does: the server time of those fetches). Then the result of the first stream's
   player's table is posted: how many streams are told (only that table's players should be).
2. **pages**: right after that opening (nothing cached for the new version), ``--phones``
   players each open their portal page (``GET /e/SLUG/me``, bearer ``fpp_``) within
   ``--seconds``, ``--clients`` at a time; *server ms* is the server's ``Server-Timing``.
   Then the same for the card fragment (``/me/card``, what a live update fetches).

Target (issue 11): each page ≤ 300 ms p99 server time, 2,000 phones within 60 s.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web import build_event, server_ms, start_server


def passes(url: str, slug: str, count: int) -> list[str]:
    """A player pass (``fpp_`` secret) for each of the first ``count`` players."""
    from sqlalchemy import select

    from fairpair.service.kernel.connection import open_database
    from fairpair.service.kernel.unit import changing
    from fairpair.service.players.passes import new_player_token
    from fairpair.store.models import PlayerRow

    db = open_database(url)
    with changing(db, slug, "bench") as change:
        ids = change.conn.execute(
            select(PlayerRow.id)
            .where(PlayerRow.event_id == change.event.id)
            .order_by(PlayerRow.position)
            .limit(count)
        ).scalars()
        secrets = [new_player_token(change, player_id=i, made_by="bench") for i in ids]
        change.audit("bench.passes", "players", after={"passes": len(secrets)})
    db.close()
    return secrets


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


async def live(base: str, slug: str, staff: str, secrets: list[str], rnd: int) -> dict[str, Any]:
    got: list[list[float]] = [[] for _ in secrets]
    fetched: list[float] = []
    fetching = False
    ready = [asyncio.Event() for _ in secrets]
    limits = httpx.Limits(max_connections=len(secrets) + 10)
    async with (
        httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client,
        httpx.AsyncClient(base_url=base, timeout=60) as fetcher,  # the pages' own requests
    ):

        async def watch(i: int, secret: str) -> None:
            headers = {"authorization": f"Bearer {secret}"}
            url = f"/e/{slug}/me/live?since={since}"  # the page is current
            async with client.stream("GET", url, headers=headers) as s:
                async for line in s.aiter_lines():
                    if line.startswith(": connected"):
                        ready[i].set()
                    elif line == "event: card":
                        got[i].append(time.perf_counter())
                        if fetching:  # as the page does: fetch its card
                            card = await fetcher.get(
                                f"/e/{slug}/me/card", headers={**headers, "hx-request": "true"}
                            )
                            fetched.append(server_ms(card) if card.status_code == 200 else -1)

        first = await client.get(
            f"/api/v1/events/{slug}/me", headers={"authorization": f"Bearer {secrets[0]}"}
        )
        since = first.json()["version"]
        tasks = [asyncio.create_task(watch(i, s)) for i, s in enumerate(secrets)]
        await asyncio.gather(*(r.wait() for r in ready))
        await asyncio.sleep(1.0)
        assert not any(got), "a current page was told of a change"
        for g in got:
            g.clear()
        out: dict[str, Any] = {}
        auth = {"authorization": f"Bearer {staff}"}
        for step in ("revert", "open"):
            fetching = step == "open"
            fetched.clear()
            start = time.perf_counter()
            answer = await client.post(f"/api/v1/events/{slug}/rounds/{rnd}/{step}", headers=auth)
            assert answer.status_code == 200, answer.text[:300]
            while sum(1 for g in got if g) < len(got) and time.perf_counter() - start < 30:
                await asyncio.sleep(0.01)
            last = max(g[0] for g in got if g) if any(got) else float("nan")
            out[step] = {"told": sum(1 for g in got if g), "all_ms": (last - start) * 1000}
            if fetching:
                while len(fetched) < len(got) and time.perf_counter() - start < 60:
                    await asyncio.sleep(0.01)
                fetching = False
                out[step]["fetches"] = len(fetched)
                out[step]["errors"] = sum(1 for f in fetched if f < 0)
                out[step]["p50_ms"] = statistics.median(fetched)
                out[step]["p99_ms"] = percentile(fetched, 0.99)
            for g in got:
                g.clear()
        mine = await client.get(
            f"/api/v1/events/{slug}/me", headers={"authorization": f"Bearer {secrets[0]}"}
        )
        table = mine.json()["round"]["table"]
        answer = await client.post(
            f"/api/v1/events/{slug}/results",
            json={"round": rnd, "table": table, "result": "2-1"},
            headers=auth,
        )
        assert answer.status_code == 201, answer.text[:300]
        await asyncio.sleep(2.0)
        out["result"] = {"told": sum(1 for g in got if g), "table": table}
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return out


async def pages(
    base: str, path: str, secrets: list[str], clients: int, seconds: float, htmx: bool
) -> dict[str, Any]:
    server: list[float] = []
    wall: list[float] = []
    sizes: list[int] = []
    errors = 0
    slow: list[tuple[float, float]] = []
    gap = seconds / len(secrets)
    queue: asyncio.Queue[tuple[int, str]] = asyncio.Queue()
    begin = time.perf_counter()
    for i, s in enumerate(secrets):
        queue.put_nowait((i, s))
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:

        async def phone() -> None:
            nonlocal errors
            while not queue.empty():
                i, secret = queue.get_nowait()
                due = begin + i * gap
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
                headers = {"authorization": f"Bearer {secret}", "accept-encoding": "gzip"}
                if htmx:
                    headers["hx-request"] = "true"
                start = time.perf_counter()
                answer = await client.get(path, headers=headers)
                wall.append((time.perf_counter() - start) * 1000)
                if answer.status_code != 200:
                    errors += 1
                    continue
                server.append(server_ms(answer))
                if server[-1] > 100:
                    slow.append((round(start - begin, 2), server[-1]))
                sizes.append(int(answer.headers.get("content-length", len(answer.content))))

        await asyncio.gather(*(phone() for _ in range(clients)))
    took = time.perf_counter() - begin
    return {
        "requests": len(secrets),
        "errors": errors,
        "seconds": took,
        "first_ms": server[0] if server else float("nan"),
        "p50_ms": statistics.median(server),
        "p99_ms": percentile(server, 0.99),
        "max_ms": max(server),
        "wall_p99_ms": percentile(wall, 0.99),
        "gzip_bytes": statistics.median(sizes),
        "slow": slow,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4000)
    parser.add_argument("--phones", type=int, default=2000)
    parser.add_argument("--streams", type=int, default=500)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--db-url", default=None, help="default: a new SQLite file")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="fairpair-portal-bench-")
    url = args.db_url or f"sqlite:///{Path(folder) / 'portal.db'}"
    t0 = time.perf_counter()
    event = build_event(url, args.players, 3)
    secrets = passes(url, event["slug"], args.phones)
    print(
        f"set up {args.players} players, {len(secrets)} passes in {time.perf_counter() - t0:.1f} s"
    )
    server, base = start_server(url, 1)
    try:
        slug, rnd = event["slug"], event["round"]
        told = asyncio.run(live(base, slug, event["token"], secrets[: args.streams], rnd))
        for step in ("revert", "open"):
            print(
                f"live {step}: {told[step]['told']}/{args.streams} streams told, "
                f"the last after {told[step]['all_ms']:.0f} ms"
            )
        o = told["open"]
        print(
            f"live open, each page fetching its card: {o['fetches']} fetches, {o['errors']} "
            f"errors, server ms p50 {o['p50_ms']:.1f}, p99 {o['p99_ms']:.1f}"
        )
        result = told["result"]
        print(
            f"live result at table {result['table']} (the first stream's player's): "
            f"{result['told']} streams told"
        )
        for name, path, htmx in (
            ("page /me", f"/e/{slug}/me", False),
            ("card /me/card", f"/e/{slug}/me/card", True),
        ):
            r = asyncio.run(pages(base, path, secrets, args.clients, args.seconds, htmx))
            print(
                f"{name}: {r['requests']} in {r['seconds']:.1f} s, {r['errors']} errors; server ms "
                f"first {r['first_ms']:.0f}, p50 {r['p50_ms']:.1f}, p99 {r['p99_ms']:.1f}, "
                f"max {r['max_ms']:.0f}; wall p99 {r['wall_p99_ms']:.0f}; "
                f"{r['gzip_bytes']:.0f} bytes gzipped"
            )
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
