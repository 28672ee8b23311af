"""Operations (issue 33, point 7): the health and readiness checks, the Prometheus metrics
scraped and parsed by prometheus-client's own parser, request ids on answers and on JSON log
lines, and 500s that show a reference and never a path or a traceback."""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from prometheus_client.samples import Sample
from sqlalchemy import text

from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.readiness import SCHEMA_HEAD
from fairpair.store.errors import DatabaseUnavailable
from fairpair.web.app import create_app
from fairpair.web.logs import log_config
from web.conftest import free_port, settings_for
from web.public_events import toss_event

LOOPBACK = ("127.0.0.1", 40000)


def client_of(app: FastAPI, client: tuple[str, int] = LOOPBACK) -> TestClient:
    return TestClient(
        app, base_url="https://testserver", client=client, raise_server_exceptions=False
    )


def samples(body: str) -> dict[str, list[Sample]]:
    """Every family's samples, by family name, as Prometheus's parser reads them."""
    return {f.name: list(f.samples) for f in text_string_to_metric_families(body)}


# -- health and readiness -------------------------------------------------------------------


def test_healthz_needs_no_database_and_readyz_names_what_fails(
    sqlite_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(settings_for(sqlite_db.url, job_seconds=0.5))
    with client_of(app) as client:
        ready = client.get("/readyz")
        assert ready.status_code == 200, ready.text
        assert ready.headers["cache-control"] == "no-store"
        assert ready.json() == {
            "status": "ready",
            "failing": [],
            "checks": {
                "database": {"ok": True},
                "migrations": {"ok": True},
                "jobs": {"ok": True, "state": "running"},
            },
        }

        def unreachable(*_: Any, **__: Any) -> Any:
            raise DatabaseUnavailable("postgresql://fairpair:secret@db.internal/x", "refused")

        monkeypatch.setattr(app.state.db, "glance", unreachable)
        monkeypatch.setattr(app.state.db, "reading", unreachable)
        alive = client.get("/healthz")
        assert alive.status_code == 200
        assert alive.json() == {"status": "alive"}
        down = client.get("/readyz")
        assert down.status_code == 503
        assert down.json()["failing"] == ["database", "migrations"]
        assert down.json()["checks"]["database"]["detail"] == "the database is unavailable"
        assert "secret" not in down.text and "db.internal" not in down.text
        monkeypatch.undo()

        app.state.jobs.stop()  # the job thread is gone
        stopped = client.get("/readyz")
        assert stopped.status_code == 503
        assert stopped.json()["failing"] == ["jobs"]
        assert stopped.json()["checks"]["jobs"]["state"] == "stopped"


def test_readyz_with_a_separate_job_runner_and_an_old_schema(sqlite_db: Database) -> None:
    app = create_app(settings_for(sqlite_db.url, job_seconds=0.0))
    with client_of(app) as client:
        jobs = client.get("/readyz").json()["checks"]["jobs"]
        assert jobs["ok"] is True and jobs["state"] == "off"
        assert "fairpair jobs run" in jobs["detail"]
        with sqlite_db.writing() as conn:  # as if the code were newer than the database
            conn.execute(text("UPDATE alembic_version SET version_num = '0014_leagues'"))
        old = client.get("/readyz")
        assert old.status_code == 503
        assert old.json()["failing"] == ["migrations"]
        assert SCHEMA_HEAD in old.json()["checks"]["migrations"]["detail"]


# -- metrics --------------------------------------------------------------------------------


def test_metrics_are_off_by_default(sqlite_db: Database) -> None:
    with client_of(create_app(settings_for(sqlite_db.url))) as client:
        assert client.get("/metrics").status_code == 404


def test_metrics_count_requests_by_route_template_and_read_the_jobs_and_pool(
    sqlite_db: Database,
) -> None:
    slugs = [toss_event(sqlite_db, f"Metrics Open {n}") for n in range(3)]
    app = create_app(settings_for(sqlite_db.url, metrics=True))
    with client_of(app) as client:
        for slug in slugs:
            assert client.get(f"/e/{slug}").status_code == 200
        assert client.get("/e/no-such-event").status_code == 404
        assert client.get("/no/such/page").status_code == 404
        scraped = client.get("/metrics")
    assert scraped.status_code == 200
    assert scraped.headers["content-type"].startswith("text/plain")
    found = samples(scraped.text)
    assert {
        "fairpair_http_requests",
        "fairpair_http_request_duration_seconds",
        "fairpair_live_streams",
        "fairpair_jobs",
        "fairpair_db_pool_capacity",
        "fairpair_db_pool_open",
        "fairpair_db_pool_checked_out",
    } <= set(found)
    counted = {
        (s.labels["route"], s.labels["status"]): s.value
        for s in found["fairpair_http_requests"]
        if s.name == "fairpair_http_requests_total"
    }
    # one series for the page, whatever the slugs; never a raw path
    assert counted[("/e/{slug}", "200")] == 3
    assert counted[("/e/{slug}", "404")] == 1
    assert counted[("none", "404")] == 1
    assert not any(slug in route for slug in slugs for route, _ in counted)
    durations = {
        s.labels["route"]: s.value
        for s in found["fairpair_http_request_duration_seconds"]
        if s.name.endswith("_count")
    }
    assert durations["/e/{slug}"] == 4
    jobs = {s.labels["state"]: s.value for s in found["fairpair_jobs"]}
    assert set(jobs) == {"due", "scheduled", "retrying", "given_up"}
    assert found["fairpair_db_pool_capacity"][0].value >= 1


def test_metrics_are_private(sqlite_db: Database) -> None:
    app = create_app(settings_for(sqlite_db.url, metrics=True))
    with client_of(app, ("203.0.113.9", 5000)) as outsider:
        refused = outsider.get("/metrics")
        assert refused.status_code == 403
        assert "loopback" in refused.json()["error"]["message"]
    app = create_app(settings_for(sqlite_db.url, metrics=True, metrics_token="s3cret-token"))
    with client_of(app, ("203.0.113.9", 5000)) as outsider:
        assert outsider.get("/metrics").status_code == 403
        wrong = {"authorization": "Bearer nope"}
        assert outsider.get("/metrics", headers=wrong).status_code == 403
        right = {"authorization": "Bearer s3cret-token"}
        assert outsider.get("/metrics", headers=right).status_code == 200


@contextmanager
def served(app: FastAPI, **config: Any) -> Iterator[str]:
    """``app`` on a real uvicorn server on a free loopback port, in a thread."""
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, timeout_graceful_shutdown=1, **config)
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def test_an_open_live_page_is_counted_while_it_is_connected(sqlite_db: Database) -> None:
    slug = toss_event(sqlite_db, "Metrics Live")
    app = create_app(settings_for(sqlite_db.url, metrics=True))

    def streams(url: str) -> float:
        found = samples(httpx.get(f"{url}/metrics").text)["fairpair_live_streams"]
        return sum(s.value for s in found if s.labels["route"] == "/e/{slug}/live")

    with served(app, log_level="warning") as url:
        with httpx.stream("GET", f"{url}/e/{slug}/live", timeout=10) as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            assert streams(url) == 1
        deadline = time.monotonic() + 5
        while streams(url) != 0:
            assert time.monotonic() < deadline, "the closed stream is still counted"
            time.sleep(0.05)


