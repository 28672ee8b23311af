"""Self-reporting in Chromium on a phone (390 px): Ash taps 2-1 on the report card, Bo —
another phone — sees "Ash reported", confirms, and the result is the match's (the public
page, open elsewhere, shows it without a reload); at another
table a dispute lands in the Resolution Queue, where a judge accepts one version in one
click (read first in Spanish: why it waits, where a judge is called). With htmx the card
updates in place (no navigation)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect
from sqlalchemy import select

from fairpair.service.accounts import staff
from fairpair.service.results.judge_calls import call_judge
from fairpair.service.results.resolution_queue import resolution_queue
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.models import EventRow, PlayerRow
from self_report_events import pairs, reporting_event

from .conftest import LiveServer
from .helpers import PASSWORD, account
from .player_passes import pass_of, signed

PHONE = {"width": 390, "height": 844}


def _phone(browser: Any, live_server: LiveServer, slug: str, secret: str) -> Any:
    context = browser.new_context(viewport=PHONE, base_url=live_server.url)
    context.set_default_timeout(10_000)
    host = live_server.url.split("//", 1)[1].split(":", 1)[0]
    context.add_cookies(
        [
            {
                "name": "fairpair_player",
                "value": signed(live_server.db, secret),
                "domain": host,
                "path": f"/e/{slug}",
            }
        ]
    )
    return context


@pytest.mark.slow
def test_report_confirm_and_a_dispute_settled_in_the_queue(
    browser: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    slug = reporting_event(db, "Browser Self Report", 4)
    account(db, "rita")
    staff.grant(db, slug, "rita", "judge", actor="td")
    one, two = pairs(db, slug)
    phones = [
        _phone(browser, live_server, slug, pass_of(db, slug, key))
        for key in (one.a, one.b, two.a, two.b)
    ]
    try:
        ash, bo, cy, di = (c.new_page() for c in phones)
        ash.goto(f"/e/{slug}/me/report")
        expect(ash.locator("h3.report-title")).to_have_text("Report your result")
        assert ash.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        box = ash.locator("button[data-score='2-1']").bounding_box()
        assert box is not None and box["height"] >= 44  # a big tap target
        ash.click("button[data-score='2-1']")
        expect(ash.locator("#report-waiting")).to_contain_text("to confirm your report")
        assert ash.url.endswith(f"/e/{slug}/me/report")  # htmx: swapped in place
        spectator = browser.new_context(base_url=live_server.url)
        phones.append(spectator)
        public = spectator.new_page()
        public.goto(f"/e/{slug}")
        public.evaluate("window.stillHere = true")
        bo.goto(f"/e/{slug}/me/report")
        expect(bo.locator("#report-ask")).to_contain_text("reported: you lost 1-2")
        bo.click("#report-confirm")
        expect(bo.locator("#report-done")).to_contain_text("wins 2-1")
        # the public page shows the confirmed result without a reload
        shown = f"{one.a.upper()} wins 2-1"
        public.locator("#by-table td:nth-child(4)", has_text=shown).wait_for(timeout=3_000)
        assert public.evaluate("window.stillHere") is True
        assert rounds.round_view(db, slug, 1).tables[one.table - 1].result is not None
        # a dispute: Cy says 2-0, Di says it was 2-1 for Di
        cy.goto(f"/e/{slug}/me/report")
        cy.click("button[data-score='2-0']")
        expect(cy.locator("#report-waiting")).to_be_visible()
        di.goto(f"/e/{slug}/me/report")
        di.click("#report-dispute-open")
        di.click("#dispute-choices button[data-score='2-1']")
        expect(di.locator("#report-disputed")).to_contain_text("A judge will settle it")
        assert [i.kind for i in resolution_queue(db, slug).items] == ["disputed"]
        # the judge settles it (a laptop)
        judge = browser.new_context(base_url=live_server.url)
        try:
            page = judge.new_page()
            page.goto("/login")
            page.fill("#f-username", "rita")
            page.fill("#f-password", PASSWORD)
            page.click("form[action='/login'] button[type=submit]")
            page.wait_for_url("**/console")
            # the queue in Spanish (the footer's choice): why it waits, where a judge is called
            with db.reading() as conn:
                caller = conn.execute(
                    select(PlayerRow.id)
                    .join(EventRow, EventRow.id == PlayerRow.event_id)
                    .where(EventRow.slug == slug, PlayerRow.key == one.a)
                ).scalar_one()
            call_judge(db, slug, caller, None, actor="player")
            page.context.add_cookies(
                [{"name": "fairpair_lang", "value": "es", "url": live_server.url}]
            )
            page.goto(f"/console/{slug}/queue")
            expect(page.locator(".queue-why")).to_contain_text(
                f"{two.b.upper()} disputó el reporte de {two.a.upper()}"
            )
            expect(page.locator("#judge-call-list")).to_contain_text(f"mesa {one.table} (ronda 1)")
            page.context.add_cookies(
                [{"name": "fairpair_lang", "value": "en", "url": live_server.url}]
            )
            page.goto(f"/console/{slug}/queue")
            expect(page.locator("#queue-count")).to_contain_text("1 match to settle")
            page.click(f"#item-swiss-1-{two.table} button.accept[data-by='{two.b}']")
            expect(page.locator("#recorded")).to_contain_text("wins 2-1")
            expect(page.locator("#queue-empty")).to_be_visible()
        finally:
            judge.close()
        cy.reload()
        expect(cy.locator("#report-done")).to_contain_text("entered by a judge")
    finally:
        for context in phones:
            context.close()
