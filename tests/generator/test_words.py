"""The generator speaks the page's language (issue 33, point 8): the event view rendered
inside the browser and its refusals — where and why — come from the catalogue the page
carries (``web.generator_site.words``), read with the standard library only
(``browser.learn``). Every section of events of every format the page runs is checked for
English words left, as ``tests/web/test_untranslated_pages.py`` checks the server's pages."""

from __future__ import annotations

import base64
import gettext
import io
import re
from collections.abc import Iterator
from typing import Any

import pytest

from fairpair.generator import browser
from fairpair.interop.document import parse_document
from fairpair.web import generator_site as site
from web.visible_text import visible

from .flow import act, refused

#: Japanese names, so that any Latin word left on the page is the product's.
PLAYERS = "\n".join(f"選手{k}" for k in range(1, 10))
TRANSLATED = ("es", "pt_BR", "fr", "de", "it", "ja")


@pytest.fixture
def speaking() -> Iterator[Any]:
    """``speak(lang)``: the glue learns ``lang`` as the page teaches it; English after."""

    def speak(lang: str) -> str:
        return browser.learn(lang, site.words(lang))

    yield speak
    browser.learn("en", "")


def english_left(html: str) -> list[str]:
    """Visible text with a Latin word in lower case (a sentence or a label left English);
    the abbreviations every language writes alike (OMW%, BH) are upper case."""
    return [
        piece
        for piece in visible(html)
        if any(w.islower() and len(w) > 1 for w in re.findall(r"[A-Za-z]+", piece))
    ]


def played(document: dict[str, Any], result: str = "2-0") -> dict[str, Any]:
    """Every table of the newest round of the current stage given ``result``."""
    stage = document["stages"][-1]
    stage_id = parse_document(document).stages[-1].id
    rnd = stage["rounds"][-1]
    answer: dict[str, Any] = {"document": document}
    for match in rnd.get("matches", []):
        answer = act(
            "report",
            document=answer["document"],
            stage=stage_id,
            round=rnd["number"],
            table=match["table"],
            result=result,
        )
    for pod in rnd.get("pods", []):
        answer = act(
            "places",
            document=answer["document"],
            stage=stage_id,
            round=rnd["number"],
            table=pod["table"],
            places=[str(k + 1) for k in range(len(pod["seats"]))],
        )
    return answer


def test_a_swiss_and_both_top_cuts_are_shown_in_japanese(speaking: Any) -> None:
    assert speaking("ja") == "ja"
    views: list[str] = []
    answer = act("new_event", name="金曜の夜", players=PLAYERS, toss=True, max_rounds="3")
    views.append(answer["html"])
    for number in (1, 2, 3):
        answer = act("pair_next", document=answer["document"])
        views.append(answer["html"])
        if number == 2:
            answer = act("drop", document=answer["document"], player="p9")
        answer = played(answer["document"], "2-1" if number % 2 else "1-1")
        views.append(answer["html"])
    swiss_done = answer["document"]
    for bracket in ("single", "double"):
        answer = act("cut", document=swiss_done, top="4", bracket=bracket)
        views.append(answer["html"])
        while "champion" not in answer["html"]:
            answer = played(act("pair_next", document=answer["document"])["document"])
            views.append(answer["html"])
    for html in views:
        assert english_left(html) == []
    last = views[-1]  # the double elimination's champion
    assert "優勝は" in last and "スイス式 の順位表" in last and "勝者側" in last
    assert any("<h3>準決勝</h3>" in html for html in views)  # the single elimination's
    assert "トス" in views[3] or "先攻" in views[3]  # the Toss table
    assert "勝-敗-分" in views[3]  # the record's heading


@pytest.mark.parametrize(("format", "extra"), [("round_robin", {}), ("pods", {"max_rounds": "2"})])
def test_round_robin_and_pods_are_shown_in_japanese(
    speaking: Any, format: str, extra: dict[str, str]
) -> None:
    speaking("ja")
    answer = act("new_event", name="クラブ", players=PLAYERS, format=format, **extra)
    views = [answer["html"]]
    for _ in range(2):
        answer = act("pair_next", document=answer["document"])
        views.append(answer["html"])
        answer = played(answer["document"], "a")  # the round robin's preset: one game
        views.append(answer["html"])
    assert all(english_left(html) == [] for html in views)


def test_refusals_say_where_and_why_in_the_pages_language(speaking: Any) -> None:
    speaking("de")
    assert refused("new_event", name=" ", players=PLAYERS) == {
        "where": "Name des Events",
        "reason": "gib dem Turnier einen Namen",
    }
    twice = refused("new_event", name="Abend", players="Ann\nBo\nann")
    assert twice == {"where": "Spieler, Zeile 3", "reason": "ann steht zweimal in der Liste"}
    document = act("new_event", name="Abend", players=PLAYERS)["document"]
    document = act("pair_next", document=document)["document"]
    wrong = refused("report", document=document, stage="swiss", round=1, table=1, result="9-9")
    assert wrong["where"] == "Runde 1, Tisch 1" and wrong["reason"].startswith("unbekanntes")
    early = refused("pair_next", document=document)  # the engine's own refusal, said in German
    assert "Runde 1" in early["reason"] and "round" not in early["reason"]
    speaking("ja")
    assert refused("cut", document=document, top="3")["reason"].startswith("決勝トーナメント")


def test_english_stays_as_it_was_and_a_bad_catalogue_is_english() -> None:
    assert browser.learn("en", "") == "en"
    answer = act("new_event", name="Night", players=PLAYERS)
    assert "Pair Round 1" in answer["html"] and "9 players" in answer["html"]
    assert browser.learn("ja", "not base64 at all!") == "en"
    assert browser.learn("ja", base64.b64encode(b"not a catalogue").decode()) == "en"
    assert "Pair Round 1" in act("view", document=answer["document"])["html"]
    assert refused("new_event", name="", players=PLAYERS)["reason"] == "give the event a name"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_page_carries_only_the_generators_words(lang: str) -> None:
    compiled = base64.b64decode(site.words(lang))
    catalogue = gettext.GNUTranslations(io.BytesIO(compiled))
    assert catalogue.gettext("Pair %(round)s") != "Pair %(round)s"  # the view's
    assert catalogue.gettext("Semifinals") != "Semifinals"  # round names
    assert catalogue.pgettext("tiebreak", "Buchholz") is not None
    assert catalogue.gettext("Skip to content") == "Skip to content"  # a page's, not carried
    assert len(compiled) < 120_000
    assert site.words("en") == ""
