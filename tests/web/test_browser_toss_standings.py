"""In a real browser (Chromium): a judge flips a toss on the Toss tab by clicking its tag
(the ring appears, the balance changes, no page load); and a second browser on the public
standings page sees a result reported through the service appear without reload."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from fairpair.engine.results import Result, Side
from fairpair.service.event import events
from fairpair.service.results import recording as results
from fairpair.service.results.standings import standings

from .conftest import LiveServer
from .helpers import PASSWORD, account
from .swiss_events import ACTOR, play_round, start_round, swiss_event


def test_a_flip_by_click_and_a_result_live_on_the_public_standings(
    page: Any, browser: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    owner = account(db, "tessa")
    slug = swiss_event(db, "Browser Toss Night", ["Ann", "Bob", "Cid", "Dee"], owner=owner)
    play_round(db, slug)
    number = start_round(db, slug)
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)

    page.goto(f"/console/{slug}/toss")
    page.fill("#f-username", "tessa")
    page.fill("#f-password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"**/console/{slug}/toss")
    row = page.locator('#toss-table tr[data-player="ann"]')
    balance = int(row.locator(".balance").get_attribute("data-balance"))
    assert row.locator("button.manual").count() == 0
    loads: list[str] = []
    page.on("load", lambda: loads.append(page.url))
    row.locator('td[data-round="1"] button.tag').click()
    ringed = page.locator('#toss-table tr[data-player="ann"] td[data-round="1"] button.tag.manual')
    expect(ringed).to_have_count(1)
    after = int(
        page.locator('#toss-table tr[data-player="ann"] .balance').get_attribute("data-balance")
    )
    assert abs(after - balance) == 2
    expect(page.locator('#toss-table tr[data-player="ann"] .manual-count')).to_have_text("1")
    assert loads == []  # htmx swapped the table in place
    assert problems == []

    viewer = browser.new_context(base_url=live_server.url)
    try:
        public = viewer.new_page()
        with public.expect_request(lambda r: "/live?view=standings" in r.url):
            public.goto(f"/e/{slug}/standings")
        public.evaluate("window.fairpairSamePage = true")
        navigated: list[str] = []
        public.on("framenavigated", lambda frame: navigated.append(frame.url))
        rnd = events.export_event(db, slug).stage("swiss").round(number)
        assert rnd is not None
        winner = rnd.matches[0].a
        results.report(
            db, slug, number, Result.win(Side.A), table=rnd.matches[0].table, actor=ACTOR
        )
        _, now = standings(db, slug)
        mine = now.row(winner)
        record = f"{mine.wins}-{mine.losses}-{mine.draws}"  # W-L-D
        cell = public.locator(f'#standings tr[data-player="{winner}"] td.record')
        expect(cell).to_have_text(record, timeout=2000)
        assert public.evaluate("window.fairpairSamePage") is True  # no reload
        assert navigated == []
    finally:
        viewer.close()
