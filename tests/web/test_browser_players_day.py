"""The players' side of an event in Chromium on phones (issue 11's browser test), end to end
through the real pages: four players join by the event's code (typed on /join), each
checks in on their portal; the organizer releases and opens round 1 (toss on); each phone
shows its match card with "You play first" / "On the draw" — arriving without a reload;
one player reports 2-1 on the card, the opponent confirms on theirs, and the public
standings page, open on a fifth screen, shows the win without a reload. At the other table
a report is disputed: it lands in the Resolution Queue and a judge settles it there."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import Stage, TossSettings
from fairpair.engine.stage_config import SwissConfig
from fairpair.service.accounts import staff
from fairpair.service.event import events
from fairpair.service.players.portal_settings import read_portal, set_portal
from fairpair.service.results.resolution_queue import resolution_queue
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds

from .conftest import LiveServer
from .helpers import PASSWORD, account

PHONE = {"width": 390, "height": 844}
NAMES = ("Ada Quill", "Ben Rook", "Cai Moss", "Dov Lark")


def _join(browser: Any, live_server: LiveServer, code: str, name: str) -> tuple[Any, Any]:
    """A phone that types the code on /join, gives its name and lands on its portal."""
    context = browser.new_context(viewport=PHONE, base_url=live_server.url)
    context.set_default_timeout(10_000)
    phone = context.new_page()
    phone.goto("/join")
    phone.fill("#f-code", code.lower())  # typed as people type it
    phone.click("#code-form button[type=submit]")
    phone.fill("#f-name", name)
    phone.click("#join-form button[type=submit]")
    phone.wait_for_url("**/me*")
    expect(phone.locator(".portal-who")).to_contain_text(name)
    phone.click("#checkin button[type=submit]")
    expect(phone.locator("#checkin .checked")).to_have_text("You are checked in.")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.evaluate("window.stillHere = true")
    return context, phone


@pytest.mark.slow
def test_players_join_check_in_report_confirm_and_a_dispute_is_settled(
    browser: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    stage = Stage(
        config=SwissConfig(max_rounds=3, toss=TossSettings(enabled=True)),
        ruleset=PRESETS["mtg"],
        seed="players day",
    )
    slug = events.create_event(db, "Players Day", actor="td", stage=stage)
    account(db, "judy")
    staff.grant(db, slug, "judy", "judge", actor="td")
    set_portal(db, slug, actor="td", checkin_open=True)
    code = read_portal(db, slug).join_code
    contexts: list[Any] = []
    try:
        phones = {}
        for name in NAMES:
            context, phone = _join(browser, live_server, code, name)
            contexts.append(context)
            phones[name] = phone
            expect(phone.locator("#match-card")).to_contain_text("No round yet")
        spectator = browser.new_context(base_url=live_server.url)
        contexts.append(spectator)
        public = spectator.new_page()
        public.goto(f"/e/{slug}/standings")
        public.evaluate("window.stillHere = true")

        # the organizer releases and opens round 1: every card shows its match, live
        drafts.generate(db, slug, actor="td")
        rounds.release(db, slug, actor="td")
        rounds.open_round(db, slug, 1, actor="td")
        view = rounds.round_view(db, slug, 1)
        name_of = {p.id: p.name for t in view.tables for p in (t.a, t.b)}
        for table in view.tables:
            for side, other in ((table.a, table.b), (table.b, table.a)):
                card = phones[side.name].locator("#match-card")
                expect(card).to_contain_text(f"Table {table.table}", timeout=45_000)
                expect(card.locator(".opponent")).to_have_text(other.name)
                tag = "You play first" if table.first == side.id else "On the draw"
                expect(card.locator(".toss")).to_have_text(tag)
                expect(card).to_contain_text("In Progress")
        for phone in phones.values():
            assert phone.evaluate("window.stillHere") is True  # no reload, no navigation

        # table 1: the player on side a reports 2-1, the opponent confirms
        one, two = view.tables
        winner, loser = phones[one.a.name], phones[one.b.name]
        winner.click("#report-card button[data-score='2-1']")
        expect(winner.locator("#report-waiting")).to_contain_text("to confirm")
        expect(loser.locator("#report-ask")).to_contain_text("you lost 1-2", timeout=15_000)
        loser.click("#report-confirm")
        expect(loser.locator("#report-done")).to_contain_text("wins 2-1")
        # the public standings show the win without a reload
        row = public.locator("tr", has_text=name_of[one.a.id])
        expect(row).to_contain_text("1-0", timeout=15_000)
        assert public.evaluate("window.stillHere") is True

        # table 2: a report the opponent disputes goes to the Resolution Queue
        says, denies = phones[two.a.name], phones[two.b.name]
        says.click("#report-card button[data-score='2-0']")
        expect(says.locator("#report-waiting")).to_be_visible()
        expect(denies.locator("#report-ask")).to_be_visible(timeout=15_000)
        denies.click("#report-dispute-open")
        denies.click("#dispute-choices button[data-score='2-1']")
        expect(denies.locator("#report-disputed")).to_contain_text("A judge will settle it")
        assert [item.kind for item in resolution_queue(db, slug).items] == ["disputed"]

        judge = browser.new_context(base_url=live_server.url)
        contexts.append(judge)
        desk = judge.new_page()
        desk.goto("/login")
        desk.fill("#f-username", "judy")
        desk.fill("#f-password", PASSWORD)
        desk.click("form[action='/login'] button[type=submit]")
        desk.wait_for_url("**/console")
        desk.goto(f"/console/{slug}/queue")
        expect(desk.locator("#queue-count")).to_contain_text("1 match to settle")
        desk.click(f"#item-swiss-1-{two.table} button.accept[data-by='{two.b.id}']")
        expect(desk.locator("#queue-empty")).to_be_visible()
        assert not resolution_queue(db, slug).items
        expect(says.locator("#report-done")).to_contain_text("entered by a judge", timeout=15_000)
        expect(public.locator("tr", has_text=two.b.name)).to_contain_text("1-0", timeout=15_000)
        assert rounds.round_view(db, slug, 1).outstanding == 0
    finally:
        for context in contexts:
            context.close()
