"""In Chromium at 1366×768 (issue 28, points 2 and 3): a 16-player Swiss of 2 rounds, then a
top 8 added from the Top cut tab after the Swiss ended, run to its champion from the console.

Every click is counted: a Swiss round of 8 tables takes at most 3 clicks plus typing its
results (round 1 by the review: Generate, Release and open; round 2 by Next round), and the
button each step needs is inside the first screen without scrolling. No round is offered
after the last Swiss round nor after the champion; the added cut is drawn ("Draw the top
8"); the playoff rounds are the Quarterfinals, the Semifinals and the Final on the console
and on the public pages. The event and its players are set up through the service."""

from __future__ import annotations

from typing import Any

from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import SwissConfig
from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds import lifecycle as rounds

from .conftest import LiveServer
from .helpers import PASSWORD, account

WIDTH, HEIGHT = 1366, 768


class Clicks:
    """The organizer's clicks, counted (typing is not a click)."""

    def __init__(self, page: Any) -> None:
        self.page, self.count = page, 0

    def __call__(self, selector: str) -> None:
        self.count += 1
        self.page.click(selector)


def in_first_screen(page: Any, selector: str) -> bool:
    """``selector`` is seen without scrolling: the page is at its top and the element lies
    inside the 1366×768 window."""
    box = page.locator(selector).bounding_box()
    top = page.evaluate("window.scrollY")
    return (
        box is not None
        and top == 0
        and box["y"] >= 0
        and box["y"] + box["height"] <= HEIGHT
        and box["x"] + box["width"] <= WIDTH
    )


def type_results(
    page: Any, tables: int, *, wins: tuple[str, str] = ("2-0", "0-2"), moves_on: bool = False
) -> None:
    """Every table's result typed on the Results tab (table, Enter, result, Enter): odd
    tables ``wins[0]``, even ones ``wins[1]``. The page then says every result is in — or,
    ``moves_on``, the last result moved it to another round (the autopilot), not waited for."""
    for table in range(1, tables + 1):
        page.wait_for_selector("#entry-form[data-ready]")
        page.wait_for_function("document.activeElement && document.activeElement.id === 'f-table'")
        page.keyboard.type(str(table))
        page.keyboard.press("Enter")
        page.wait_for_function("document.activeElement.id === 'f-result'")
        page.keyboard.type(wins[0] if table % 2 else wins[1])
        page.keyboard.press("Enter")
        if table < tables or not moves_on:
            page.wait_for_selector(f"#recorded:text('Table {table}:')")
    if not moves_on:
        page.wait_for_selector("#outstanding-count:text('every result in')")


def test_a_swiss_and_its_top_8_run_from_the_console_in_few_clicks(
    page: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    who = account(db, "flora")
    stage = Stage(config=SwissConfig(max_rounds=2), seed="flow")
    slug = events.create_event(db, "Flora's Flow Night", actor="setup", owner=who.id, stage=stage)
    players.add_players(
        db,
        slug,
        [NewPlayer(f"Flow Player {i:02}", id=f"f{i}", seed=i) for i in range(1, 17)],
        actor="setup",
    )
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    click = Clicks(page)
    page.goto(f"/console/{slug}/rounds")
    page.fill("#f-username", "flora")
    page.fill("#f-password", PASSWORD)
    page.click("button[type=submit]")  # logging in is not part of a round
    page.wait_for_url(f"**/console/{slug}/rounds")

    # round 1, reviewed first: Generate → the review's "Release and open" in the first screen
    assert page.inner_text("#next-action") == "Start round 1"
    assert in_first_screen(page, "#generate")
    click("#generate")
    page.wait_for_url(f"**/console/{slug}/rounds/draft*")
    assert page.locator("#draft-pairings tbody tr").count() == 8
    assert in_first_screen(page, "#release-open")
    assert page.inner_text("#release-open") == "Release and open round 1"
    click("#release-open")
    page.wait_for_url(f"**/console/{slug}/results*")
    assert "Round 1 is open: 8 tables" in page.inner_text("#round-started")
    type_results(page, 8)
    assert click.count <= 3, f"round 1 took {click.count} clicks"

    # round 2 in one click, from where the results were typed
    page.wait_for_selector("#next-action:text('Next round')")
    assert page.inner_text("#next-action") == "Next round: complete round 1, start round 2"
    assert in_first_screen(page, "#next-action")
    before = click.count
    click("#next-action")
    page.wait_for_selector("#round-started:text('Round 2 is open')")
    assert rounds.round_view(db, slug, 1).state == "completed"
    type_results(page, 8)
    # the last round of 2: Complete is offered from the Results tab, no round 3
    page.wait_for_selector("#next-action:text('Complete round 2')")
    assert in_first_screen(page, "#next-action")
    assert "round 3" not in page.inner_text("#next-step").lower()
    click("#next-action")
    page.wait_for_selector("#outstanding-count")
    assert click.count - before <= 3, f"round 2 took {click.count - before} clicks"
    assert rounds.round_view(db, slug, 2).state == "completed"

    # nothing to generate after the last round: the next action is to add a top cut
    page.goto(f"/console/{slug}/rounds")
    assert page.locator("#generate").count() == 0
    assert "round 3" not in page.inner_text("main").lower()
    assert "Swiss is over: round 2 of 2 is complete." in page.inner_text("#next-status")
    click("#next-action")  # "Add a top cut" → the Top cut tab's form
    page.wait_for_url(f"**/console/{slug}/cut*")
    page.select_option("#f-cut-top", "8")
    click("#add-cut-button")
    page.wait_for_selector("#next-action:text('Draw the top 8')")  # added after the Swiss
    click("#next-action")
    page.wait_for_selector("#cut-drawn")
    assert page.inner_text("#next-action") == "Start the Quarterfinals"

    # the playoff: Quarterfinals, Semifinals, Final, each a click plus its results
    click("#next-action")
    page.wait_for_selector("#round-started:text('Quarterfinals is open: 4 tables')")
    type_results(page, 4)
    assert page.inner_text("#next-action") == (
        "Next round: complete the Quarterfinals, start the Semifinals"
    )
    click("#next-action")
    page.wait_for_selector("#round-started:text('Semifinals is open: 2 tables')")
    type_results(page, 2)
    click("#next-action")
    page.wait_for_selector("#round-started:text('Final is open: 1 table.')")
    type_results(page, 1)
    assert page.inner_text("#next-action") == "Complete the Final"
    click("#next-action")
    page.wait_for_selector("#next-status:text('is the champion')")
    assert page.locator("#next-action").count() == 0  # no round after the champion
    page.goto(f"/console/{slug}/rounds")
    assert page.locator("#generate, #next-action").count() == 0
    assert "is the champion" in page.inner_text("#next-status")
    cards = page.inner_text("#round-cards")
    assert "Final" in cards and "Semifinals" in cards and "Quarterfinals" in cards

    # the public pages name the playoff rounds too
    page.goto(f"/e/{slug}")
    public = page.inner_text("main")
    assert "Quarterfinals" in public and "Semifinals" in public and "Final" in public
    page.goto(f"/e/{slug}/bracket")
    bracket = page.inner_text("main")
    assert "Quarterfinals" in bracket and "Semifinals" in bracket

    # the whole event from the first click: round 1 by the review (2), round 2 and its
    # completion (2), adding and drawing the cut (3), the Quarterfinals, Semifinals and Final
    # (3) and completing the Final (1)
    assert click.count == 11, click.count
