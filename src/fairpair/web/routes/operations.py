"""The checks and metrics an operator's tools read (docs/deployment.md, "Health checks"):
no login, JSON, never cached.

- ``GET /healthz``: the process is alive and answering — nothing else is looked at (no
  database), so a load balancer or a supervisor restarts only a process that is stuck.
- ``GET /readyz``: may this process be sent requests? 200 when every check passes, else 503
  with the failing checks named in ``failing``:
  ``database`` (reachable: one small query, given ``READY_TIMEOUT`` seconds),
  ``migrations`` (the database is at the migration this code expects, ``store.migrate.HEAD``:
  after an upgrade of the code, before ``fairpair`` has migrated the database, it is not),
  ``jobs`` (this process's job thread is running, or ``off`` when ``FAIRPAIR_JOB_SECONDS=0``
  says a separate ``fairpair jobs run`` does the jobs — then it passes and says so).
  The reason a check failed is for people; the database's address and the driver's error go
  to the server's log only.
- ``GET /metrics`` (only with ``--metrics``: ``METRICS_ROUTER``): Prometheus's text format
  (``web.metrics``), to a caller with the bearer token ``FAIRPAIR_METRICS_TOKEN`` when one is
  set, else only to a caller on the loopback address.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
from typing import Any

import anyio
import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.readiness import SCHEMA_HEAD, schema_revision
from fairpair.web.job_worker import JobWorker
from fairpair.web.metrics import CONTENT_TYPE, Metrics
from fairpair.web.settings import WebSettings

LOG = logging.getLogger("fairpair.web")
ROUTER = APIRouter(include_in_schema=False)
METRICS_ROUTER = APIRouter(include_in_schema=False)
#: Seconds the readiness check waits for the database before it calls it unreachable.
READY_TIMEOUT = 3.0
NO_STORE = {"cache-control": "no-store"}
UNAVAILABLE = "the database is unavailable"


@ROUTER.get("/healthz")
async def healthz() -> JSONResponse:
    return JSONResponse({"status": "alive"}, headers=NO_STORE)


def _revision(db: Database) -> str | None:
    return schema_revision(db)


async def _database_checks(db: Database) -> dict[str, dict[str, Any]]:
    try:
        with anyio.fail_after(READY_TIMEOUT):
            revision = await anyio.to_thread.run_sync(_revision, db, abandon_on_cancel=True)
    except TimeoutError:
        LOG.warning("readiness: the database did not answer within %s s", READY_TIMEOUT)
        slow = f"{UNAVAILABLE} (no answer in {READY_TIMEOUT:g} s)"
        return {
            "database": {"ok": False, "detail": slow},
            "migrations": {"ok": False, "detail": "not checked: the database is unavailable"},
        }
    except FairpairError as error:
        LOG.warning("readiness: %s: %s", error.location, error.reason)
        return {
            "database": {"ok": False, "detail": UNAVAILABLE},
            "migrations": {"ok": False, "detail": "not checked: the database is unavailable"},
        }
    migrations: dict[str, Any] = {"ok": revision == SCHEMA_HEAD}
    if revision != SCHEMA_HEAD:
        migrations["detail"] = (
            f"the database is at {revision or 'no migration'}; this version of fairpair "
            f"expects {SCHEMA_HEAD} (an upgrade half done: docs/deployment.md, Upgrades)"
        )
    return {"database": {"ok": True}, "migrations": migrations}


def _jobs_check(jobs: JobWorker | None) -> dict[str, Any]:
    state = jobs.state() if jobs is not None else "stopped"
    if state == "off":
        return {
            "ok": True,
            "state": "off",
            "detail": "FAIRPAIR_JOB_SECONDS=0: a separate 'fairpair jobs run' is expected "
            "to do the scheduled jobs",
        }
    if state == "running":
        return {"ok": True, "state": "running"}
    return {"ok": False, "state": state, "detail": "this process's job thread is not running"}


@ROUTER.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    checks = await _database_checks(request.app.state.db)
    checks["jobs"] = _jobs_check(getattr(request.app.state, "jobs", None))
    failing = [name for name, check in checks.items() if not check["ok"]]
    body = {"status": "unready" if failing else "ready", "failing": failing, "checks": checks}
    return JSONResponse(body, status_code=503 if failing else 200, headers=NO_STORE)


def _loopback(host: str | None) -> bool:
    try:
        return host is not None and ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def metrics_allowed(request: Request, settings: WebSettings) -> bool:
    """The bearer token when one is set, else a caller on the loopback address."""
    if settings.metrics_token:
        given = request.headers.get("authorization", "")
        expected = f"Bearer {settings.metrics_token}"
        return hmac.compare_digest(given.encode(), expected.encode())
    return _loopback(request.client.host if request.client else None)


@METRICS_ROUTER.get("/metrics")
async def metrics(request: Request) -> Response:
    settings: WebSettings = request.app.state.settings
    if not metrics_allowed(request, settings):
        reason = (
            "send the metrics token (Authorization: Bearer …)"
            if settings.metrics_token
            else "metrics are answered on the loopback address only"
        )
        return JSONResponse(
            {"error": {"code": "forbidden", "message": reason, "field": None}},
            status_code=403,
            headers=NO_STORE,
        )
    found: Metrics = request.app.state.metrics
    body = await anyio.to_thread.run_sync(found.exposition)
    return Response(body, media_type=CONTENT_TYPE, headers=NO_STORE)
