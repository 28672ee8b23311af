"""Benchmark: what the operations layers cost a request (docs/deployment.md, "Metrics").

    uv run python benchmarks/operations.py
    PROMETHEUS_MULTIPROC_DIR=$(mktemp -d) uv run python benchmarks/operations.py   # --workers N

1. **The layers alone**: the request-id layer and the metrics layer around an ASGI app that
   answers at once, called directly (no socket, no client) 50,000 times, best of 5: each
   layer's own cost in microseconds.
2. **Through the whole app**: the app called directly over ASGI, metrics off and on in turns,
   for ``/healthz`` (no work of its own: the layers' share shows) and a 200-player event's
   pairings page: medians in microseconds.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from starlette.types import Receive, Send
from starlette.types import Scope as AsgiScope

from fairpair.engine.stage import Stage, TossSettings
from fairpair.engine.stage_config import SwissConfig
from fairpair.service.event import events
from fairpair.service.kernel.connection import Database
from fairpair.service.players import roster
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds import drafts, lifecycle
from fairpair.web.app import create_app
from fairpair.web.metrics import Metrics, MetricsMiddleware
from fairpair.web.request_id import RequestId
from fairpair.web.settings import WebSettings

Scope = dict[str, Any]


async def answer_at_once(scope: AsgiScope, receive: Receive, send: Send) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"x"})


async def receive() -> dict[str, Any]:
    return {"type": "http.request", "body": b"", "more_body": False}


def scope_of(path: str) -> Scope:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "https",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver")],
        "client": ("127.0.0.1", 1),
        "server": ("testserver", 443),
        "state": {},
    }


async def call(app: Any, path: str) -> int:
    status = 0

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    await app(scope_of(path), receive, send)
    return status


async def layers_alone() -> None:
    apps = {
        "no layer": answer_at_once,
        "request id": RequestId(answer_at_once),
        "metrics": MetricsMiddleware(answer_at_once, Metrics()),
        "both": RequestId(MetricsMiddleware(answer_at_once, Metrics())),
    }
    best: dict[str, float] = {}
    for _ in range(5):
        for name, app in apps.items():
            start = time.perf_counter()
            for _ in range(50_000):
                await call(app, "/e/x")
            took = (time.perf_counter() - start) / 50_000 * 1e6
            best[name] = min(best.get(name, took), took)
    for name, value in best.items():
        print(f"  {name:<12} {value:6.2f} µs a request")


def an_event(url: str) -> str:
    db = Database.open(url)
    stage = Stage(config=SwissConfig(toss=TossSettings(enabled=True)))
    slug = events.create_event(db, "Bench Open", actor="bench", stage=stage)
    players = [NewPlayer(f"Player {i:03d}", seed=i) for i in range(1, 201)]
    roster.add_players(db, slug, players, actor="bench")
    drafts.generate(db, slug, actor="bench")
    number = lifecycle.release(db, slug, actor="bench")
    lifecycle.open_round(db, slug, number, actor="bench")
    db.close()
    return slug


async def started(app: Any) -> asyncio.Queue[dict[str, Any]]:
    inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    await inbox.put({"type": "lifespan.startup"})
    asyncio.get_running_loop().create_task(
        app({"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}}, inbox.get, outbox.put)
    )
    assert (await outbox.get())["type"] == "lifespan.startup.complete"
    return inbox


async def whole_app(url: str, slug: str) -> None:
    apps = {}
    for name, metrics in (("off", False), ("on", True)):
        app = create_app(WebSettings(database_url=url, job_seconds=0, metrics=metrics))
        apps[name] = (app, await started(app))
    times: dict[tuple[str, str], list[float]] = {}
    for turn in range(6):  # the first turn warms up
        for name, (app, _) in apps.items():
            for path, runs in ((f"/e/{slug}", 50), ("/healthz", 2000)):
                kind = "/healthz" if path == "/healthz" else "pairings page"
                out = times.setdefault((kind, name), [])
                for _ in range(runs):
                    start = time.perf_counter()
                    assert await call(app, path) == 200
                    if turn:
                        out.append((time.perf_counter() - start) * 1e6)
    for (kind, name), values in sorted(times.items()):
        print(f"  {kind:<14} metrics {name:<3}  median {statistics.median(values):8.1f} µs")
    for _, inbox in apps.values():
        await inbox.put({"type": "lifespan.shutdown"})


def main() -> None:
    print(f"python {sys.version.split()[0]}")
    print("the layers alone (best of 5 × 50,000):")
    asyncio.run(layers_alone())
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        slug = an_event(url)
        print("through the whole app (ASGI, no socket; medians of 250 and 10,000):")
        asyncio.run(whole_app(url, slug))


if __name__ == "__main__":
    main()
