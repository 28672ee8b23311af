"""In Chromium: four players, four rounds of Swiss — round 4 has no new opponent left, so it is
paired anyway and labelled "Repeat pairing" (seed 001), with the tables that repeat: on the
draft review (beforehand), the console's round page and round card, the public pairings page
and a player's own match card. Takes the docs' screenshots (docs/screenshots/repeat-*.png)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fairpair.service.players.passes import personal_link
from fairpair.service.rounds import drafts
from fairpair.service.rounds.repeats import round_view
from fairpair.web.player_cookie import PLAYER_COOKIE, _signer

from .conftest import LiveServer
from .helpers import PASSWORD, account
from .swiss_events import ACTOR, play_round, swiss_event

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
FIELD = ["Ann Lee", "Bob Ray", "Cy Dunn", "Di Moss"]


def test_a_forced_rematch_round_is_labelled_repeat_pairing_everywhere(
    page: Any, browser: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    who = account(db, "repeat-td")
    slug = swiss_event(db, "Repeat Pairing Night", FIELD, owner=who)
    for _ in range(3):
        play_round(db, slug)
    drafts.generate(db, slug, actor=ACTOR)
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)

    # the draft review: the forced rematches stay warnings, and it says how it will be labelled
    page.goto(f"/console/{slug}/rounds/draft")
    page.fill("#f-username", "repeat-td")
    page.fill("#f-password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"**/console/{slug}/rounds/draft*")
    assert "have met before (a rematch)" in page.inner_text("#warnings")
    assert "labelled Repeat pairing" in page.inner_text("#repeat-draft")
    page.click("#release")
    page.wait_for_url(f"**/console/{slug}/rounds/4*")
    view = round_view(db, slug, 4)
    assert view.repeat_pairing and len(view.repeats) == 2
    notes = [r.note for r in view.repeats]
    assert page.inner_text("#repeat-pairing") == "Repeat pairing"
    assert page.inner_text("#repeat-notes").splitlines() == notes
    if SHOTS.is_dir():
        page.screenshot(path=str(SHOTS / "repeat-console.png"))

    # the round card on the Rounds tab
    page.goto(f"/console/{slug}/rounds")
    assert page.inner_text("#repeat-4") == "Repeat pairing"
    assert page.inner_text("#repeats-4").splitlines() == notes
    assert page.locator("#repeat-3").count() == 0  # round 3 paired new opponents

    # the public pairings page
    page.goto(f"/e/{slug}/pairings")
    assert page.inner_text("#pairings-list #repeat-pairing") == "Repeat pairing"
    assert page.inner_text("#pairings-list #repeat-notes").splitlines() == notes
    if SHOTS.is_dir():
        page.screenshot(path=str(SHOTS / "repeat-public.png"))

    # a player's own card: their match repeats, and says against whom and when
    me = "ann-lee"
    mine = next(r for r in view.repeats if me in {p.id for p in r.players})
    other = next(p.name for p in mine.players if p.id != me)
    cookie = _signer(db).sign(personal_link(db, slug, me, actor=ACTOR)).decode("ascii")
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    context.set_default_timeout(10_000)
    context.add_cookies(
        [{"name": PLAYER_COOKIE, "value": cookie, "url": f"{live_server.url}/e/{slug}/"}]
    )
    try:
        phone = context.new_page()
        phone.goto(f"/e/{slug}/me")
        card = phone.locator("#match-card")
        assert card.locator("#repeat-pairing").inner_text() == "Repeat pairing"
        said = card.locator("#repeat-mine").inner_text()
        assert f"You and {other} met in round {mine.met_in[0]}" in said
    finally:
        context.close()
    assert problems == []
