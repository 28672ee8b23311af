"""In Chromium, an arbiter sets a chess stage to the FIDE Dutch system in the console's stage
form (issue 34): pairing method ``dutch``, the initial colour set to White and Baku
acceleration on; the round-1 draft pairs group A apart (1 v 5, White to 1), its colours show
as White and Black, and "Why these pairings" shows the virtual points and each bracket. A
stage that is not Dutch refuses Baku next to its box; Koya is added with its FIDE limit
modifier (/L60), a modifier it does not take refused. Screenshot:
docs/screenshots/dutch2-stage-form.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from fairpair.engine.rulesets import FIDE
from fairpair.service.event import events
from fairpair.service.event.events import export_event
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer

from .conftest import LiveServer
from .helpers import PASSWORD, account

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.mark.browser
def test_the_stage_form_sets_the_dutch_system_with_baku_and_the_draft_shows_it(
    page: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    who = account(db, "dutcharbiter")
    slug = events.create_event(db, "Baku Open", actor="setup", owner=who.id, ruleset=FIDE)
    players.add_players(
        db,
        slug,
        [NewPlayer(f"Player {n:02d}", id=f"p{n:02d}", seed=n) for n in range(1, 17)],
        actor="setup",
    )
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(f"/console/{slug}/stages/swiss")
    page.fill("#f-username", "dutcharbiter")
    page.fill("#f-password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"**/console/{slug}/stages/swiss")

    # Baku on a stage that is not Dutch: refused next to the box, nothing saved.
    page.select_option("#f-pairing_method", "fold")
    page.check("#f-baku")
    page.fill("#f-max_rounds", "5")
    page.click("#save-stage")
    page.wait_for_selector("#e-baku")
    assert "Dutch system" in page.inner_text("#e-baku")
    assert not export_event(db, slug).stage("swiss").config.baku  # type: ignore[union-attr]

    page.select_option("#f-pairing_method", "dutch")
    page.select_option("#f-initial_colour", "white")
    assert page.input_value("#f-dutch_text") == "2026"  # the text in force, unless chosen
    page.select_option("#f-dutch_text", "2025")
    page.click("#save-stage")
    page.wait_for_selector("#saved")
    config = export_event(db, slug).stage("swiss").config
    assert config.baku and config.initial_colour == "white"  # type: ignore[union-attr]
    assert config.dutch_text == "2025"  # type: ignore[union-attr]
    assert page.is_checked("#f-baku")
    assert page.input_value("#f-initial_colour") == "white"
    assert page.input_value("#f-dutch_text") == "2025"
    page.screenshot(path=str(SHOTS / "dutch2-stage-form.png"), full_page=True)

    # A tiebreak with its FIDE modifier (C.07 KS/L): a wrong one refused next to its box.
    page.select_option("select[name=add_tiebreak]", "koya")
    page.fill("#f-add_tiebreak_modifier", "/U1000")
    page.click("button[name=move][value=add]")
    page.wait_for_selector("#e-add_tiebreak_modifier")
    assert "does not take the modifier /U1000" in page.inner_text("#e-add_tiebreak_modifier")
    page.fill("#f-add_tiebreak_modifier", "/L60")
    page.click("button[name=move][value=add]")
    page.wait_for_selector('#tiebreaks li[data-tiebreak="koya_limit_60"]')
    assert "limit 60%" in page.inner_text('#tiebreaks li[data-tiebreak="koya_limit_60"]')
    page.click("#save-stage")
    page.wait_for_selector("#saved")
    assert export_event(db, slug).stage("swiss").ruleset.tiebreaks[-1] == "koya_limit_60"

    page.goto(f"/console/{slug}/rounds?stage=swiss")
    page.click("#generate")
    page.wait_for_url(f"**/console/{slug}/rounds/draft*")
    first = page.locator("#draft-pairings tbody tr").first
    assert "White Player 01" in " ".join(first.inner_text().split())
    assert "Black Player 05" in " ".join(first.inner_text().split())
    why = page.inner_text("#why")
    assert "Baku acceleration (C.04.5.1): the 8 players of group A" in why
    assert "1 virtual point added" in why
    assert "The bracket on 1 point: 4 pairs" in why
    assert "The bracket on 0 points: 4 pairs" in why
    assert problems == []
