"""In Chromium, issue 28's points 1 and 6 as an organizer meets them.

Point 1 — a destructive click asks first and can be undone: a CSV import says how many it
added and "Undo this import" removes exactly those players. "Drop no-shows" with nobody
checked in says plainly that it would drop the whole field, names them and counts them, and
drops nothing until confirmed; then says "16 players dropped", and one Undo click brings all
16 back. Discarding a draft and deleting a round ask first with their counts and say what
went. A correction that changes the top 8 names who would move in and out (with places)
before it is saved, and who moved after; so does drawing a cut again once a seated player
has dropped (and whose seeds change).

Point 6 — fast entry without traps: a player added by hand keeps the focus in Name and the
page where it was; a refused field is focused with its text selected, so typing replaces
it; a refused result offers the web's correction, never a command line; check-in is shown
as a status, and undoing it is its own labelled button.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from fairpair.engine.results import Result, Side
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import SwissConfig
from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts, stages
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.cut_view import cut_view

from .conftest import LiveServer
from .helpers import PASSWORD, account
from .swiss_events import add_cut, play_round, swiss_event

NAMES = (
    "Ann Abbot", "Bea Birch", "Cole Crane", "Dana Dove", "Eli Elm", "Fay Fern", "Gus Gale",
    "Hal Heath", "Ida Iris", "Jon Jay", "Kim Kite", "Lou Lark", "Mia Moss", "Ned Nook",
    "Oda Oak", "Pia Pike",
)  # fmt: skip


def _log_in(page: Any, url: str, who: str) -> None:
    page.goto(url)
    page.fill("#f-username", who)
    page.fill("#f-password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"**{url.split('?')[0]}*")
    if "?" in url:
        page.goto(url)


def _event(live_server: LiveServer, who: str, name: str, *, cap: int | None = None) -> str:
    db = live_server.db
    owner = account(db, who)
    stage = Stage(config=SwissConfig(max_rounds=cap), ruleset=PRESETS["mtg"], seed=name)
    slug = events.create_event(db, name, actor="setup", owner=owner.id, stage=stage)
    players.add_players(
        db,
        slug,
        [NewPlayer(n, id=f"p{k}", seed=k) for k, n in enumerate(NAMES, 1)],
        actor="setup",
    )
    return slug


@pytest.mark.browser
def test_drop_no_shows_asks_first_counts_and_is_undone_in_one_click(
    page: Any, live_server: LiveServer, tmp_path: Path
) -> None:
    db = live_server.db
    slug = _event(live_server, "nora", "Nora's Friday Draft")
    _log_in(page, f"/console/{slug}/players", "nora")

    # A CSV import says how many it added and is undone in one click, exactly.
    csv_file = tmp_path / "late-list.csv"
    csv_file.write_text("name,id\nRita Reef,r1\nSol Sage,r2\nTeo Tarn,r3\n", encoding="utf-8")
    page.set_input_files("#f-file", str(csv_file))
    page.click("#import-form button[type=submit]")
    page.wait_for_url(f"**/console/{slug}/players?done=imported*")
    expect(page.locator("#done-text")).to_have_text("3 players imported.")
    expect(page.locator("#players-heading")).to_contain_text("(19)")
    expect(page.locator("#undo")).to_have_text("Undo this import")
    page.click("#undo")
    page.wait_for_url(f"**/console/{slug}/players?done=import-undone*")
    expect(page.locator("#done-text")).to_have_text(
        re.compile(r"^3 players removed \(the import of \d{1,2}:\d{2}( [AP]M)? undone\)\.$")
    )  # the time of the import, in the organizer's own time zone
    expect(page.locator("#players-heading")).to_contain_text("(16)")
    assert [p.id for p in events.show_event(db, slug).players] == [f"p{k}" for k in range(1, 17)]

    page.click("#drop-no-shows")
    page.wait_for_url(f"**/console/{slug}/players/no-shows")
    box = page.locator("#confirm")
    expect(box).to_be_focused()
    expect(page.locator("#confirm-warning")).to_have_text(
        "Nobody has checked in yet: this would drop all 16 players."
    )
    expect(page.locator("#confirm-question")).to_have_text(
        "Drop 16 players who have not checked in?"
    )
    expect(box).to_contain_text("Ann Abbot, Bea Birch")
    expect(page.locator("#confirm-yes")).to_have_text("Drop 16 players")
    shown = events.show_event(db, slug).players
    assert all(p.dropped_after is None for p in shown)  # asking dropped nobody

    page.click("#confirm-yes")
    page.wait_for_url(f"**/console/{slug}/players?done=no-shows*")
    expect(page.locator("#done-text")).to_have_text("16 players dropped (they had not checked in).")
    assert all(p.dropped_after == 0 for p in events.show_event(db, slug).players)

    page.click("#undo")  # one click, not sixteen Reinstates
    page.wait_for_url(f"**/console/{slug}/players?done=no-shows-undone*")
    expect(page.locator("#done-text")).to_have_text(
        "16 players reinstated: the drop of the no-shows is undone."
    )
    assert all(p.dropped_after is None for p in events.show_event(db, slug).players)

    # The Rounds tab: discarding a draft asks first, with its counts, and says what went.
    page.goto(f"/console/{slug}/rounds")
    page.click("#generate")
    page.wait_for_url(f"**/console/{slug}/rounds/draft*")
    page.click("#discard")
    expect(page.locator("#confirm-question")).to_have_text("Discard the draft of round 1?")
    expect(page.locator("#confirm")).to_contain_text("Its 8 tables are thrown away")
    assert events.show_event(db, slug).stages[0].draft_round == 1
    page.click("#confirm-yes")
    expect(page.locator("#done-text")).to_have_text("The draft of round 1 is discarded (8 tables).")
    assert events.show_event(db, slug).stages[0].draft_round is None

    # Deleting a released round: asked first, Cancel keeps it, then deleted with its count.
    page.click("#generate")
    page.wait_for_url(f"**/console/{slug}/rounds/draft*")
    page.click("#release")
    page.wait_for_url(f"**/console/{slug}/rounds/1*")
    page.click("#delete")
    expect(page.locator("#confirm-question")).to_have_text("Delete round 1?")
    expect(page.locator("#confirm")).to_contain_text("Its 8 tables are removed")
    page.click("#confirm-cancel")
    page.wait_for_url(f"**/console/{slug}/rounds/1*")
    assert len(events.show_event(db, slug).stages[0].rounds) == 1
    page.click("#delete")
    page.click("#confirm-yes")
    page.wait_for_url(f"**/console/{slug}/rounds?*")
    expect(page.locator("#done-text")).to_have_text("Round 1 deleted (8 tables).")
    assert events.show_event(db, slug).stages[0].rounds == []


def _swiss_played_with_a_top_8(live_server: LiveServer) -> tuple[str, int, Result]:
    """Three Swiss rounds played, the top 8 drawn; a table of round 3 whose corrected result
    changes who makes the cut, and that result."""
    db = live_server.db
    slug = _event(live_server, "otto", "Otto's Store Championship", cap=3)
    cut = {"id": "top8", "format": "single_elimination", "cut": {"from_stage": "swiss", "top": 8}}
    stages.add_stage(db, slug, cut, actor="setup")
    rng = random.Random(7)
    for number in (1, 2, 3):
        if number > 1:
            rounds.complete_round(db, slug, number - 1, actor="setup", stage="swiss")
        drafts.generate(db, slug, actor="setup", stage="swiss")
        rounds.release(db, slug, actor="setup", stage="swiss")
        rounds.open_round(db, slug, number, actor="setup", stage="swiss")
        for t in rounds.round_view(db, slug, number, stage="swiss").tables:
            won = Result.win(Side.A if rng.random() < 0.5 else Side.B)
            results.report(db, slug, number, won, actor="setup", table=t.table, stage="swiss")
    for t in rounds.round_view(db, slug, 3, stage="swiss").tables:
        assert t.result is not None
        flipped = Result.win(Side.B if t.result.startswith(t.a.name) else Side.A)
        moves = results.correction_moves(
            db, slug, 3, t.table, flipped, actor="setup", stage="swiss"
        )
        if moves is not None:
            return slug, t.table, flipped
    raise AssertionError("no result of round 3 decides a seat of the top 8")


@pytest.mark.browser
def test_a_correction_that_changes_the_top_cut_says_who_moves_in_and_out(
    page: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    slug, table, flipped = _swiss_played_with_a_top_8(live_server)
    before = events.export_event(db, slug).stage("top8").participants
    _log_in(page, f"/console/{slug}/results?stage=swiss&round=3&correct={table}", "otto")
    page.fill("#f-correct-result", "0-2" if flipped.winner is Side.B else "2-0")
    page.fill("#f-reason", "the slip was filled in the wrong way round")
    page.click("#save-correction")
    expect(page.locator("#confirm-question")).to_contain_text(
        f"Correct table {table}? It changes the top 8"
    )
    into = page.inner_text("#confirm-details")
    assert re.search(r"Into the top 8: .+ \(\d+(st|nd|rd|th)\)\.", into), into
    assert re.search(r"Out of the top 8: .+ \(\d+(st|nd|rd|th)\)\.", into), into
    assert events.export_event(db, slug).stage("top8").participants == before  # not yet

    page.click("#confirm-yes")
    page.wait_for_url(f"**/console/{slug}/results?*")
    expect(page.locator("#recorded")).to_contain_text("(corrected)")
    said = page.inner_text("#cut-moves")
    assert said.startswith("The top 8 changed:") and "moved in" in said and "moved out" in said
    after = events.export_event(db, slug).stage("top8").participants
    assert after is not None and before is not None and set(after) != set(before)


@pytest.mark.browser
def test_fast_entry_keeps_focus_selects_a_refused_field_and_never_says_a_command(
    page: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    slug = _event(live_server, "pete", "Pete's Weekly")
    page.set_viewport_size({"width": 1366, "height": 768})
    _log_in(page, f"/console/{slug}/players", "pete")

    # Adding players by hand: the focus stays in Name, the page does not jump.
    page.locator("#f-name").scroll_into_view_if_needed()
    page.evaluate("window.stillTheSamePage = true")
    scrolled = page.evaluate("window.scrollY")
    page.fill("#f-name", "Quinn Quay")
    page.press("#f-name", "Enter")
    expect(page.locator("#players")).to_contain_text("Quinn Quay")
    expect(page.locator("#done-text")).to_have_text("Quinn Quay added.")
    expect(page.locator("#f-name")).to_be_focused()
    expect(page.locator("#f-name")).to_have_value("")
    assert page.evaluate("window.stillTheSamePage") is True  # swapped in place, no reload
    assert abs(page.evaluate("window.scrollY") - scrolled) < 80
    expect(page.locator("#players-heading")).to_contain_text("(17)")
    page.keyboard.type("Rae Reed")
    page.keyboard.press("Enter")
    expect(page.locator("#done-text")).to_have_text("Rae Reed added.")
    expect(page.locator("#f-name")).to_be_focused()

    # A refused field: focused, its text selected, so the next keystroke replaces it.
    page.fill("#f-name", "Sam Sloe")
    page.fill("#f-id", "p1")  # taken
    page.press("#f-name", "Enter")
    expect(page.locator("#e-id")).to_be_visible()
    expect(page.locator("#f-id")).to_be_focused()
    assert page.evaluate(
        "(() => { const f = document.activeElement;"
        " return f.selectionStart === 0 && f.selectionEnd === f.value.length; })()"
    )
    page.keyboard.type("sam")
    expect(page.locator("#f-id")).to_have_value("sam")
    page.keyboard.press("Enter")
    expect(page.locator("#done-text")).to_have_text("Sam Sloe added.")

    # Check-in: a status shown as a status; undoing it is its own, labelled action.
    page.click("button[aria-label='Check in Ann Abbot']")
    expect(page.locator("#checked-p1")).to_have_text("✓ Checked in")
    assert page.locator("#checked-p1").evaluate("e => e.tagName") == "SPAN"
    undo = page.locator("#p-p1 button", has_text="Undo check-in")
    expect(undo).to_have_attribute("aria-label", "Undo check-in of Ann Abbot")
    undo.click()
    expect(page.locator("#checked-p1")).to_have_count(0)
    expect(page.locator("button[aria-label='Check in Ann Abbot']")).to_be_visible()

    # Results: a refused result is selected; a table already reported offers the web's
    # correction, never a command line.
    drafts.generate(db, slug, actor="setup")
    rounds.release(db, slug, actor="setup")
    rounds.open_round(db, slug, 1, actor="setup")
    results.report(db, slug, 1, Result.win(Side.A), actor="setup", table=1)
    page.goto(f"/console/{slug}/results")
    page.wait_for_selector("#entry-form[data-ready]")
    page.fill("#f-table", "2")
    page.press("#f-table", "Enter")
    page.keyboard.type("5-9")
    page.keyboard.press("Enter")
    expect(page.locator("#e-result")).to_be_visible()
    expect(page.locator("#f-result")).to_be_focused()
    page.wait_for_function(
        "() => document.activeElement.selectionStart === 0"
        " && document.activeElement.selectionEnd === 3"
    )  # "5-9", all of it selected
    page.keyboard.type("2-1")
    expect(page.locator("#f-result")).to_have_value("2-1")
    page.fill("#f-table", "1")
    page.press("#f-table", "Enter")
    page.keyboard.type("0-2")
    page.keyboard.press("Enter")
    refusal = page.locator("#e-table")
    expect(refusal).to_contain_text("already has a result")
    assert "fairpair " not in refusal.inner_text()  # no command line on a web page
    page.click("#offer-correction")
    expect(page.locator("#correction")).to_contain_text("Correct table 1")


@pytest.mark.browser
def test_drawing_the_cut_again_says_who_moves_asks_then_says_what_it_did(
    page: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    owner = account(db, "quinn")
    slug = swiss_event(
        db, "Quinn's Cut Again", list(NAMES[:8]), owner=owner, max_rounds=3, ruleset="mtg"
    )
    add_cut(db, slug, 4)
    for _ in range(3):
        play_round(db, slug)  # the last result draws the top 4
    seated = [s.name for s in cut_view(db, slug, "top").cut.seats]
    second = next(p.id for p in events.show_event(db, slug).players if p.name == seated[1])
    players.drop_player(db, slug, second, actor="setup")  # seed 2 leaves after the draw

    _log_in(page, f"/console/{slug}/cut", "quinn")
    expect(page.locator("#cut-state")).to_have_attribute("data-state", "changed")
    page.click("#draw-cut button[type=submit]")
    expect(page.locator("#confirm")).to_be_focused()
    expect(page.locator("#confirm-question")).to_have_text("Draw the top 4 again? 2 players move.")
    details = page.inner_text("#confirm-details")
    assert re.search(r"Into the top 4: .+ \(4th\)\.", details), details
    assert f"Out of the top 4: {seated[1]}." in details  # dropped: no place any more
    assert f"New seeds: {seated[2]} 3 → 2 and {seated[3]} 4 → 3." in details
    expect(page.locator("#confirm-yes")).to_have_text("Draw the top 4 again")
    assert cut_view(db, slug, "top").state == "changed"  # asking changed nothing

    page.click("#confirm-yes")
    page.wait_for_url(f"**/console/{slug}/cut?*")
    expect(page.locator("#cut-drawn")).to_have_text(
        re.compile(rf"^The top 4 is drawn again: .+ \(4th\) moved in, {seated[1]} moved out\.$")
    )
    expect(page.locator("#cut-state")).to_have_attribute("data-state", "drawn")
    assert seated[1] not in [s.name for s in cut_view(db, slug, "top").cut.seats]
