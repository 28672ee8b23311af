"""In a real browser (Chromium): an owner downloads the event's backup from its overview and
its standings as CSV, restores the backup from the list of events (a new event, theirs),
then imports a messy CSV file and reads the warnings — with no console errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fairpair.service.event.demo import create_demo
from fairpair.service.kernel.audit import audit_log

from .conftest import LiveServer
from .helpers import PASSWORD, account


@pytest.mark.slow
def test_an_owner_backs_up_restores_and_downloads_csv(
    page: Any, live_server: LiveServer, tmp_path: Path
) -> None:
    owner = account(live_server.db, "bianca")
    slug = create_demo(live_server.db, owner=owner.id, slug="bianca-demo")
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto("/login")
    page.fill("#f-username", "bianca")
    page.fill("#f-password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url("**/console")

    page.goto(f"/console/{slug}")
    with page.expect_download() as got:
        page.click("#backup-download")
    saved = tmp_path / "backup.json"
    got.value.save_as(saved)
    assert json.loads(saved.read_text(encoding="utf-8"))["event"]["slug"] == slug

    page.goto(f"/console/{slug}/standings")
    with page.expect_download() as got:
        page.click("#standings-csv")
    assert got.value.suggested_filename == f"{slug}-standings.csv"

    page.goto("/console")
    page.set_input_files("#f-backup", str(saved))
    page.fill("#f-restore_slug", "bianca-restored")
    page.click("#restore-form button[type=submit]")
    page.wait_for_url("**/console/bianca-restored")
    assert audit_log(live_server.db, "bianca-restored").entries[-1].action == "event.restore"

    page.goto("/console")
    page.set_input_files("#f-backup", str(saved))
    page.fill("#f-restore_slug", "bianca-restored")
    page.click("#restore-form button[type=submit]")
    assert "exists already" in page.locator("#restore-form").inner_text()
    assert problems == [
        "Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)"
    ]  # the refusal's own status, and nothing else
    problems.clear()

    messy = tmp_path / "messy.csv"
    messy.write_text("\ufeffPlayer;DCI;Seed #\nZoe Young;900;\nZoe Young;901;\n", encoding="utf-8")
    page.goto(f"/console/{slug}/players")
    page.set_input_files("#f-file", str(messy))
    page.click("#import-form button[type=submit]")
    page.wait_for_selector("#import-warnings")
    assert "both are imported" in page.locator("#import-warnings").inner_text()
    assert problems == []
