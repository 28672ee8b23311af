"""In a real browser: /docs renders the API's documentation with the vendored ReDoc under
the page's CSP (no inline script, no console error), and a token made through the API
works from a script as a client would use it."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer


@pytest.mark.slow
def test_the_api_docs_render(page: Any, live_server: LiveServer) -> None:
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    missing: list[str] = []
    page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    page.goto("/docs")
    page.get_by_text("Report a match's result", exact=False).first.wait_for(timeout=20_000)
    assert "fairpair" in page.locator("h1").first.inner_text()
    assert page.get_by_text("/api/v1/events/{slug}/results").count() > 0
    assert missing == []
    # ReDoc's own logo is linked from cdn.redoc.ly: the CSP blocks it, ReDoc hides it.
    shown = [p for p in problems if "cdn.redoc.ly" not in p]
    assert shown == [], shown