# -- request ids and JSON logs --------------------------------------------------------------


def test_a_request_id_is_taken_from_trusted_proxies_only(sqlite_db: Database) -> None:
    given = {"x-request-id": "proxy-id-42"}
    with client_of(create_app(settings_for(sqlite_db.url))) as client:
        made = client.get("/healthz", headers=given).headers["x-request-id"]
        assert made != "proxy-id-42" and len(made) == 32
        assert client.get("/healthz").headers["x-request-id"] != made  # one per request
    trusted = settings_for(sqlite_db.url, trusted_proxies=("127.0.0.1",))
    with client_of(create_app(trusted)) as client:
        assert client.get("/healthz", headers=given).headers["x-request-id"] == "proxy-id-42"
        odd = client.get("/healthz", headers={"x-request-id": "<script>"})
        assert odd.headers["x-request-id"] != "<script>"


@pytest.fixture
def restored_logging() -> Iterator[None]:
    """The test's logging configuration is undone afterwards (uvicorn applies its own)."""
    names = ["", "fairpair", "uvicorn", "uvicorn.error", "uvicorn.access"]
    saved = {
        n: (
            list(logging.getLogger(n).handlers),
            logging.getLogger(n).level,
            logging.getLogger(n).propagate,
        )
        for n in names
    }
    yield
    for name, (handlers, level, propagate) in saved.items():
        logger = logging.getLogger(name)
        logger.handlers[:] = handlers
        logger.setLevel(level)
        logger.propagate = propagate


