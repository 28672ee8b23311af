"""Times in the reader's own time zone: an organizer in Paris types 19:00 into Set dates, the
round starts at 18:00 UTC (December: UTC+1), and every page shows it back as 19:00 — while
the server only ever stores and sends UTC. Without JavaScript the pages say UTC."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds

from .conftest import LiveServer
from .helpers import PASSWORD, account


def test_an_organizer_in_paris_sets_a_round_start_in_local_time(
    browser: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    who = account(db, "paz")
    slug = events.create_event(db, "Paz's Paris Night", actor="t", owner=who.id)
    players.add_players(db, slug, [NewPlayer(f"Paris {i}") for i in range(4)], actor="t")
    drafts.generate(db, slug, actor="t")
    rounds.release(db, slug, actor="t")
    context = browser.new_context(
        base_url=live_server.url, timezone_id="Europe/Paris", locale="en-GB"
    )
    try:
        page = context.new_page()
        page.goto(f"/console/{slug}/rounds/1")
        page.fill("#f-username", "paz")
        page.fill("#f-password", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_url(f"**/console/{slug}/rounds/1")
        page.click("#set-dates summary")
        assert "Europe/Paris" in page.inner_text("#set-dates [data-tz-note]")
        page.fill("#set-dates input[name=starts_at]", "2026-12-05T19:00")
        page.click("#set-dates button[type=submit]")
        page.wait_for_load_state()
        stored = rounds.round_view(db, slug, 1).starts_at
        assert stored == datetime(2026, 12, 5, 18, 0, tzinfo=UTC)
        page.goto(f"/console/{slug}/rounds/1")
        assert page.input_value("#set-dates input[name=starts_at]") == "2026-12-05T19:00"
        shown = page.locator("time[datetime='2026-12-05T18:00:00Z']").first.inner_text()
        assert "19:00" in shown and "UTC" not in shown
    finally:
        context.close()
    plain = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    try:
        public = plain.new_page()
        public.goto(f"/e/{slug}")
        assert "18:00 UTC" in public.inner_text("time[datetime='2026-12-05T18:00:00Z']")
    finally:
        plain.close()
