"""The pictures of a saved event in the language asked (docs/languages.md, "Pictures"): a
bracket (the engine's own round names, sections, sides' sources, the champion), a league's
leaderboard, the standings and the pairings drawn as SVG in Japanese and in Spanish carry
the catalogue's words; the Japanese PNG draws them with the CJK font; the decimal mark and
the pictures' refusals follow the language; English is the picture it always was. (The
fixed views in other languages: ``tests/interop/images/test_languages.py``; the public
image URLs: ``tests/web/test_public_images.py``.)"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from io import BytesIO

import pytest
from PIL import Image, ImageChops

from fairpair import i18n
from fairpair.engine.results import Result, Side
from fairpair.interop.images import NoSuchPage, fonts, sheet, standings_picture
from fairpair.interop.images.bracket import bracket_picture
from fairpair.responses.standings import StandingsResponse
from fairpair.service.communities import communities
from fairpair.service.event import events
from fairpair.service.event.images import render
from fairpair.service.kernel.connection import Database
from fairpair.service.leagues import leagues
from fairpair.service.leagues.images import render_leaderboard
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts, stages
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.bracket_view import bracket_view
from service.league_weeks import week

ACTOR = "td"
SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: bytes) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def playoff(db: Database, name: str, size: int, fmt: str = "single_elimination") -> str:
    slug = events.create_event(db, name, actor=ACTOR)
    players.add_players(
        db, slug, [NewPlayer(f"P{i}", id=f"p{i}", seed=i) for i in range(1, size + 1)], actor=ACTOR
    )
    stages.add_stage(db, slug, {"id": "top", "name": "Top 8", "format": fmt}, actor=ACTOR)
    return slug


def play_round(db: Database, slug: str) -> None:
    """One playoff round, the higher seed (side a) winning every match."""
    drafts.generate(db, slug, actor=ACTOR, stage="top")
    number = rounds.release(db, slug, actor=ACTOR, stage="top")
    rounds.open_round(db, slug, number, actor=ACTOR, stage="top")
    rnd = events.export_event(db, slug).stage("top").round(number)
    assert rnd is not None
    for m in rnd.matches:
        results.report(
            db, slug, number, Result.win(Side.A), table=m.table, actor=ACTOR, stage="top"
        )
    rounds.complete_round(db, slug, number, actor=ACTOR, stage="top")


def test_a_bracket_is_drawn_in_japanese_and_in_spanish(sqlite_db: Database) -> None:
    db = sqlite_db
    slug = playoff(db, "Copa Kanto", 8)
    play_round(db, slug)
    with i18n.speaking("ja"):
        ja = texts(render(db, slug, "bracket", fmt="svg"))
    assert ja[:2] == ["Copa Kanto", "トーナメント表 · Top 8"]
    assert {"準々決勝", "準決勝", "決勝", "M5 の勝者", "M6 の勝者"} <= set(ja)
    assert "8 人 · シングルエリミネーション" in ja
    with i18n.speaking("es"):
        es = texts(render(db, slug, "bracket", fmt="svg"))
    assert es[1] == "Bracket · Top 8"
    assert {"Cuartos de final", "Semifinales", "Final", "Ganador de M5"} <= set(es)
    assert "8 jugadores · eliminación simple" in es
    english = texts(render(db, slug, "bracket", fmt="svg"))  # outside a request: English
    assert english[1] == "Bracket · Top 8" and "Quarterfinals" in english
    assert "Winner of M5" in english and "8 players · single elimination" in english
    play_round(db, slug)
    play_round(db, slug)
    with i18n.speaking("ja"):
        assert (
            texts(render(db, slug, "bracket", fmt="svg"))[1] == "トーナメント表 · Top 8 · 優勝: P1"
        )
    with i18n.speaking("es"):
        assert texts(render(db, slug, "bracket", fmt="svg"))[1] == "Bracket · Top 8 · Campeón: P1"


def test_a_double_elimination_brackets_sections_and_an_undrawn_bracket(
    sqlite_db: Database,
) -> None:
    slug = playoff(sqlite_db, "Doble Seis", 6, "double_elimination")
    with i18n.speaking("es"):
        es = texts(render(sqlite_db, slug, "bracket", fmt="svg"))
        assert {"Cuadro de ganadores", "Cuadro de perdedores", "Gran final"} <= set(es)
        assert "6 jugadores · doble eliminación" in es
        undrawn = bracket_view(sqlite_db, slug).model_copy(update={"sections": [], "drawn": False})
        words = bracket_picture(undrawn, event="Doble Seis").texts()
    assert "Aún sin sortear · 6 jugadores" in words
    with i18n.speaking("ja"):
        words = bracket_picture(undrawn, event="Doble Seis").texts()
    assert "まだ組まれていません · 6 人" in words and "6 人 · ダブルエリミネーション" in words


def season(db: Database) -> tuple[str, str]:
    store = communities.create_community(db, "Tienda", actor=ACTOR)
    names = [NewPlayer("Ana", seed=1), NewPlayer("Beto", seed=2), NewPlayer("田中", seed=3)]
    one = week(db, store, "Semana 1", names, {frozenset(("Ana", "Beto")): "Ana"})
    key = leagues.create_league(
        db, store, "Liga de Otoño", actor=ACTOR, rule={"best": 3}, events=[one]
    )
    return store, key


def test_a_leaderboard_is_drawn_in_japanese_and_in_spanish(sqlite_db: Database) -> None:
    store, key = season(sqlite_db)
    with i18n.speaking("ja"):
        ja = texts(render_leaderboard(sqlite_db, store, key, fmt="svg"))
    assert ja[:2] == ["Liga de Otoño", "ランキング · 1 イベント · 上位 3 件を集計"]
    assert ja[2:7] == ["#", "プレイヤー", "勝ち点", "イベント", "勝-敗-分"]
    assert "田中" in ja and "プレイヤー 1–3（全3）" in ja
    with i18n.speaking("es"):
        es = texts(render_leaderboard(sqlite_db, store, key, fmt="svg"))
    assert es[1] == "Clasificación · 1 evento · cuentan los 3 mejores"
    assert es[2:7] == ["#", "Jugador", "Puntos", "Eventos", "V-D-E"]
    assert "Jugadores 1–3 de 3" in es
    english = texts(render_leaderboard(sqlite_db, store, key, fmt="svg"))
    assert english[1] == "Leaderboard · 1 event · best 3 count"
    assert english[2:7] == ["#", "Player", "Points", "Events", "W-L-D"]


def test_a_japanese_leaderboard_and_bracket_draw_cjk_glyphs(
    sqlite_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, key = season(sqlite_db)
    slug = playoff(sqlite_db, "Copa", 4)
    with i18n.speaking("ja"):
        drawn = [render_leaderboard(sqlite_db, store, key), render(sqlite_db, slug, "bracket")]
    monkeypatch.setattr(fonts, "fallback_font", lambda size, bold=False: None)
    with i18n.speaking("ja"):  # no CJK face: the same words as the bundled font's empty boxes
        boxes = [render_leaderboard(sqlite_db, store, key), render(sqlite_db, slug, "bracket")]
    for png, tofu in zip(drawn, boxes, strict=True):
        a, b = (Image.open(BytesIO(data)).convert("L") for data in (png, tofu))
        assert a.size == b.size
        changed = ImageChops.difference(a, b).getbbox()
        assert changed is not None
        # the glyphs differ in the title band (the subtitle) and the header row
        assert changed[1] < 120 and changed[3] > 120


def test_the_standings_and_pairings_pictures_in_spanish_with_its_decimal_mark(
    sqlite_db: Database,
) -> None:
    slug = events.create_event(sqlite_db, "Abierto", actor=ACTOR)
    players.add_players(
        sqlite_db, slug, [NewPlayer(n) for n in ("Ana", "Beto", "Carla")], actor=ACTOR
    )
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    rounds.release(sqlite_db, slug, actor=ACTOR)
    rounds.open_round(sqlite_db, slug, 1, actor=ACTOR)
    with i18n.speaking("es"):
        pairings = texts(render(sqlite_db, slug, "pairings", fmt="svg"))
        standings = texts(render(sqlite_db, slug, "standings", fmt="svg"))
    assert pairings[1] == "Emparejamientos · Ronda 1 · En curso"
    assert {"Mesa", "Jugador", "Rival", "Resultado", "Bye"} <= set(pairings)
    assert standings[1].startswith("Clasificación") and {"Jugador", "Puntos"} <= set(standings)
    # the engine writes "66.7%"; a Spanish or German picture writes its decimal comma
    view = _standings_with_decimals()
    with i18n.speaking("de"):
        german = standings_picture(view).texts()
    with i18n.speaking("ja"):
        japanese = standings_picture(view).texts()
    english = standings_picture(view).texts()
    assert "66,7%" in german and "10,75" in german and "S-N-U" in german
    assert "66.7%" in japanese and "10.75" in japanese and "勝-敗-分" in japanese
    assert "66.7%" in english and "10.75" in english and "W-L-D" in english


def _standings_with_decimals() -> StandingsResponse:
    row = {
        "rank": 1,
        "player": {"id": "p1", "name": "Ana"},
        "points": 10.75,
        "points_exact": "43/4",
        "record": {"wins": 3, "draws": 1, "losses": 0, "text": "3-0-1"},
        "played": 4,
        "byes": 0,
        "forfeits": 0,
        "dropped_after": None,
        "status": None,
        "place": None,
        "tiebreaks": {"omw": {"value": 0.667, "exact": "2/3", "display": "66.7%"}},
    }
    return StandingsResponse.model_validate(
        {
            "tournament": "Abierto",
            "stage": "swiss",
            "ruleset": "mtg",
            "after_round": 4,
            "tiebreaks": [
                {
                    "name": "omw",
                    "label": "omw",
                    "short": "OMW%",
                    "kind": "percent",
                    "higher_is_better": True,
                }
            ],
            "record_heading": "W-L-D",
            "rows": [row],
            "complete_through": 4,
            "rounds_in_progress": [],
        }
    )


def test_a_pictures_refusal_is_said_in_the_readers_language() -> None:
    with pytest.raises(NoSuchPage) as refused:
        sheet(12, page=3)
    assert refused.value.reason == "there is no page 3: pages 1 to 2"  # the CLI's, the log's
    with i18n.speaking("es"):
        assert i18n.reason(refused.value) == "no hay página 3: páginas 1 a 2"
    with i18n.speaking("ja"):
        assert i18n.reason(refused.value) == "3 ページはありません（1〜2 ページ）"
