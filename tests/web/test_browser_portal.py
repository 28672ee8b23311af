"""The player portal in a real browser on a phone (390×844): check in, the page turning
into the match card with its play/draw tag when staff release round 1 — without reload —
and In Progress when they open it; drop out with the confirm step. Takes the docs'
screenshot (docs/screenshots/portal-phone.png)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fairpair.service.players.passes import personal_link
from fairpair.service.players.portal_settings import set_portal
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.lifecycle import round_view
from fairpair.web.player_cookie import PLAYER_COOKIE, _signer

from .conftest import LiveServer
from .swiss_events import swiss_event

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
FIELD = ["Ada Lovelace", "Ben Okri", "Cy Twombly", "Dee Dee", "Eve Online", "Fay Wray"]


def test_a_phone_checks_in_sees_its_card_live_and_drops_out(
    browser: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    slug = swiss_event(db, "Portal Phone Open", FIELD)
    set_portal(db, slug, actor="td", checkin_open=True)
    me = "ada-lovelace"
    cookie = _signer(db).sign(personal_link(db, slug, me, actor="td")).decode("ascii")
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
    )
    context.set_default_timeout(10_000)
    context.add_cookies(
        [{"name": PLAYER_COOKIE, "value": cookie, "url": f"{live_server.url}/e/{slug}/"}]
    )
    try:
        page = context.new_page()
        problems: list[str] = []
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(f"/e/{slug}/me")
        assert page.locator("#match-card").inner_text().startswith("No round yet")
        page.get_by_role("button", name="Check in").click()
        page.get_by_text("You are checked in.").first.wait_for()
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390

        page.wait_for_timeout(300)  # the live stream is connected
        drafts.generate(db, slug, actor="td")
        rounds.release(db, slug, actor="td")
        view = round_view(db, slug, 1)
        table = next(t for t in view.tables if me in (t.a.id, t.b.id))
        opponent = table.b.name if table.a.id == me else table.a.name
        tag = "You play first" if table.first == me else "On the draw"
        card = page.locator("#match-card")
        card.get_by_text(f"Round 1 · Table {table.table}").wait_for()  # no reload
        assert opponent in card.inner_text() and tag in card.inner_text()
        assert "Upcoming" in card.inner_text()
        rounds.open_round(db, slug, 1, actor="td")
        card.get_by_text("In Progress").wait_for()
        height = page.locator(".opponent").bounding_box()
        assert height is not None and height["y"] < 844  # the opponent is on the first screen
        if SHOTS.is_dir():
            page.screenshot(path=str(SHOTS / "portal-phone.png"))
        page.set_viewport_size({"width": 360, "height": 740})  # the narrowest phone we serve
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360

        page.get_by_role("button", name="Drop out of the event").click()
        page.get_by_role("heading", name="Drop out of Portal Phone Open?").wait_for()
        page.get_by_role("button", name="Yes, drop me out").click()
        page.get_by_text("You dropped out of the event.").wait_for()
        assert "Withdrew" in page.locator(".standing").inner_text()
        assert page.get_by_role("button", name="Drop out of the event").count() == 0
        assert problems == []
    finally:
        context.close()
