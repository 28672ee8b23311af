"""In Chromium (issue 28, point 10): one version string — the footer of the public, the
player's and the console's pages says the installed package's version; the player's
notifications page names the event; the console's print links open the print views and the
match slips have a drop box per player; the console starts, pauses, extends and resumes the
round timer and the big screen (a second page) and the public event page follow live."""

from __future__ import annotations

import re
from importlib.metadata import version
from typing import Any

import pytest
from playwright.sync_api import expect

from fairpair.service.accounts import staff
from self_report_events import pairs, reporting_event

from .conftest import LiveServer
from .helpers import PASSWORD, account
from .player_passes import pass_of, signed


def _seconds(text: str) -> int:
    """``"29:58"`` / ``"1:02:03"`` as seconds."""
    parts = [int(p) for p in text.strip().split(":")]
    total = 0
    for part in parts:
        total = total * 60 + part
    return total


@pytest.mark.slow
def test_version_notifications_prints_and_the_timer(browser: Any, live_server: LiveServer) -> None:
    db = live_server.db
    slug = reporting_event(db, "Truthful Tuesday", 4)
    account(db, "tom")
    staff.grant(db, slug, "tom", "owner", actor="td")
    one, _ = pairs(db, slug)
    footer = f"fairpair {version('fairpair')}"
    laptop = browser.new_context(base_url=live_server.url)
    screen = browser.new_context(base_url=live_server.url, viewport={"width": 1920, "height": 1080})
    phone = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    try:
        for context in (laptop, screen, phone):
            context.set_default_timeout(10_000)
        # the player's pages: the footer, and the notifications page names the event
        host = live_server.url.split("//", 1)[1].split(":", 1)[0]
        secret = signed(db, pass_of(db, slug, one.a))
        phone.add_cookies(
            [{"name": "fairpair_player", "value": secret, "domain": host, "path": f"/e/{slug}"}]
        )
        mine = phone.new_page()
        mine.goto(f"/e/{slug}/me/notifications")
        expect(mine).to_have_title(re.compile("Truthful Tuesday"))
        expect(mine.locator("h1")).to_contain_text("Truthful Tuesday")
        expect(mine.locator("footer.site-footer")).to_contain_text(footer)

        # the public page and the console: the same version
        public = screen.new_page()
        public.goto(f"/e/{slug}")
        expect(public.locator("footer.site-footer")).to_contain_text(footer)
        console = laptop.new_page()
        console.goto(f"/console/{slug}/results")
        console.fill("#f-username", "tom")
        console.fill("#f-password", PASSWORD)
        console.click("form[action='/login'] button[type=submit]")
        console.wait_for_url(f"**/console/{slug}/results")
        expect(console.locator("footer.site-footer")).to_contain_text(footer)

        # print links open the print views; the slips have a drop box per player
        with laptop.expect_page() as opened:
            console.click("#print-slips")
        slips = opened.value
        slips.wait_for_load_state()
        assert "/print/slips" in slips.url
        expect(slips.locator(".slip")).to_have_count(2)
        expect(slips.locator(".slip-drop")).to_have_count(4)  # one per player
        expect(slips.locator(".slip-drop").first).to_have_text("☐ I drop from the event")
        slips.close()
        with laptop.expect_page() as opened:
            console.click("#print-by-table")
        pairings = opened.value
        pairings.wait_for_load_state()
        assert "/print/pairings" in pairings.url and "by=table" in pairings.url
        expect(pairings.locator("body")).to_contain_text(one.a.upper())
        pairings.close()

        # the timer: started, paused, extended and resumed from the console; the big screen
        # (a second page) and the public event page follow without a reload
        display = screen.new_page()
        display.goto(f"/e/{slug}/display")
        display.evaluate("window.stillHere = true")
        clock = display.locator(".display-timer .timer-clock")
        expect(console.locator("#clock-status")).to_contain_text("Not started")
        console.fill("#clock-minutes", "30")
        console.click("#clock-start")
        expect(console.locator("#clock-pause")).to_be_visible()
        expect(clock).to_have_text(re.compile(r"^(30:00|29:5\d)$"))
        expect(public.locator(".round-clock .clock-left")).to_have_text(
            re.compile(r"^(30:00|29:5\d)$")
        )
        console.click("#clock-pause")
        expect(console.locator("#clock-resume")).to_be_visible()
        expect(display.locator(".display-timer .timer-label")).to_have_text("Paused")
        paused_at = _seconds(clock.inner_text())
        assert 29 * 60 <= paused_at <= 30 * 60
        console.click("#clock-plus-5")
        expect(clock).to_have_text(re.compile(r"^3[45]:\d\d$"))
        assert _seconds(clock.inner_text()) == paused_at + 5 * 60
        expect(public.locator(".round-clock")).to_contain_text("Timer paused")
        console.click("#clock-resume")
        expect(display.locator(".display-timer .timer-label")).to_have_text("")
        expect(console.locator("#clock-pause")).to_be_visible()
        assert display.evaluate("window.stillHere") is True  # followed live: no reload
    finally:
        laptop.close()
        screen.close()
        phone.close()