def boom_app(url: str, **extra: Any) -> FastAPI:
    """The app with three routes that fail (a page, a fragment, the API)."""
    app = create_app(settings_for(url, **extra))

    def fail() -> None:
        raise RuntimeError("secret detail at /srv/fairpair/src/fairpair/web/x.py")

    app.add_api_route("/boom", fail, methods=["GET"])
    app.add_api_route("/api/v1/boom", fail, methods=["GET"])
    return app


def test_a_requests_log_lines_carry_its_id_as_json(
    sqlite_db: Database, capfd: pytest.CaptureFixture[str], restored_logging: None
) -> None:
    app = boom_app(sqlite_db.url)
    with served(app, log_config=log_config("json", access_log=True), access_log=True) as url:
        answer = httpx.get(f"{url}/boom")
        fine = httpx.get(f"{url}/healthz")
    err = capfd.readouterr().err
    lines = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    assert lines and len(lines) == len([x for x in err.splitlines() if x.strip()]), err
    rid = answer.headers["x-request-id"]
    mine = [line for line in lines if line.get("request_id") == rid]
    loggers = {line["logger"] for line in mine}
    assert {"fairpair.web", "uvicorn.access"} <= loggers, mine
    error = next(line for line in mine if line["logger"] == "fairpair.web")
    assert error["level"] == "ERROR"
    assert "RuntimeError: secret detail" in error["exc_info"]  # the traceback, server-side
    assert "/boom" in error["message"]
    access = next(line for line in mine if line["logger"] == "uvicorn.access")
    assert (access["method"], access["path"], access["status"]) == ("GET", "/boom", 500)
    other = [line for line in lines if line.get("request_id") == fine.headers["x-request-id"]]
    assert [line["path"] for line in other] == ["/healthz"]


# -- 500s -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "headers", "kind"),
    [
        ("/boom", {}, "page"),
        ("/boom", {"hx-request": "true"}, "fragment"),
        ("/api/v1/boom", {}, "api"),
    ],
)
def test_an_unexpected_error_shows_a_reference_and_no_detail(
    sqlite_db: Database,
    caplog: pytest.LogCaptureFixture,
    path: str,
    headers: dict[str, str],
    kind: str,
) -> None:
    with client_of(boom_app(sqlite_db.url)) as client, caplog.at_level(logging.ERROR):
        answer = client.get(path, headers=headers)
    assert answer.status_code == 500
    rid = answer.headers["x-request-id"]
    assert len(rid) == 32
    for leak in ("secret detail", "RuntimeError", "Traceback", "/srv/", ".py", "fail"):
        assert leak not in answer.text, (leak, answer.text)
    if kind == "api":
        assert answer.json()["error"] == {
            "code": "internal_error",
            "message": "something went wrong inside fairpair; nothing was changed "
            "(please report it)",
            "field": None,
            "request_id": rid,
        }
    elif kind == "fragment":
        assert answer.text.startswith('<p class="error-message"')
        assert "<html" not in answer.text and rid in answer.text
    else:
        assert "<html" in answer.text and "Internal error" in answer.text
        assert f"<code>{rid}</code>" in answer.text
    logged = [r for r in caplog.records if getattr(r, "request_id", None) == rid]
    assert logged and logged[0].exc_info is not None
    assert "secret detail" in str(logged[0].exc_info[1])


@pytest.mark.browser
def test_an_error_page_in_the_browser_shows_its_reference(
    sqlite_db: Database, browser: Any
) -> None:
    """What a person sees when a page fails: the generic message and the reference that the
    server's log line carries, nothing of the error itself."""
    with served(boom_app(sqlite_db.url), log_level="critical") as url:
        context = browser.new_context(base_url=url)
        try:
            page = context.new_page()
            answer = page.goto("/boom")
            assert answer is not None and answer.status == 500
            rid = answer.headers["x-request-id"]
            assert page.get_by_role("heading", name="Internal error").is_visible()
            assert page.get_by_role("alert").inner_text().startswith("something went wrong")
            assert page.locator(".error-reference code").inner_text() == rid
            assert "secret detail" not in page.content()
        finally:
            context.close()
