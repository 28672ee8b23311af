"""The notification screens in a real browser, on a phone: the channels page's unread count
goes up by itself when a round notice is made (server-sent events), the list shows the
notice (marked new, then read), the channels form saves, and the push section appears with
JavaScript (the Push API exists), nothing wider than the screen."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from fairpair.service.kernel.unit import changing
from fairpair.service.notices.notifications import notify

from .conftest import LiveServer
from .notice_helpers import player_pass, released_event, signed_cookie


def test_a_player_sees_the_count_rise_reads_the_notice_and_sets_channels(
    browser: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    slug = released_event(db, "Phone Notices")
    me, secret = player_pass(db, slug, "Phone Notices P0")
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server.url)
    context.set_default_timeout(10_000)
    context.add_cookies(
        [
            {
                "name": "fairpair_player",
                "value": signed_cookie(db, secret),
                "domain": "127.0.0.1",
                "path": f"/e/{slug}",
            }
        ]
    )
    page = context.new_page()
    try:
        page.goto(f"/e/{slug}/me/preferences")
        expect(page.locator("h1")).to_have_text("How to tell you")
        expect(page.locator("#push-device")).to_be_visible()  # JavaScript and the Push API
        badge = page.locator("#unread-count")
        expect(badge).to_have_text("Notifications")
        page.wait_for_timeout(300)  # the stream is connected
        with changing(db, slug, "fairpair") as change:
            notify(
                change,
                player_id=me,
                kind="round-open",
                title="Round 1 of Phone Notices is open",
                body="Round 1 of Phone Notices is open: play your match. Table 1.",
                url=f"/e/{slug}/me",
                key=f"browser-test:{me}",
            )
            change.audit("notice.round_open", "test", after={"notified": 1})
        expect(page.locator("#unread-count .unread-badge")).to_have_text("1")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390
        page.locator("#discord_user_id").fill("12")
        page.get_by_role("button", name="Save").click()
        expect(page.locator("#discord-error")).to_contain_text("17 to 20 digits")
        page.locator("#discord_user_id").fill("123456789012345678")
        page.get_by_role("button", name="Save").click()
        expect(page.locator(".saved")).to_have_text("Saved.")
        expect(page.locator("#discord_user_id")).to_have_value("123456789012345678")
        page.locator("#unread-count").click()
        expect(page.locator("h1")).to_have_text("Notifications — Phone Notices")
        expect(page.locator(".notice.unread")).to_have_count(1)
        expect(page.locator(".notice .new-tag")).to_have_text("New")
        page.reload()
        expect(page.locator(".notice")).to_have_count(1)
        expect(page.locator(".notice.unread")).to_have_count(0)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


def test_the_organizer_sees_who_was_notified_and_who_has_not_reported(
    page: Any, live_server: LiveServer
) -> None:
    from datetime import timedelta

    from fairpair.engine.results import Result, Side
    from fairpair.service.accounts.staff import grant
    from fairpair.service.jobs.runner import run_due
    from fairpair.service.kernel.change import now
    from fairpair.service.results import recording as results
    from fairpair.service.rounds import lifecycle as rounds
    from fairpair.service.wiring import handlers

    from .helpers import PASSWORD, account

    db = live_server.db
    account(db, "notice-organizer")
    slug = released_event(db, "Reporting Screen")
    grant(db, slug, "notice-organizer", "viewer", actor="tests")
    start = now() - timedelta(minutes=5)
    rounds.set_dates(db, slug, 1, actor="td", starts_at=start, ends_at=start + timedelta(days=2))
    rounds.open_round(db, slug, 1, actor="td")
    while any(run_due(db, handlers(db), worker="browser-test")):
        pass
    results.report(db, slug, 1, Result.win(Side.A), table=2, actor="td")
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.goto("/login")
    page.fill("#f-username", "notice-organizer")
    page.fill("#f-password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url("**/console")
    page.goto(f"/console/{slug}")
    page.locator("a[data-tab=reporting]").click()
    page.wait_for_url(f"**/console/{slug}/reporting")
    expect(page.locator("#reporting-summary")).to_contain_text("4 players notified")
    expect(page.locator("#reporting-summary")).to_contain_text("2 still to report")
    rows = page.locator("#reporting-players tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.nth(0)).to_contain_text("not reported")  # the outstanding ones first
    expect(rows.nth(3)).to_contain_text("result in")
    expect(rows.nth(0)).to_contain_text("round-open")
    expect(page.locator("#planned-notices")).to_contain_text("halfway")
    assert problems == []
