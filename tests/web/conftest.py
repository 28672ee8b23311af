"""Fixtures for the web tests.

- ``web_client``: the app over the test's own SQLite database, through FastAPI's TestClient
  (https://testserver, so the Secure cookies are kept); ``web_client_pg`` on PostgreSQL.
- ``live_server``: one real uvicorn server per test session, on 127.0.0.1 and a free port,
  over its own SQLite file (``live_server.db`` to set up events through the service).
- ``browser`` (one Chromium per session: Debian's ``chromium-headless-shell`` when installed,
  else its ``/usr/bin/chromium``; headless, driven by Playwright for Python — never
  ``playwright install``) and ``page`` (a fresh context per test, its base URL the live
  server).
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database
from fairpair.web.app import create_app
from fairpair.web.hub import LiveHub
from fairpair.web.settings import WebSettings

#: The browser the tests drive: Chromium's headless shell (Debian's chromium-headless-shell, the
#: build Playwright itself runs headless; the same Blink and V8 without the desktop browser
#: around them) when installed — it does the browser tests' work with about a third less CPU
#: than the whole browser (docs/performance.md "The test suite") — else the whole browser.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM = HEADLESS_SHELL if os.path.exists(HEADLESS_SHELL) else "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(autouse=True, scope="session")
def _quick_hub_stop() -> Iterator[None]:
    """The PostgreSQL listener looks at its stop flag every 20 ms, not 500: each app a test
    starts on PostgreSQL stops at once (its notifications are heard as soon as they come
    either way)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(LiveHub, "listen_seconds", 0.02)
        yield


def settings_for(url: str, **extra: Any) -> WebSettings:
    extra.setdefault("job_seconds", 0.0)  # no job thread unless a test asks for one
    return WebSettings(database_url=url, secret="test-secret", poll_seconds=0.2, **extra)


@pytest.fixture
def web_client(sqlite_db: Database) -> Iterator[TestClient]:
    app = create_app(settings_for(sqlite_db.url))
    with TestClient(app, base_url="https://testserver") as client:
        yield client


@pytest.fixture
def web_client_pg(postgres_db: Database) -> Iterator[TestClient]:
    app = create_app(settings_for(postgres_db.url))
    with TestClient(app, base_url="https://testserver") as client:
        yield client


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class LiveServer:
    url: str
    db: Database
    server: Any


@contextmanager
def serving(url: str) -> Iterator[LiveServer]:
    """fairpair served on a free loopback port over the database at ``url``."""
    import uvicorn

    db = Database.open(url)
    port = free_port()
    config = uvicorn.Config(
        create_app(settings_for(url)),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        timeout_graceful_shutdown=1,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the live server did not start")
        time.sleep(0.05)
    try:
        yield LiveServer(f"http://127.0.0.1:{port}", db, server)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        db.close()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("live")
    with serving(f"sqlite:///{Path(folder) / 'live.db'}") as server:
        yield server


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(
                f"{CHROMIUM} is missing: .ci/run installs it"
                " (apt-get install chromium-headless-shell)"
            )
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium-headless-shell)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, live_server: LiveServer) -> Iterator[Any]:
    context = browser.new_context(base_url=live_server.url)
    context.set_default_timeout(10_000)
    tab = context.new_page()
    yield tab
    context.close()
