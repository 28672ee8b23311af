"""Communities in Chromium (issue 30), as a store owner and their players see them: a store
with two weeks; on week 2's Players tab typing "ann" offers Ann Lee as a returning player
(events played, last seen) and picking her registers her linked to her record; the player
directory narrows as a name is typed; two records of Bo are merged after a confirmation that
names both and says how many events move; the public community page lists the weeks and
links each, and Ann's profile shows both weeks, the name played under and her place.

Screenshots for docs/communities.md when ``FAIRPAIR_COMMUNITIES_SHOTS`` names a folder
(``docs/screenshots``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from fairpair.engine.results import Result, Side
from fairpair.service.communities import directory
from fairpair.service.communities.communities import attach_event, create_community
from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import flow, lifecycle

from .conftest import LiveServer
from .helpers import PASSWORD, account
from .test_browser_accessibility import AXE, RUN_AXE, TAGS


def _shot(page: Any, name: str) -> None:
    where = os.environ.get("FAIRPAIR_COMMUNITIES_SHOTS")
    if where:
        Path(where).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(where) / f"communities-{name}.png"))


def _serious(page: Any) -> list[str]:
    found = page.evaluate(RUN_AXE, TAGS)
    return [f"{v['rule']}: {v['targets']}" for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.browser
def test_returning_player_directory_merge_and_public_pages(
    page: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    owner = account(db, "rosa-store")
    club = create_community(db, "Rosa's Rift Shop", actor="setup", owner=owner.id, slug="rosas")
    week1 = events.create_event(db, "Rosa Week 1", actor="setup", owner=owner.id)
    attach_event(db, club, week1, actor="setup")
    field = ["Ann Lee", "Bo Chen", "Cy Dunn", "Di Moss"]
    players.add_players(
        db, week1, [NewPlayer(n, seed=i) for i, n in enumerate(field, 1)], actor="s"
    )
    for number in (1, 2):
        flow.next_round(db, week1, actor="setup")
        for table in (1, 2):
            results.report(db, week1, number, Result.win(Side.A), table=table, actor="setup")
    lifecycle.complete_round(db, week1, 2, actor="setup")
    week2 = events.create_event(db, "Rosa Week 2", actor="setup", owner=owner.id)
    attach_event(db, club, week2, actor="setup")
    players.add_players(db, week2, [NewPlayer("Bo C."), NewPlayer("Eve Fox")], actor="setup")

    page.context.add_init_script(path=str(AXE))  # axe-core in every page (the CSP allows it)
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"/console/{week2}/players")
    page.fill("#f-username", "rosa-store")
    page.fill("#f-password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"**/console/{week2}/players")

    # returning player: typing offers the record; picking it registers her, linked
    page.locator("#f-name").press_sequentially("ann", delay=40)
    pick = page.locator("#pick-ann-lee")
    expect(pick).to_be_visible()
    expect(page.locator("#returning-list")).to_contain_text("1 event played")
    _shot(page, "returning")
    pick.click()
    expect(page.locator("#done-text")).to_have_text("Ann Lee added.")
    expect(page.locator("#players")).to_contain_text("Ann Lee")
    assert {p.key: p.events for p in directory.people(db, club)}["ann-lee"] == 2

    # the directory narrows as a name is typed (htmx, the page stays)
    page.goto(f"/communities/{club}/people")
    expect(page.locator("#people-rows tbody tr")).to_have_count(6)
    page.evaluate("window.stillTheSamePage = true")
    page.locator("#f-q").press_sequentially("bo", delay=40)
    expect(page.locator("#people-rows tbody tr")).to_have_count(2)
    assert page.evaluate("window.stillTheSamePage") is True
    _shot(page, "directory")
    assert _serious(page) == []

    # Bo's two records: merged after a confirmation naming both and the events that move
    page.click("#r-bo-chen a")
    expect(page.locator("#person-name")).to_have_text("Bo Chen")
    page.locator("#f-merge-q").press_sequentially("bo", delay=40)
    merge = page.locator("#merge-bo-c")
    expect(merge).to_be_visible()
    merge.click()
    question = page.locator("#confirm-question")
    expect(question).to_have_text("Merge Bo C. (bo-c) into Bo Chen (bo-chen)? 1 event moves.")
    expect(page.locator("#confirm-details")).to_contain_text("Rosa Week 2")
    _shot(page, "merge")
    assert _serious(page) == []
    assert len(directory.people(db, club)) == 6  # asked first: nothing yet
    page.click("#confirm-yes")
    expect(page.locator("#done-text")).to_have_text("Bo C. merged into this record: 1 event moved.")
    expect(page.locator("#played tbody tr")).to_have_count(2)

    page.goto(f"/communities/{club}")
    expect(page.locator("#events-past")).to_contain_text("Rosa Week 1")
    _shot(page, "console")

    # the public pages: the community's weeks, Ann's profile with her place
    page.goto(f"/c/{club}")
    expect(page.locator("#public-past")).to_contain_text("Rosa Week 1")
    expect(page.locator("#public-upcoming")).to_contain_text("Rosa Week 2")
    _shot(page, "public")
    page.goto(f"/c/{club}/p/ann-lee")
    expect(page.locator("#profile-name")).to_have_text("Ann Lee")
    week1_row = page.locator(f"#pe-{week1}")
    expect(week1_row).to_contain_text("of 4")
    expect(week1_row).to_contain_text("2-0-0")
    expect(page.locator(f"#pe-{week2}")).to_contain_text("Ann Lee")
    _shot(page, "profile")
    assert _serious(page) == []
    page.click(f"#pe-{week1} a")
    page.wait_for_url(f"**/e/{week1}")
