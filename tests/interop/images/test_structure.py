"""What every image is, whatever the pixels: a PNG (signature, size, a palette), an SVG that parses
as XML and holds the names, the same bytes twice (no date or time), the words drawn."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from fairpair.interop.images import (
    bracket_picture,
    pairings_picture,
    standings_picture,
    theme,
    to_png,
    to_svg,
)
from fairpair.responses.events import RoundView

from .golden_images import PICTURES
from .views import BRACKET, EVENT, ROUND, STANDINGS

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_a_png_is_a_palette_png_1200_wide(name: str) -> None:
    data = to_png(PICTURES[name]())
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.mode == "P" and len(image.getpalette() or ()) <= 64 * 3
    assert image.width == theme.WIDTH and 300 < image.height < 1200
    assert to_png(PICTURES[name]()) == data  # deterministic: nothing of the moment in it


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_an_svg_parses_and_holds_the_same_words(name: str) -> None:
    picture = PICTURES[name]()
    data = to_svg(picture)
    root = ET.fromstring(data)
    assert root.tag == f"{SVG}svg" and root.get("width") == str(theme.WIDTH)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts == [t for t in picture.texts() if t]
    assert root.find(f"{SVG}title") is not None
    assert b"@font-face" not in data and len(data) < 30_000
    assert to_svg(picture) == data


def test_an_svg_can_carry_the_font() -> None:
    data = to_svg(PICTURES["bracket"](), embed_font=True)
    ET.fromstring(data)
    assert data.count(b"@font-face") == 2 and b"font/ttf;base64," in data


def test_the_pairings_say_what_they_show() -> None:
    texts = pairings_picture(ROUND, event=EVENT).texts()
    assert texts[:2] == [EVENT, "Pairings · Round 3 · In Progress"]
    assert texts[2:6] == ["Table", "Player", "Opponent", "Result"]
    body = texts[6:-2]
    assert body[:6] == ["1", "Zoë Adams", "Chloé Martin", "plays first", "2-1", "2"]
    long = body[6]
    assert long.startswith("Maximiliane Ale") and long.endswith("…")
    assert body[7:10] == ["plays first", "Bruno Costa", "0-2"]  # b won: told from a
    assert body[10:15] == ["3", "Dario Rossi", "plays first", "王小明", "draw 1-1"]
    assert body[15:19] == ["4", "Ивана Петровић", "Elif Yılmaz", "forfeit"]
    assert body[19:] == ["–", "Åsa Øberg", "Bye"]
    assert texts[-2:] == ["Pairings 1–5 of 5", "fairpair"]


def test_the_standings_show_rank_points_record_and_two_tiebreaks() -> None:
    texts = standings_picture(STANDINGS, top=8).texts()
    assert texts[1] == "Standings after round 3 (results missing)"
    assert texts[2:8] == ["#", "Player", "Points", "W-L-D", "OMW%", "GW%"]
    assert texts[8:14] == ["1", "Zoë Adams", "9", "3-0-0", "66.7%", "77.8%"]
    assert "OGW%" not in texts
    withdrawn = texts.index("Ивана Петровић")
    assert texts[withdrawn - 1 : withdrawn + 2] == ["–", "Ивана Петровић", "Withdrew"]
    assert "Dario Rossi" not in texts  # the 9th row: past the top 8
    assert texts[-2] == "Players 1–8 of 8"


def test_the_standings_page_through_a_long_table() -> None:
    second = standings_picture(STANDINGS, page=2, per_page=4).texts()
    assert second[-2] == "Players 5–8 of 9 · page 2 of 3"
    assert "Zoë Adams" not in second and "王小明" in second


def test_the_bracket_has_its_rounds_seeds_and_winners() -> None:
    picture = bracket_picture(BRACKET, event=EVENT)
    texts = picture.texts()
    assert texts[1] == "Bracket · Top 8"
    assert {"Quarterfinal", "Semifinal", "Final"} <= set(texts)
    assert "Winner of M6" in texts
    assert texts.count("Zoë Adams") == 3  # quarterfinal, semifinal, final
    assert texts[-2] == "8 players · single elimination"


def test_the_picture_has_no_date_or_time() -> None:
    for make in PICTURES.values():
        words = " ".join(make().texts())
        assert "2026" not in words and ":" not in words.replace("Bracket ·", "")


def test_hostile_names_never_break_an_image() -> None:
    names = {
        "p1": "<b>&amp;\"'</b>",
        "p3": "Tab\tand\nnew line\x00\x1b[31m\ufffe\ud800",
    }
    view = RoundView.model_validate(
        ROUND.model_dump()
        | {
            "tables": [
                {
                    **ROUND.tables[0].model_dump(),
                    "a": {"id": "p1", "name": names["p1"]},
                    "b": {"id": "p3", "name": names["p3"]},
                    "result": None,
                    "first": None,
                }
            ],
            "byes": [{"player": {"id": "p9", "name": "\u0301" * 400 + "x" * 500}, "kind": "x"}],
        }
    )
    picture = pairings_picture(view, event="A & B <c>")
    root = ET.fromstring(to_svg(picture))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert names["p1"] in texts and "Tab and new line[31m" in texts
    assert to_png(picture).startswith(b"\x89PNG")
    assert any(
        t is not None and t.endswith("x…") for t in texts
    )  # 400 lone accents, then x: cut, not a crash
