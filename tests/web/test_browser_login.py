"""In a real browser (Chromium): the login form works over http://127.0.0.1 with the Secure,
HttpOnly session cookie, and pages run with the strict CSP and no console errors."""

from __future__ import annotations

from typing import Any

from .conftest import LiveServer
from .helpers import PASSWORD, account


def test_an_organizer_logs_in_creates_an_event_and_logs_out(
    page: Any, live_server: LiveServer
) -> None:
    account(live_server.db, "bella")
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.goto("/console")
    assert "/login" in page.url
    page.fill("#f-username", "bella")
    page.fill("#f-password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url("**/console")
    cookies = {c["name"]: c for c in page.context.cookies()}
    assert cookies["fairpair_session"]["httpOnly"] and cookies["fairpair_session"]["secure"]
    assert problems == []
    page.fill("#f-name", "Bella's Friday")
    page.click("#new-event button[type=submit]")
    page.wait_for_url("**/console/bella-s-friday")
    assert "Add players" in page.locator("#next-action").inner_text()
    assert problems == []
    page.goto("/console")
    assert page.locator("#my-events").inner_text().count("Bella's Friday") == 1
    page.click("text=Log out")
    page.wait_for_url(live_server.url + "/")
    assert "Organizer login" in page.content()
