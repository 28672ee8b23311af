"""The public pages in a real browser (Chromium): a player on a phone finds their table with
no sideways scrolling; a result reported through the service shows on an open page without a
reload; the print views print to PDF (navigation hidden on paper); the big screen's timer
counts down; with JavaScript off the pages still show the pairings."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from fairpair.engine.results import Result
from fairpair.service.results import recording as results
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.lifecycle import round_view

from .conftest import LiveServer
from .public_events import ACTOR, release, toss_event

FIRST = ("Aiko", "Bruno", "Chloé", "Dario", "Elif", "Finn", "Greta", "Hugo", "Ines", "Jonas")
LAST = ("Tanaka-Fairweather", "Costa", "Martin", "Rossi", "Yılmaz", "O'Brien", "Schulz")
FIELD = tuple(f"{FIRST[i % 10]} {LAST[i % 7]} {i}" for i in range(23))  # odd: a bye


def _errors(page: Any) -> list[str]:
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    return problems


def test_a_phone_finds_its_table_without_scrolling_sideways(
    browser: Any, live_server: LiveServer
) -> None:
    slug = toss_event(live_server.db, "Phone Open", FIELD)
    number = release(live_server.db, slug)
    view = round_view(live_server.db, slug, number)
    me = view.tables[7].b.name
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=3,
    )
    try:
        page = context.new_page()
        problems = _errors(page)
        for address in (
            f"/e/{slug}/pairings?by=name",
            f"/e/{slug}",
            f"/e/{slug}/pairings?by=table",
        ):
            page.goto(address)
            wide = page.evaluate("document.scrollingElement.scrollWidth")
            assert wide <= page.evaluate("innerWidth"), (address, wide)
        page.goto(f"/e/{slug}/pairings?by=name")
        page.fill("input[data-find]", me.split()[0].lower() + " " + me.split()[1][:3].lower())
        rows = page.locator("table.by-name tbody tr:visible")
        row = rows.filter(has_text=me)
        assert row.count() == 1
        assert row.locator("td:nth-child(2)").inner_text().strip() == str(view.tables[7].table)
        assert rows.count() < len(FIELD)  # the others are filtered out
        assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
        assert problems == []
    finally:
        context.close()


def test_a_reported_result_shows_on_the_open_page_without_reload(
    page: Any, live_server: LiveServer
) -> None:
    slug = toss_event(live_server.db, "Live Result Night")
    number = release(live_server.db, slug)
    problems = _errors(page)
    page.goto(f"/e/{slug}")
    page.evaluate("window.stillHere = true")
    table = round_view(live_server.db, slug, number).tables[0]
    page.fill("input[data-find]", table.a.name.lower())  # find my table, then the update
    start = time.monotonic()
    results.report(live_server.db, slug, number, Result.from_games(2, 0), table=1, actor=ACTOR)
    shown = f"{table.a.name} wins 2-0"
    page.locator("#by-table td:nth-child(4)", has_text=shown).wait_for(timeout=2_000)
    assert time.monotonic() - start < 2.0
    page.locator(".round-card", has_text="1 still playing").wait_for(timeout=2_000)
    assert page.evaluate("window.stillHere") is True  # the same page: no navigation
    assert page.locator("#by-name tbody tr:visible").count() == 1  # still filtered
    # the pairings page follows too (it fetches its list again on each new version)
    page.goto(f"/e/{slug}/pairings?by=table")
    page.evaluate("window.stillHere = true")
    results.report(live_server.db, slug, number, Result.from_games(0, 2), table=2, actor=ACTOR)
    second = round_view(live_server.db, slug, number).tables[1]
    page.locator("table.by-table td:nth-child(4)", has_text=f"{second.b.name} wins 2-0").wait_for(
        timeout=2_000
    )
    assert page.evaluate("window.stillHere") is True
    rounds.complete_round(live_server.db, slug, number, actor=ACTOR)
    page.locator(".state-completed", has_text="Completed").first.wait_for(timeout=2_000)
    assert problems == []


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def test_the_print_views_print_to_pdf_without_the_navigation(
    page: Any, live_server: LiveServer
) -> None:
    names = tuple(f"Slip Player {c}" for c in "ABCDEFGHIJKLM")  # six tables and a bye
    slug = toss_event(live_server.db, "Print Night", names)
    number = release(live_server.db, slug)
    page.goto(f"/e/{slug}/print/slips?round={number}")
    assert page.locator("button[data-print]").is_visible()  # public.js shows it
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()
    assert not page.locator(".print-controls").is_visible()
    assert page.locator(".slip").first.is_visible()
    slips = page.pdf(format="A4")
    assert slips.startswith(b"%PDF") and _pages(slips) == 2  # four slips to a page
    page.emulate_media(media="screen")
    page.goto(f"/e/{slug}/print/pairings?round={number}&by=table")
    assert page.locator(".site-header").is_visible()
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()
    assert page.locator("table.by-table").is_visible()
    pairings = page.pdf(format="A4")
    assert pairings.startswith(b"%PDF") and _pages(pairings) == 1


@pytest.mark.slow
def test_the_big_screen_timer_counts_down(page: Any, live_server: LiveServer) -> None:
    slug = toss_event(live_server.db, "Big Screen Night", FIELD)
    number = release(live_server.db, slug)
    ends = datetime.now(UTC) + timedelta(minutes=10)
    rounds.set_dates(live_server.db, slug, number, actor=ACTOR, starts_at=None, ends_at=ends)
    page.set_viewport_size({"width": 1920, "height": 1080})
    problems = _errors(page)
    page.goto(f"/e/{slug}/display")
    clock = page.locator(".timer-clock")
    page.wait_for_function(
        "/^\\d\\d:\\d\\d$/.test(document.querySelector('.timer-clock').textContent)"
    )
    first = clock.inner_text()
    assert first.startswith(("09:", "10:")), first
    page.wait_for_timeout(1_300)
    assert clock.inner_text() < first  # "09:58" < "09:59"
    assert page.locator(".display-list li").count() == len(FIELD)
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert page.locator(".display-pages").inner_text() == ""  # 23 players fit on one page
    page.set_viewport_size({"width": 900, "height": 500})  # they do not: paged
    page.locator(".display-pages", has_text="Page 1 of").wait_for(timeout=2_000)
    page.set_viewport_size({"width": 1920, "height": 1080})
    # the end moved a few seconds ahead (live): the timer reaches 00:00 and "Time"
    soon = datetime.now(UTC) + timedelta(seconds=2)
    rounds.set_dates(live_server.db, slug, number, actor=ACTOR, starts_at=None, ends_at=soon)
    page.locator(".timer-label", has_text="Time").wait_for(timeout=5_000)
    assert clock.inner_text() == "00:00"
    # ?minutes=50 counts from when the round was opened
    page.goto(f"/e/{slug}/display?minutes=50")
    page.wait_for_function(
        "/^\\d\\d:\\d\\d$/.test(document.querySelector('.timer-clock').textContent)"
    )
    assert clock.inner_text().startswith(("49:", "50:")), clock.inner_text()
    assert problems == []


def test_without_javascript_the_public_page_still_shows_the_pairings(
    browser: Any, live_server: LiveServer
) -> None:
    slug = toss_event(live_server.db, "No Script Night", FIELD)
    number = release(live_server.db, slug)
    view = round_view(live_server.db, slug, number)
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"/e/{slug}")
        for name in FIELD:
            assert page.locator("#by-name tbody th", has_text=name).count() == 1
        assert page.locator("#by-table tbody tr").count() == len(view.tables) + 1
        me = view.tables[3].a.name
        page.fill("input[data-find]", me)
        page.click("form.find-table button[type=submit]")
        page.wait_for_url("**/pairings?**")
        rows = page.locator("table.by-name tbody tr")
        assert rows.count() == 1
        assert rows.first.locator("td:nth-child(2)").inner_text().strip() == str(
            view.tables[3].table
        )
        page.goto(f"/e/{slug}/display")
        assert page.locator(".display-list li").count() == len(FIELD)
    finally:
        context.close()
