"""Pictures speak their reader's language (issue 33, point 8): a bracket drawn in Japanese and
in Spanish says its title, caption, round names and the sides' sources in it, names as they
are; English is unchanged (``test_golden.py``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fairpair import i18n
from fairpair.interop.images import bracket_picture, to_svg

from .views import BRACKET, EVENT

SVG = "{http://www.w3.org/2000/svg}"


def _words(svg: bytes) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def test_a_bracket_in_japanese_and_in_spanish() -> None:
    english = bracket_picture(BRACKET, event=EVENT).texts()
    with i18n.speaking("ja"):
        ja = _words(to_svg(bracket_picture(BRACKET, event=EVENT)))
    assert ja[0] == EVENT and ja[1] == "トーナメント表 · Top 8"
    assert ja[-2] == "8 人 · シングルエリミネーション"
    assert "Final" in english and "Final" not in ja  # the engine's round names
    assert "Winner of M6" in english and "Winner of M6" not in ja  # a side's source
    assert ja.count("Zoë Adams") == english.count("Zoë Adams") == 3
    with i18n.speaking("es"):
        es = _words(to_svg(bracket_picture(BRACKET, event=EVENT)))
    assert es[1] == "Bracket · Top 8" and es[-2] == "8 jugadores · eliminación simple"
    assert "Final" in es and "Ganador de M6" in es
