"""In Chromium (issue 28, point 8): a player reports 2-1 from their phone and the console's
Results tab says "P1 reported 2-1, waiting for P2" beside the match (and the round's page
too); after a dispute the console's navigation shows the Resolution Queue's count, the match
says the two players disagree with a link to the queue; the Audit log reads as sentences,
each with its raw entry behind a "details" disclosure — and in German for a German reader
(issue 33, point 8)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from fairpair.service.accounts import staff
from fairpair.service.results.self_reports import dispute_report, report_own
from self_report_events import actor, pairs, reporting_event

from .conftest import LiveServer
from .helpers import PASSWORD, account
from .player_passes import pass_of, signed


@pytest.mark.slow
def test_the_console_explains_pending_reports_and_the_log_reads_as_sentences(
    browser: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    slug = reporting_event(db, "Pending Phones", 6)
    account(db, "pia")
    staff.grant(db, slug, "pia", "owner", actor="td")
    one, two, three = pairs(db, slug)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server.url)
    laptop = browser.new_context(base_url=live_server.url)
    try:
        phone.set_default_timeout(10_000)
        laptop.set_default_timeout(10_000)
        host = live_server.url.split("//", 1)[1].split(":", 1)[0]
        secret = signed(db, pass_of(db, slug, one.a))
        phone.add_cookies(
            [{"name": "fairpair_player", "value": secret, "domain": host, "path": f"/e/{slug}"}]
        )
        player = phone.new_page()
        player.goto(f"/e/{slug}/me/report")
        player.click("button[data-score='2-1']")
        expect(player.locator("#report-waiting")).to_be_visible()

        console = laptop.new_page()
        console.goto(f"/console/{slug}/results")
        console.fill("#f-username", "pia")
        console.fill("#f-password", PASSWORD)
        console.click("form[action='/login'] button[type=submit]")
        console.wait_for_url(f"**/console/{slug}/results")
        waiting = f"{one.a.upper()} reported 2-1, waiting for {one.b.upper()}"
        row = console.locator(f"#outstanding-tables tr[data-table='{one.table}']")
        expect(row.locator(".pending-report")).to_have_text(waiting)
        expect(
            console.locator(f"#outstanding-tables tr[data-table='{three.table}'] .pending-report")
        ).to_have_text("not reported")
        expect(console.locator("#nav-queue-count")).to_have_count(0)  # nothing to settle yet
        console.goto(f"/console/{slug}/rounds/1")
        expect(console.locator(f"#round-tables tr[data-table='{one.table}']")).to_contain_text(
            waiting
        )

        # a dispute at another table: the queue's count in the navigation, and the link
        report_own(db, slug, two.a, 2, 0, 0, actor=actor(two.a))
        dispute_report(db, slug, two.b, 2, 1, 0, actor=actor(two.b))
        console.goto(f"/console/{slug}/results")
        expect(console.locator("#nav-queue-count")).to_have_text("1")
        disputed = console.locator(f"#outstanding-tables tr[data-table='{two.table}']")
        expect(disputed).to_contain_text(
            f"{two.a.upper()} and {two.b.upper()} disagree — in the Resolution Queue"
        )
        disputed.get_by_role("link", name="in the Resolution Queue").click()
        console.wait_for_url(f"**/console/{slug}/queue")
        expect(console.locator("#queue-count")).to_contain_text("1 match to settle")
        expect(console.locator("#nav-queue-count")).to_have_text("1")

        # the audit log: sentences, the raw entry behind "details"
        console.goto(f"/console/{slug}/log")
        log = console.locator("#audit-log")
        expect(log).to_contain_text(
            f"{one.a.upper()} reported 2-1 at table {one.table} in round 1 (from their side)"
        )
        expect(log).to_contain_text(f"{two.b.upper()} disputed the report of table {two.table}")
        expect(log).to_contain_text("td opened round 1")
        entry = log.locator(
            "tr[data-action='self_report.report']", has_text=f"{one.a.upper()} reported 2-1"
        )
        raw = entry.locator("details.log-details")
        expect(raw.locator("code", has_text="self_report.report")).not_to_be_visible()
        raw.locator("summary").click()
        expect(raw.locator("code", has_text="self_report.report")).to_be_visible()
        expect(raw).to_contain_text('"score": "2-1"')

        # the same log read in German (the footer's choice, kept in the fairpair_lang cookie):
        # the sentences and the details' labels in German, names and scores as they are
        laptop.add_cookies([{"name": "fairpair_lang", "value": "de", "url": live_server.url}])
        console.goto(f"/console/{slug}/log")
        expect(log).to_contain_text(
            f"{one.a.upper()} meldete 2-1 an Tisch {one.table} in Runde 1 (aus eigener Sicht), "
            "wartet auf die Bestätigung des Gegners"
        )
        expect(log).to_contain_text(
            f"{two.b.upper()} widersprach der Meldung von Tisch {two.table}"
        )
        expect(log).to_contain_text("td eröffnete Runde 1")
        expect(log).not_to_contain_text("opened round 1")
        entry = log.locator(
            "tr[data-action='self_report.report']", has_text=f"{one.a.upper()} meldete 2-1"
        )
        raw = entry.locator("details.log-details")
        raw.locator("summary").click()
        expect(raw).to_contain_text(f"Runde 1 Tisch {one.table}")
        expect(raw.locator("code", has_text="self_report.report")).to_be_visible()
    finally:
        phone.close()
        laptop.close()
