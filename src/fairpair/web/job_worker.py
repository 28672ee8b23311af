"""The server's job worker: a daemon thread per server process that does the due scheduled
jobs (round notices, their deliveries) every ``WebSettings.job_seconds`` (0: off — a
deployment that runs ``fairpair jobs run`` apart). Started and stopped by the app's
lifespan; several processes do each job once (``service.jobs.schedule`` leases)."""

from __future__ import annotations

import threading

from fairpair.service.job_loop import run_jobs
from fairpair.service.kernel.connection import Database


class JobWorker:
    def __init__(self, db: Database, every: float) -> None:
        self.db = db
        self.every = every
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self.every <= 0 or self._thread is not None:
            return
        self._thread = threading.Thread(
            target=run_jobs,
            args=(self.db,),
            kwargs={"stop": self._stop, "every": self.every},
            name="fairpair-jobs",
            daemon=True,
        )
        self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop after the job being done (if any); wait for it."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def state(self) -> str:
        """``running`` (its thread is alive), ``off`` (``every`` is 0: a separate ``fairpair
        jobs run`` does the jobs) or ``stopped`` (not started, or its thread ended)."""
        if self.every <= 0:
            return "off"
        thread = self._thread
        return "running" if thread is not None and thread.is_alive() else "stopped"
