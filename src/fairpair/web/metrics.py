"""Prometheus metrics (prometheus-client), when the server runs with ``--metrics``
(``FAIRPAIR_METRICS=1``); served at ``/metrics`` by ``web.routes.operations``.

| metric | type | labels | what |
|---|---|---|---|
| ``fairpair_http_requests_total`` | counter | method, route, status | answers given |
| ``fairpair_http_request_duration_seconds`` | histogram | method, route | time to answer |
| ``fairpair_live_streams`` | gauge | route | live pages connected now (server-sent event streams) |
| ``fairpair_jobs`` | gauge | state | scheduled jobs: due, scheduled, retrying, given_up |
| ``fairpair_db_pool_capacity`` | gauge | | connections the pool may hold |
| ``fairpair_db_pool_open`` | gauge | | connections open |
| ``fairpair_db_pool_checked_out`` | gauge | | connections in use |

``route`` is the route's template (``/e/{slug}/standings``), never the address asked for:
one series per page, whatever the slugs; a request no route matched is ``none``. A stream's
time is to its first byte (it then stays open), and it is counted when it starts. Methods
outside the usual ones are ``other``.

**Several workers** (``fairpair serve --workers N``): prometheus-client's multiprocess mode.
``fairpair serve`` gives the workers an empty folder in ``PROMETHEUS_MULTIPROC_DIR``; each
worker writes its values there, and a scrape answered by any worker reads every worker's
files — one scrape sees them all. The counts of live streams are summed over the live
workers; the pool's gauges are per worker (a ``pid`` label), refreshed by each worker every
``SAMPLE_SECONDS`` (the scraping worker's at once). The jobs are read from the database
when scraped.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Iterator

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fairpair.service.jobs.counts import job_counts
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.readiness import pool_status
from fairpair.web.route_note import route_of

LOG = logging.getLogger("fairpair.web.metrics")
MULTIPROCESS_ENV = "PROMETHEUS_MULTIPROC_DIR"
CONTENT_TYPE = CONTENT_TYPE_LATEST
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
#: Seconds: a page is 5-300 ms, a player's report 5-50 ms; a slow one shows above 1 s.
BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: How often each worker writes its pool's state, in multiprocess mode.
SAMPLE_SECONDS = 5.0
EVENT_STREAM = b"text/event-stream"


def multiprocess() -> bool:
    """Is prometheus-client in multiprocess mode in this process (it reads the variable
    when it is imported: ``fairpair serve`` sets it before starting the workers)?"""
    return bool(os.environ.get(MULTIPROCESS_ENV))


class Metrics:
    """One app's metrics (a registry of its own in one process; the shared folder's files in
    multiprocess mode)."""

    def __init__(self) -> None:
        self.multiprocess = multiprocess()
        registry = None if self.multiprocess else CollectorRegistry()
        self.registry = registry
        self.db: Database | None = None
        self.requests = Counter(
            "fairpair_http_requests",
            "Answers given, by method, route template and status.",
            ["method", "route", "status"],
            registry=registry,
        )
        self.latency = Histogram(
            "fairpair_http_request_duration_seconds",
            "Time to answer, by method and route template (a stream: to its first byte).",
            ["method", "route"],
            buckets=BUCKETS,
            registry=registry,
        )
        self.streams = Gauge(
            "fairpair_live_streams",
            "Live pages connected now (server-sent event streams), by route template.",
            ["route"],
            registry=registry,
            multiprocess_mode="livesum",
        )
        self.pool_capacity = Gauge(
            "fairpair_db_pool_capacity",
            "Connections the pool may hold at once.",
            registry=registry,
            multiprocess_mode="liveall",
        )
        self.pool_open = Gauge(
            "fairpair_db_pool_open",
            "Database connections open.",
            registry=registry,
            multiprocess_mode="liveall",
        )
        self.pool_checked_out = Gauge(
            "fairpair_db_pool_checked_out",
            "Database connections in use.",
            registry=registry,
            multiprocess_mode="liveall",
        )
        self.jobs = JobsCollector(self)
        if registry is not None:
            registry.register(self.jobs)
        self._stop = threading.Event()
        self._sampler: threading.Thread | None = None

    # -- the app's lifespan -------------------------------------------------------------
    def start(self, db: Database) -> None:
        self.db = db
        self.sample()
        if self.multiprocess:
            self._sampler = threading.Thread(
                target=self._sample_loop, name="fairpair-metrics", daemon=True
            )
            self._sampler.start()

    def stop(self) -> None:
        self._stop.set()
        if self._sampler is not None:
            self._sampler.join(timeout=2)
        if self.multiprocess:  # this worker's live gauges leave the sums
            mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]

    def _sample_loop(self) -> None:
        while not self._stop.wait(SAMPLE_SECONDS):
            self.sample()

    def sample(self) -> None:
        """Write this process's pool state into its gauges."""
        status = pool_status(self.db) if self.db is not None else None
        if status is None:
            return
        self.pool_capacity.set(status.capacity)
        self.pool_open.set(status.open)
        self.pool_checked_out.set(status.checked_out)

    # -- a scrape -----------------------------------------------------------------------
    def exposition(self) -> bytes:
        """The metrics in Prometheus's text format."""
        self.sample()
        if self.registry is not None:
            return generate_latest(self.registry)
        registry = CollectorRegistry()
        MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        registry.register(self.jobs)
        return generate_latest(registry)

    # -- a request ------------------------------------------------------------------------
    def observe(self, method: str, route: str, status: int, seconds: float) -> None:
        self.requests.labels(method, route, str(status)).inc()
        self.latency.labels(method, route).observe(seconds)


class JobsCollector(Collector):
    """The scheduled jobs by state, read from the database when scraped."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def collect(self) -> Iterator[Metric]:
        db = self.metrics.db
        if db is None:
            return
        try:
            counts = job_counts(db)
        except Exception:  # the database is away: the scrape goes on without the jobs
            LOG.warning("metrics: the scheduled jobs could not be counted", exc_info=True)
            return
        family = GaugeMetricFamily(
            "fairpair_jobs",
            "Scheduled jobs by state: due, scheduled (due later), retrying, given_up.",
            labels=["state"],
        )
        family.add_metric(["due"], counts.due)
        family.add_metric(["scheduled"], counts.scheduled)
        family.add_metric(["retrying"], counts.retrying)
        family.add_metric(["given_up"], counts.given_up)
        yield family

    def describe(self) -> Iterator[Metric]:
        return iter(())


class MetricsMiddleware:
    """Counts and times every answer, and the live streams open, for ``Metrics``."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        method = scope["method"] if scope["method"] in METHODS else "other"
        status = 500
        stream: str | None = None
        metrics = self.metrics

        async def counted(message: Message) -> None:
            nonlocal status, stream
            if message["type"] == "http.response.start":
                status = message["status"]
                for name, value in message.get("headers", ()):
                    if name == b"content-type" and value.startswith(EVENT_STREAM):
                        stream = route_of(scope)
                        metrics.observe(method, stream, status, time.perf_counter() - start)
                        metrics.streams.labels(stream).inc()
                        break
            await send(message)

        try:
            await self.app(scope, receive, counted)
        finally:
            if stream is not None:
                metrics.streams.labels(stream).dec()
            else:
                metrics.observe(method, route_of(scope), status, time.perf_counter() - start)
