"""What fairpair writes outside its pages, in the reader's language (docs/languages.md): a
round notice in the player's own language (else the event's default), the Discord channel's
text in the event's language, and pictures whose Japanese text is drawn with a CJK font (no
empty boxes)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from io import BytesIO

import pytest
import time_machine
from PIL import Image, ImageChops
from sqlalchemy import select, update

from fairpair import i18n
from fairpair.interop.images import fonts
from fairpair.service.discord.text import pairings_text, standings_text
from fairpair.service.event import events
from fairpair.service.event.details import set_event_details
from fairpair.service.event.images import render
from fairpair.service.jobs.runner import run_due
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.wiring import handlers
from fairpair.store.database import Database
from fairpair.store.models import NotificationRow, PlayerRow

ACTOR = "td"
T0 = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)


def _event(db: Database, name: str, names: list[str]) -> str:
    slug = events.create_event(db, name, actor=ACTOR)
    players.add_players(db, slug, [NewPlayer(n) for n in names], actor=ACTOR)
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    return slug


def test_a_round_notice_is_written_in_the_players_language_else_the_events(
    sqlite_db: Database,
) -> None:
    db = sqlite_db
    with time_machine.travel(T0 - timedelta(hours=1), tick=False) as clock:
        slug = _event(db, "Copa Kanto", ["Aiko", "Beto", "Chie", "Dani"])
        set_event_details(db, slug, {"language": "es"}, actor=ACTOR)
        with db.writing() as conn:  # Aiko registered in Japanese
            conn.execute(update(PlayerRow).where(PlayerRow.name == "Aiko").values(language="ja"))
        rounds.set_dates(db, slug, 1, actor=ACTOR, starts_at=T0, ends_at=T0 + timedelta(days=3))
        rounds.open_round(db, slug, 1, actor=ACTOR)
        clock.move_to(T0)
        while any(run_due(db, handlers(db), worker="w")):
            pass
    with db.reading() as conn:
        said = {
            r.name: (r.title, r.body)
            for r in conn.execute(
                select(PlayerRow.name, NotificationRow.title, NotificationRow.body).join(
                    PlayerRow, PlayerRow.id == NotificationRow.player_id
                )
            )
        }
    title, body = said["Aiko"]
    assert title == "Copa Kanto のラウンド 1が始まりました"
    assert "12月8日(火) 10:00 UTCまでに対戦してください" in body and "卓、対戦相手：" in body
    title, body = said["Beto"]  # no language of his own: the event's
    assert title == "Ronda 1 de Copa Kanto ha comenzado"
    assert "juega tu partida antes del mar, 8 dic, 10:00 UTC" in body and "Mesa " in body


def test_the_discord_channel_text_is_in_the_events_language(sqlite_db: Database) -> None:
    slug = _event(sqlite_db, "Liga Pokémon", ["Ana", "Bruno", "Carla"])
    with i18n.speaking("es"):
        pairings = pairings_text(sqlite_db, slug)
        assert "— ronda 1 (próxima)" in pairings
        assert "Mesa 1: " in pairings and " vs " in pairings
        assert "Bye: " in pairings
    with i18n.speaking("en"):
        assert "— round 1 (upcoming)" in pairings_text(sqlite_db, slug)
    rounds.open_round(sqlite_db, slug, 1, actor=ACTOR)
    with i18n.speaking("es"):
        assert "clasificación tras la ronda" in standings_text(sqlite_db, slug)


def test_the_cjk_font_is_found_by_path_and_has_the_glyphs() -> None:
    path = fonts.cjk_font()
    assert path is not None, "install fonts-noto-cjk (or set FAIRPAIR_CJK_FONT)"
    assert str(path) in fonts.CJK_FONTS
    for text in ("対戦表", "順位", "ラウンド", "田中"):
        assert all(not fonts.has_glyph(c) for c in text)  # the bundled face lacks them
        for piece, face in fonts.runs(text, 24):
            assert face is fonts.fallback_font(24, False)
            for c in piece:  # the CJK face draws each character, not its empty box
                assert bytes(face.getmask(c)) != bytes(face.getmask("\U0010fffd"))
    pieces = fonts.runs("Ash 田中 2-1", 24)
    assert [p for p, _ in pieces] == ["Ash ", "田中", " 2-1"]


def test_a_japanese_picture_draws_its_text_with_the_cjk_font(
    sqlite_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    slug = _event(sqlite_db, "関東オープン", ["田中", "佐藤", "鈴木", "高橋"])
    with i18n.speaking("ja"):
        png = render(sqlite_db, slug, "pairings")
        svg = render(sqlite_db, slug, "pairings", fmt="svg").decode()
    assert "対戦表 · ラウンド 1 · 開始前" in svg and "田中" in svg and "Noto Sans CJK JP" in svg
    with i18n.speaking("en"):
        english = render(sqlite_db, slug, "pairings", fmt="svg").decode()
    assert "Pairings · Round 1 · Upcoming" in english
    # without the CJK face the same picture is drawn with empty boxes: another picture
    monkeypatch.setattr(fonts, "fallback_font", lambda size, bold=False: None)
    with i18n.speaking("ja"):
        boxes = render(sqlite_db, slug, "pairings")
    drawn, tofu = (Image.open(BytesIO(b)).convert("L") for b in (png, boxes))
    assert drawn.size == tofu.size
    assert ImageChops.difference(drawn, tofu).getbbox() is not None
