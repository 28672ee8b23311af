"""The whole event day in Chromium, as issue 10 describes it: an organizer logs in, creates an
event, imports 24 players from CSV, turns the toss on, adds a top 8, and runs three Swiss
rounds — generate → review → move one player → release → open → every result typed by
keyboard → complete —, flips a toss on the Toss tab, and plays the top 8 out to a champion.
Meanwhile a second browser context on the public standings page sees each Swiss result
appear without a reload (same page, no navigation)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from fairpair.service.event.events import export_event
from fairpair.service.results.standings import standings
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds

from .conftest import LiveServer
from .helpers import PASSWORD, account

FIRST = (
    "Ada Ben Cai Dov Eli Fay Gus Hoa Ian Jo Kai Lev Mia Ned Oli Pia Quy Rui Sol Tam Uma Vic Wen Xia"
)


def players_csv(path: Path) -> Path:
    names = FIRST.split()
    rows = ["name,id,seed,rating"] + [
        f"{n} Player,{n.lower()},{i},{2000 - 20 * i}" for i, n in enumerate(names, 1)
    ]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def _log_in(page: Any) -> None:
    page.goto("/login")
    page.fill("#f-username", "ivy")
    page.fill("#f-password", PASSWORD)
    page.click("form[action='/login'] button[type=submit]")
    page.wait_for_url("**/console")


def _type_result(page: Any, table: int, result: str) -> None:
    page.wait_for_selector("#entry-form[data-ready]")
    page.wait_for_function("document.activeElement && document.activeElement.id === 'f-table'")
    page.keyboard.type(str(table))
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement.id === 'f-result'")
    page.keyboard.type(result)
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#recorded:text('Table {table}:')")


def _play_round(
    page: Any, db: Any, slug: str, stage: str, number: int, public: Any | None, move: bool
) -> None:
    page.goto(f"/console/{slug}/rounds?stage={stage}")
    page.click("#generate")
    page.wait_for_url(f"**/console/{slug}/rounds/draft*")
    expect(page.locator("#private-notice")).to_contain_text("Nothing is public yet")
    if move:
        draft = drafts.show_draft(db, slug, stage=stage)
        mover, slot = draft.pairings[0]["a"], draft.pairings[1]["b"]
        page.click(f"#draft-pairings .seat[data-player={mover['id']}]")
        page.click(f"#draft-pairings .seat[data-player={slot['id']}]")
        page.wait_for_selector("text=Moved by hand")
    page.click("#release")
    page.wait_for_url(f"**/console/{slug}/rounds/{number}*")
    page.click("#open")
    page.wait_for_selector("#round-state:text('In Progress')")
    page.click("#enter-results")
    page.wait_for_url(f"**/console/{slug}/results*")
    view = rounds.round_view(db, slug, number, stage=stage)
    for i, table in enumerate(view.tables):
        result = (
            ("2-1", "0-2", "2-0", "1-2")[i % 4]
            if stage == "top8"
            else ("2-1", "0-2", "1-1-1")[i % 3]  # a best-of-three draw with its games
        )
        _type_result(page, table.table, result)
        if public is not None:
            _, now = standings(db, slug, stage=stage)
            row = now.row(table.a.id)
            # W-L-D, three numbers always (engine.record_text)
            record = re.compile(rf"^\s*{row.wins}-{row.losses}-{row.draws}\s*$")
            cell = public.locator(f'#standings tr[data-player="{table.a.id}"] td.record')
            expect(cell).to_have_text(record, timeout=3000)
    page.goto(f"/console/{slug}/rounds?stage={stage}")
    page.click(f"#complete-{number}")
    page.wait_for_selector(f"#round-{number} .round-state:text('Completed')")


@pytest.mark.slow
def test_an_event_day_from_csv_to_champion(
    page: Any, browser: Any, live_server: LiveServer, tmp_path: Path
) -> None:
    db = live_server.db
    account(db, "ivy")
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    _log_in(page)

    # The event, its players, the toss on, three rounds, a top 8.
    page.fill("#f-name", "Ivy's Grand Prix Trial")
    page.select_option("#f-ruleset", "mtg")
    page.click("#new-event button[type=submit]")
    slug = "ivy-s-grand-prix-trial"
    page.wait_for_url(f"**/console/{slug}")
    page.click("a[data-tab=players]")
    page.set_input_files("#f-file", str(players_csv(tmp_path / "players.csv")))
    page.click("#import-form button[type=submit]")
    page.wait_for_selector("#done")
    assert page.locator("#players tbody tr").count() == 24
    page.click("#checkin-shown button[type=submit]")
    page.click("#confirm-yes")  # a bulk check-in asks first
    page.wait_for_selector("#done")
    page.goto(f"/console/{slug}/stages/swiss")
    page.check("#f-toss_enabled")
    page.fill("#f-max_rounds", "3")
    page.click("#save-stage")
    page.wait_for_selector("#saved")
    page.goto(f"/console/{slug}/stages/new")
    page.select_option("#f-format", "single_elimination")
    page.fill("#f-id", "top8")
    page.select_option("#f-cut_from", "swiss")
    page.select_option("#f-cut_by", "top")
    page.fill("#f-cut_top", "8")
    page.check("#f-cut_automatic")
    page.click("#save-stage")
    page.wait_for_selector("#saved")
    swiss = export_event(db, slug).stage("swiss")
    assert swiss.toss.enabled and swiss.max_rounds == 3
    assert len(export_event(db, slug).players) == 24

    # A second browser: the public standings, watched through the whole Swiss.
    viewer = browser.new_context(base_url=live_server.url)
    public = viewer.new_page()
    public.goto(f"/e/{slug}/standings")
    public.evaluate("window.fairpairSamePage = true")
    navigated: list[str] = []
    public.on("framenavigated", lambda frame: navigated.append(frame.url))

    for number in (1, 2, 3):
        _play_round(page, db, slug, "swiss", number, public, move=True)
        if number == 2:
            # Flip a toss on the Toss tab: the ring marks it manual.
            page.goto(f"/console/{slug}/toss?stage=swiss")
            first = page.locator("#toss-table tbody tr").first
            first.locator('td[data-round="2"] button.tag').click()
            expect(first.locator('td[data-round="2"] button.tag.manual')).to_have_count(1)
    assert public.evaluate("window.fairpairSamePage") is True
    assert navigated == []
    viewer.close()

    # The cut was drawn by the last Swiss result; the top 8 is played out.
    top8 = export_event(db, slug).stage("top8")
    assert len(top8.participants or ()) == 8
    for number in (1, 2, 3):
        _play_round(page, db, slug, "top8", number, None, move=False)
    page.goto(f"/e/{slug}/bracket?stage=top8")
    expect(page.locator("body")).to_contain_text("Champion")
    assert problems == []
