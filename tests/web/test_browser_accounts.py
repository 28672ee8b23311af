"""In Chromium (issue 28, point 7): accounts and links in the browser.

1. First-run setup: a new installation (no account) sends /login to /setup; the first
   account is made there and lands in its console, as the administrator.
2. The owner invites a judge from the Staff tab: the link is named, copied with one click
   ("Copied"); the invitee opens it in a fresh browser, chooses a username and password and
   is in the event's console; the link then no longer works.
3. The administrator issues a password reset link from the Accounts page; opened in a fresh
   browser it sets a new password that logs in.
4. A player's personal link is shown again, named, with Copy; "New link" asks first and the
   old link stops working.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fairpair.service.event import events
from fairpair.service.kernel.connection import Database
from fairpair.service.players import roster
from fairpair.service.players.passes import pass_of
from fairpair.service.players.registration import NewPlayer

from .conftest import LiveServer, serving

PASSWORD = "correct horse battery"


@pytest.fixture
def empty_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A server on a new database with no account at all."""
    with serving(f"sqlite:///{tmp_path / 'fresh.sqlite3'}") as server:
        yield server


def _copied(page: Any, box: str) -> str:
    page.click(f"#{box}-copy")
    page.wait_for_selector(f"#{box}-status:text('Copied')")
    text: str = page.evaluate("navigator.clipboard.readText()")
    assert text == page.input_value(f"#{box}-url")
    return text


def test_setup_invitation_reset_and_personal_links(browser: Any, empty_server: LiveServer) -> None:
    base = empty_server.url
    db: Database = empty_server.db
    admin = browser.new_context(base_url=base)
    admin.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    page = admin.new_page()

    # 1. first run
    page.goto("/login")
    page.wait_for_url("**/setup")
    page.fill("#f-username", "root")
    page.fill("#f-name", "Rita Root")
    page.fill("#f-password", PASSWORD)
    page.fill("#f-confirm", "something else")
    page.click("#setup-form button[type=submit]")
    assert "differ" in page.inner_text("#e-confirm")
    page.fill("#f-password", PASSWORD)
    page.fill("#f-confirm", PASSWORD)
    page.click("#setup-form button[type=submit]")
    page.wait_for_url("**/console?welcome=1")
    page.goto("/setup")
    page.wait_for_url("**/console")  # logged in, and set up: no second first account

    # 2. an invitation to the staff of an event
    slug = events.create_event(db, "Rita's Friday", actor="root", owner=1)
    roster.add_players(db, slug, [NewPlayer("Bea Lind", id="bea")], actor="root")
    page.goto(f"/console/{slug}/staff")
    page.select_option("#f-invite-role", "judge")
    page.fill("#f-note", "for Sam")
    page.click("#make-invitation")
    page.wait_for_selector("#invite-link")
    assert "judge of Rita's Friday" in page.inner_text("#invite-link-title")
    link = _copied(page, "invite-link")
    assert "/invite/" in link
    assert "mailto:" in (page.get_attribute("#invite-link-mail", "href") or "")

    sam = browser.new_context(base_url=base).new_page()
    sam.goto(link)
    assert "judge of Rita's Friday" in sam.inner_text("#invitation-what")
    sam.fill("#f-username", "sam")
    sam.fill("#f-password", PASSWORD)
    sam.fill("#f-confirm", PASSWORD)
    sam.click("#invite-form button[type=submit]")
    sam.wait_for_url("**/console?welcome=1")
    assert "Rita's Friday" in sam.inner_text("main")
    sam.goto(link)
    assert "was used" in sam.inner_text("#link-broken")
    sam.context.close()

    # 3. a password reset by the administrator
    page.goto("/account")
    page.click("#accounts-link")
    page.wait_for_url("**/accounts")
    page.click("#a-sam button")
    page.wait_for_selector("#made-link")
    reset = _copied(page, "made-link")
    fresh = browser.new_context(base_url=base).new_page()
    fresh.goto(reset)
    fresh.fill("#f-password", "sam's new password")
    fresh.fill("#f-confirm", "sam's new password")
    fresh.click("#reset-form button[type=submit]")
    fresh.wait_for_url("**/login?reset=sam")
    fresh.fill("#f-username", "sam")
    fresh.fill("#f-password", "sam's new password")
    fresh.click("button[type=submit]")
    fresh.wait_for_url("**/console")
    fresh.context.close()

    # 4. a player's personal link, shown again
    page.goto(f"/console/{slug}/portal")
    page.get_by_role("button", name="Personal link of Bea Lind").click()
    page.wait_for_selector("#new-link")
    assert "Bea Lind's personal link" in page.inner_text("#new-link-title")
    first = _copied(page, "new-link")
    page.goto(f"/console/{slug}/portal")
    page.get_by_role("button", name="Personal link of Bea Lind").click()
    assert page.input_value("#new-link-url") == first  # the same link, shown again
    assert "shown again" in page.inner_text("#new-link")
    page.click("#replace-link button")
    page.wait_for_selector("#confirm")
    assert "stops working" in page.inner_text("main")
    page.get_by_role("button", name="Make a new link").click()
    page.wait_for_selector("#new-link")
    second = page.input_value("#new-link-url")
    assert second != first
    assert pass_of(db, slug, first.rsplit("/", 1)[1]) is None
    assert pass_of(db, slug, second.rsplit("/", 1)[1]) is not None
    admin.close()
