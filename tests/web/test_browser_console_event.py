"""In a real browser (Chromium): an organizer runs the event console — creates an event,
imports players from a CSV file, filters and checks players in, drops one, reorders a
tiebreak with the buttons and by dragging, adds a judge — with no console errors on any page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from fairpair.service.event.events import export_event, show_event

from .conftest import LiveServer
from .helpers import PASSWORD, account

PLAYERS = """name,id,seed,rating,team,contact
Ann Archer,ann,1,1800,Owls,ann@example.org
Ben Brook,ben,2,1750,Owls,
Cleo Cruz,cleo,3,1700,Hawks,
Dev Dhar,dev,4,1650,Hawks,
Eve Ekholm,eve,5,1600,,
Finn Fox,finn,6,1550,,
Gia Gold,gia,7,1500,,
Hal Hart,hal,8,1450,,
"""


@pytest.mark.slow
def test_an_organizer_runs_the_event_console(
    page: Any, live_server: LiveServer, tmp_path: Path
) -> None:
    account(live_server.db, "carmen")
    account(live_server.db, "jamie", organizer=False)
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto("/login")
    page.fill("#f-username", "carmen")
    page.fill("#f-password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url("**/console")
    page.fill("#f-name", "Carmen's Console Open")
    page.click("#new-event button[type=submit]")
    page.wait_for_url("**/console/carmen-s-console-open")
    slug = "carmen-s-console-open"
    assert "Add players" in page.locator("#next-action").inner_text()

    page.click("a[data-tab=players]")
    csv_file = tmp_path / "players.csv"
    csv_file.write_text(PLAYERS, encoding="utf-8")
    page.set_input_files("#f-file", str(csv_file))
    page.click("#import-form button[type=submit]")
    page.wait_for_selector("#done")
    assert page.locator("#players tbody tr").count() == 8

    page.fill("#player-filter", "owls")
    assert page.locator("#players tbody tr:visible").count() == 2
    page.click("#checkin-shown button[type=submit]")
    assert "Check in 2 players?" in page.inner_text("main")  # a bulk check-in asks first
    page.click("#confirm-yes")
    page.wait_for_selector("#done")
    assert "2 players checked in." in page.inner_text("#done")
    assert page.inner_text("#undo") == "Undo these check-ins"
    page.click("button[aria-label='Check in Cleo Cruz']")
    page.wait_for_selector("button[aria-label$='Undo check-in of Cleo Cruz']")
    checked = {p.id for p in show_event(live_server.db, slug).players if p.checked_in}
    assert checked == {"ann", "ben", "cleo"}

    page.fill("#p-hal input[name=reason]", "went home")
    page.click("button[aria-label='Drop Hal Hart']")
    page.wait_for_selector("#p-hal .badge")
    assert "Withdrew" in page.locator("#p-hal").inner_text()

    page.click("a[data-tab=overview]")
    assert "Start round 1" in page.locator("#next-action").inner_text()

    page.click("a[data-tab=stages]")
    page.click("#stages a")
    page.click("button[aria-label='Move buchholz down']")
    # The page's script moves it at once; before the script has loaded, the button submits
    # the form and the page comes back with the order moved: wait for either.
    page.wait_for_selector("#tiebreaks li:first-child[data-tiebreak=matches_won]")
    names = page.locator("#tiebreaks li").evaluate_all("els => els.map(e => e.dataset.tiebreak)")
    assert names[:2] == ["matches_won", "buchholz"]
    page.drag_and_drop("#tiebreaks li[data-tiebreak=seed]", "#tiebreaks li[data-tiebreak=gw]")
    names = page.locator("#tiebreaks li").evaluate_all("els => els.map(e => e.dataset.tiebreak)")
    assert names == ["matches_won", "buchholz", "head_to_head", "seed", "gw"]
    page.click("#save-stage")
    page.wait_for_selector("#saved")
    assert export_event(live_server.db, slug).stage("swiss").ruleset.tiebreaks == (
        "matches_won",
        "buchholz",
        "head_to_head",
        "seed",
        "gw",
    )

    page.click("a[data-tab=staff]")
    page.fill("#f-username", "jamie")
    page.select_option("#f-role", "judge")
    page.click("#add-staff-form button[type=submit]")
    page.wait_for_selector("#s-jamie")
    assert "judge" in page.locator("#s-jamie select").input_value()

    page.click("a[data-tab=log]")
    granted = page.locator("#audit-log tr[data-action='staff.grant']")
    assert "Carmen (owner) made Jamie judge" in granted.inner_text()  # a sentence, raw in details
    assert problems == []
