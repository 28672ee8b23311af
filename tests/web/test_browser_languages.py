"""A player's phone (390×844) in Japanese (the browser's Accept-Language) and in Spanish
(picked in the footer, kept while they move between pages — the tiebreaks' definitions
too), then a visitor whose browser asks for no shipped language reading the event's
default (French): docs/languages.md."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from sqlalchemy import select

from fairpair.service.event.details import set_event_details
from fairpair.service.kernel.connection import Database
from fairpair.service.players.passes import personal_link
from fairpair.service.rounds import clock, drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.models import EventRow, PlayerRow
from fairpair.web.player_cookie import PLAYER_COOKIE, _signer

from .conftest import LiveServer
from .swiss_events import swiss_event


def _language(db: Database, slug: str, key: str) -> str | None:
    with db.reading() as conn:
        found: str | None = conn.execute(
            select(PlayerRow.language)
            .join(EventRow, EventRow.id == PlayerRow.event_id)
            .where(EventRow.slug == slug, PlayerRow.key == key)
        ).scalar_one()
        return found


SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
FIELD = ["Aiko Tanaka", "Bruno Diaz", "Carmen Ruiz", "Daichi Sato", "Elena Gomez", "Fumi Mori"]


@pytest.mark.browser
def test_a_phone_reads_its_pages_in_japanese_then_picks_spanish(
    browser: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    slug = swiss_event(db, "Torneo Tokio Open", FIELD)
    drafts.generate(db, slug, actor="td")
    number = rounds.release(db, slug, actor="td")
    rounds.open_round(db, slug, number, actor="td")
    me = "aiko-tanaka"
    cookie = _signer(db).sign(personal_link(db, slug, me, actor="td")).decode("ascii")
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        locale="ja-JP",
        extra_http_headers={"accept-language": "ja,en;q=0.5"},
    )
    context.set_default_timeout(10_000)
    context.add_cookies(
        [{"name": PLAYER_COOKIE, "value": cookie, "url": f"{live_server.url}/e/{slug}/"}]
    )
    try:
        page = context.new_page()
        page.goto(f"/e/{slug}/me")
        assert page.locator("html").get_attribute("lang") == "ja"
        page.get_by_text("結果を報告する").wait_for()
        assert "卓" in page.locator("#match-card").inner_text()
        expect(page.get_by_role("link", name="順位表")).to_be_visible()
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
        page.screenshot(path=str(SHOTS / "i18n-phone-ja.png"), full_page=True)

        # the footer's picker: Spanish, over the browser's Japanese, on every page after
        page.get_by_label("言語").select_option("es")
        page.get_by_role("button", name="変更").click()
        page.get_by_text("Reporta tu resultado").wait_for()
        assert page.locator("html").get_attribute("lang") == "es"
        assert "Mesa" in page.locator("#match-card").inner_text()
        # a longer language's score buttons wrap, never cut ("1-1-1 empate")
        cut = page.evaluate(
            "[...document.querySelectorAll('button.choice')]"
            ".filter(b => b.scrollWidth > b.clientWidth).map(b => b.textContent)"
        )
        assert cut == []
        page.screenshot(path=str(SHOTS / "i18n-phone-es.png"), full_page=True)
        page.get_by_role("link", name="Emparejamientos").click()
        page.get_by_role("link", name="Ronda actual").wait_for()
        assert page.locator("html").get_attribute("lang") == "es"
        expect(page.get_by_role("button", name="Buscar mi mesa")).to_be_visible()
        # picked while signed in: kept as the player's own (their notices speak it)
        assert _language(db, slug, me) == "es"
        # the standings link to the tiebreaks' definitions: explained in Spanish too
        page.goto(f"/e/{slug}/standings")
        page.get_by_role("link", name="Cómo se calculan los desempates").click()
        page.get_by_role("heading", name="Cómo se calculan los desempates").wait_for()
        buchholz = page.locator("#buchholz + dd").inner_text()
        assert "Buchholz: la suma de los puntos finales de todos los rivales" in buchholz
        assert "the sum of the final points" not in page.locator("main").inner_text()
        page.goto(f"/e/{slug}/me/notifications")
        page.get_by_role("heading", name="Notificaciones").wait_for()
        assert "Aún no hay notificaciones" in page.locator("main").inner_text()
        page.get_by_role("button", name="Canales").click()
        page.get_by_role("heading", name="Cómo avisarte").wait_for()
        expect(page.get_by_role("button", name="Activar push aquí")).to_be_visible()
        page.goto(f"/e/{slug}/me")
        page.get_by_role("button", name="Abandonar el torneo (drop)").click()
        page.get_by_role("heading", name="¿Abandonar Torneo Tokio Open?").wait_for()
        expect(page.get_by_role("button", name="No, sigo jugando")).to_be_visible()
        # the big screen's JavaScript words come from the page (<meta name="fp-words">): "Paused"
        clock.start_clock(db, slug, number, minutes=30, actor="td")
        clock.pause_clock(db, slug, number, actor="td")
        page.goto(f"/e/{slug}/display")
        expect(page.locator(".display-timer .timer-label")).to_have_text("En pausa")
    finally:
        context.close()

    # a visitor whose browser asks only for Dutch (not shipped): the event's default, French
    set_event_details(db, slug, {"language": "fr"}, actor="td")
    dutch = browser.new_context(
        base_url=live_server.url, locale="nl-NL", extra_http_headers={"accept-language": "nl"}
    )
    try:
        visitor = dutch.new_page()
        visitor.goto(f"/e/{slug}")
        assert visitor.locator("html").get_attribute("lang") == "fr"
        visitor.get_by_role("button", name="Trouver ma table").wait_for()
    finally:
        dutch.close()
