"""Discord codes in a real browser: the organizer clicks "Make a link code" on the Players'
side tab and sees the /link command to type; a player (on a phone) clicks "Link my Discord
account" on their page and sees their own /join command."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from fairpair.service.discord.codes import code_for
from fairpair.service.discord.links import link_channel
from fairpair.service.event.events import create_event
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players
from fairpair.web.player_cookie import PLAYER_COOKIE

from .conftest import LiveServer
from .helpers import PASSWORD, account
from .player_passes import pass_of, signed

LINK = re.compile(r"^/link code:([0-9A-Z]{8})$")
JOIN = re.compile(r"^/join code:([0-9A-Z]{8})$")


@pytest.mark.slow
def test_the_organizer_and_a_player_get_their_discord_codes(
    browser: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    owner = account(db, "disco")
    slug = create_event(db, "Discord Codes Cup", actor="disco", owner=owner.id)
    add_players(db, slug, [NewPlayer("Ada", id="ada"), NewPlayer("Ben", id="ben")], actor="disco")
    desk = browser.new_context(base_url=live_server.url)
    phone = browser.new_context(
        base_url=live_server.url, viewport={"width": 390, "height": 844}, is_mobile=True
    )
    try:
        for context in (desk, phone):
            context.set_default_timeout(10_000)
        page = desk.new_page()
        page.goto("/login")
        page.fill("#f-username", "disco")
        page.fill("#f-password", PASSWORD)
        page.click("form[action='/login'] button[type=submit]")
        page.wait_for_url("**/console")
        page.goto(f"/console/{slug}/portal")
        page.get_by_role("button", name="Make a link code").click()
        command = page.locator("#discord-command")
        expect(command).to_have_text(LINK)
        expect(page.locator("#discord-code")).to_contain_text("within 30 minutes")
        found = LINK.match(command.inner_text())
        assert found is not None and code_for(db, found.group(1)).slug == slug

        # the channel is linked in Discord (what /link does): players now see the box
        link_channel(db, found.group(1), guild_id="1", channel_id="4242", actor="Discord user x")
        page.reload()
        expect(page.locator("#discord-channels")).to_contain_text("#4242")

        cookie = signed(db, pass_of(db, slug, "ada"))
        phone.add_cookies(
            [{"name": PLAYER_COOKIE, "value": cookie, "url": f"{live_server.url}/e/{slug}/"}]
        )
        me = phone.new_page()
        me.goto(f"/e/{slug}/me")
        me.get_by_role("button", name="Link my Discord account").click()
        mine = me.locator("#discord-command")
        expect(mine).to_have_text(JOIN)
        expect(me.locator("#discord-code")).to_contain_text("within 30 minutes")
        found = JOIN.match(mine.inner_text())
        assert found is not None and code_for(db, found.group(1)).purpose == "player"
        assert me.evaluate("document.scrollingElement.scrollWidth") <= 390
    finally:
        desk.close()
        phone.close()
