"""In Chromium, a chess arbiter's event (issue 28, point 5): staff give a player her title,
federation, FIDE id and rating on the player's page and fill in the event's details; a
player asks for a half-point bye for round 1 from her phone; after the pairing the bye is in
the pairings ("Half-point bye (requested)") and on her page; the standings show the title,
rating, federation and FIDE id columns; the TRF download has the header records and the
``H`` in round 1. Screenshots: docs/screenshots/chessdata-*.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fairpair.engine.results import Result, Side
from fairpair.engine.rulesets import FIDE
from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.passes import personal_link
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.lifecycle import round_view
from fairpair.web.player_cookie import PLAYER_COOKIE, _signer

from .conftest import LiveServer
from .helpers import PASSWORD, account

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
FIELD = ["Ann Alder", "Bea Birch", "Cy Cedar", "Dot Dogwood", "Eli Elm", "Flo Fir", "Gil Gum"]


def test_chess_facts_details_and_a_requested_half_point_bye(
    page: Any, browser: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    who = account(db, "arbiter")
    slug = events.create_event(db, "Club Championship", actor="setup", owner=who.id, ruleset=FIDE)
    players.add_players(
        db,
        slug,
        [
            NewPlayer(name, id=name.split()[0].lower(), seed=i, rating=2300 - 25 * i)
            for i, name in enumerate(FIELD, start=1)
        ],
        actor="setup",
    )
    problems: list[str] = []
    refused = "status of 422"  # the refused save below answers 422, as a refusal does
    page.on(
        "console",
        lambda m: problems.append(m.text) if m.type == "error" and refused not in m.text else None,
    )

    # Staff: the player's page, from the Players tab.
    page.goto(f"/console/{slug}/players")
    page.fill("#f-username", "arbiter")
    page.fill("#f-password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"**/console/{slug}/players")
    page.get_by_role("link", name="Ann Alder").click()
    page.wait_for_url(f"**/console/{slug}/players/ann")
    page.fill("#f-rating", "2412")
    page.fill("#f-title", "IM")
    page.fill("#f-federation", "ita")
    page.fill("#f-fide_id", "12345678")
    page.select_option("#f-sex", "w")
    page.fill("#f-birth_date", "1990-03-18")
    page.get_by_role("button", name="Save player").click()
    page.get_by_text("Player saved.").wait_for()
    assert page.input_value("#f-federation") == "ITA"
    assert page.input_value("#f-birth_date") == "1990/03/18"
    # A wrong FIDE id is refused next to its field, what was typed kept.
    page.fill("#f-fide_id", "12ab")
    page.get_by_role("button", name="Save player").click()
    assert "not a FIDE id" in page.inner_text("#e-fide_id")
    assert page.input_value("#f-fide_id") == "12ab"

    # Staff: the event's details.
    page.get_by_role("link", name="Event details").click()
    page.wait_for_url(f"**/console/{slug}/details")
    page.fill("#f-city", "Torino")
    page.fill("#f-federation", "ITA")
    page.fill("#f-start_date", "2026-03-01")
    page.fill("#f-end_date", "2026-03-03")
    page.fill("#f-chief_arbiter", "Rossi, Mario")
    page.fill("#f-deputy_arbiters", "Verdi, Giulia\nBianchi, Luca")
    page.fill("#f-time_control", "90'+30\"")
    page.get_by_role("button", name="Save details").click()
    page.get_by_text("Details saved.").wait_for()

    # A player, on her phone: a half-point bye for round 1.
    cookie = _signer(db).sign(personal_link(db, slug, "bea", actor="arbiter")).decode("ascii")
    phone = browser.new_context(
        base_url=live_server.url, viewport={"width": 390, "height": 844}, is_mobile=True
    )
    phone.set_default_timeout(10_000)
    phone.add_cookies(
        [{"name": PLAYER_COOKIE, "value": cookie, "url": f"{live_server.url}/e/{slug}/"}]
    )
    try:
        bea = phone.new_page()
        bea.on("pageerror", lambda e: problems.append(str(e)))
        bea.goto(f"/e/{slug}/me")
        bea.get_by_text("Can't play a round? Ask for a bye").click()
        assert "Half-point byes: 0 of 2 used" in bea.inner_text("#byes")
        bea.select_option("#bye-round", "1")
        bea.select_option("#bye-kind", "half")
        bea.get_by_role("button", name="Request the bye").click()
        bea.get_by_text("Bye requested").first.wait_for()
        assert "Round 1: half-point bye (requested)" in bea.inner_text("#my-byes")
        assert bea.get_by_role("button", name="Cancel my bye in round 1").is_visible()
        assert bea.evaluate("document.scrollingElement.scrollWidth") <= 390

        # The arbiter pairs round 1: Bea is left out, with her bye.
        draft = drafts.generate(db, slug, actor="arbiter")
        assert "Bea Birch — half-point bye (requested)." in [n["text"] for n in draft.notes]
        rounds.release(db, slug, actor="arbiter")
        rounds.open_round(db, slug, 1, actor="arbiter")
        view = round_view(db, slug, 1)
        assert [(b.player.id, b.kind, b.requested) for b in view.byes] == [("bea", "half", True)]
        for table in view.tables:
            results.report(db, slug, 1, Result.win(Side.A), actor="arbiter", table=table.table)

        page.goto(f"/e/{slug}")
        assert "Half-point bye (requested)" in page.inner_text("table.pairings")
        bea.reload()
        assert "Round 1: half-point bye (requested) — paired" in bea.inner_text("#my-byes")
        assert bea.get_by_role("button", name="Cancel my bye in round 1").count() == 0
        bea.screenshot(path=str(SHOTS / "chessdata-bye-request-phone.png"), full_page=True)
    finally:
        phone.close()

    # The standings: title, rating, federation and FIDE id columns.
    page.goto(f"/console/{slug}/standings")
    headers = page.locator("#standings thead th").all_inner_texts()
    assert headers[2:6] == ["Title", "Rtg", "Fed", "FIDE id"]
    ann = page.locator("#standings tr[data-player=ann]")
    assert ann.locator("td.fact").all_inner_texts() == ["IM", "2412", "ITA", "12345678"]
    page.locator("#standings").screenshot(path=str(SHOTS / "chessdata-standings.png"))
    page.goto(f"/e/{slug}/standings")
    assert "FIDE id" in page.inner_text("#standings thead")

    # The FIDE report: the header records and Bea's H in round 1.
    page.goto(f"/console/{slug}/details")
    with page.expect_download() as download:
        page.click("#trf-download")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    lines = text.splitlines()
    for record in (
        "012 Club Championship",
        "022 Torino",
        "032 ITA",
        "042 2026/03/01",
        "052 2026/03/03",
        "062 7",
        "072 7",
        "082 0",
        "092 Individual: Swiss-System",
        "102 Rossi, Mario",
        "112 Verdi, Giulia",
        "112 Bianchi, Luca",
        "122 90'+30\"",
    ):
        assert record in lines, record
    assert any(line.startswith("132 ") and line[91:99].count("/") == 2 for line in lines)
    bea_line = next(line for line in lines if line.startswith("001") and "Bea Birch" in line)
    assert bea_line[91:99] == "0000 - H"
    ann_line = next(line for line in lines if line.startswith("001") and "Ann Alder" in line)
    assert (ann_line[9], ann_line[10:13].strip(), ann_line[48:52]) == ("w", "IM", "2412")
    assert (ann_line[53:56], ann_line[57:68].strip()) == ("ITA", "12345678")
    assert problems == []
