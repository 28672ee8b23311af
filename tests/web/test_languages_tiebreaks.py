"""The tiebreaks in the reader's language: their names (fairpair.language.tiebreaks), their
definitions on the help page (the registry's sentences, one a paragraph), a parametrised
one's name ("Koya, Grenze 60 %"), and a tiebreak's refusal on the stage form and in the API
— with the same code and field, English word for word as before."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from fairpair import i18n
from fairpair.engine.tiebreaks.registry import REGISTRY
from fairpair.service.kernel.connection import Database
from fairpair.web.routes.help import runs

from .api_helpers import bearer, call, error_of, event_of
from .helpers import log_in, post
from .test_console_stages import _event, _form, _stage

GERMAN = {"accept-language": "de-DE,de;q=0.9"}


def test_the_help_page_names_the_tiebreaks_in_the_readers_language(web_client: TestClient) -> None:
    de = web_client.get("/help/tiebreaks", headers={"accept-language": "de"}).text
    assert "<strong>Direkter Vergleich</strong>" in de
    assert '<span class="badge">DV</span>' in de
    assert "<code>head_to_head</code>" in de  # the id stays
    en = web_client.get("/help/tiebreaks").text
    assert "<strong>Head-to-head</strong>" in en and '<span class="badge">H2H</span>' in en


class _Definitions(HTMLParser):
    """The text of every paragraph of the page's definitions (``dl.tiebreak-list dd p``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.paragraphs: list[str] = []
        self._in_list = False
        self._in_p = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "dl" and ("class", "tiebreak-list") in attrs:
            self._in_list = True
        elif tag == "p" and self._in_list:
            self._in_p = True
            self.paragraphs.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "p":
            self._in_p = False
        elif tag == "dl":
            self._in_list = False

    def handle_data(self, data: str) -> None:
        if self._in_p:
            self.paragraphs[-1] += data


def _shown(html: str) -> set[str]:
    found = _Definitions()
    found.feed(html)
    return {" ".join(p.split()) for p in found.paragraphs}


def _texts(lang: str) -> list[str]:
    """Every definition paragraph as the page shows its text in ``lang``."""
    with i18n.speaking(lang):
        return [
            "".join(part for _, part in runs(i18n.say(p)))
            for tb in REGISTRY.values()
            for p in tb.paragraphs
        ]


@pytest.mark.parametrize(
    ("lang", "words"), [("fr", "Départages"), ("ja", "タイブレーク")], ids=["fr", "ja"]
)
def test_every_definition_is_shown_in_french_and_japanese_with_no_english_paragraph_left(
    web_client: TestClient, lang: str, words: str
) -> None:
    page = web_client.get("/help/tiebreaks", headers={"accept-language": lang})
    assert page.status_code == 200
    shown = _shown(page.text)
    english = _texts("en")
    translated = _texts(lang)
    assert len(english) == sum(len(tb.paragraphs) for tb in REGISTRY.values()) > 90
    assert all(t != e for t, e in zip(translated, english, strict=True))  # each one translated
    assert [t for t in translated if t not in shown] == []  # every paragraph is on the page
    assert [e for e in english if e in shown] == []  # and no English one is left
    assert words in page.text
    # formulas, ids and article numbers as they are; a lead-in ("*Example:*") emphasised
    assert "<code>fide_2026</code>" in page.text and "16.4.2" in page.text
    assert page.text.count("<em>") == sum(
        1 for tb in REGISTRY.values() for p in tb.paragraphs if p.template.startswith("*")
    )


def test_english_definitions_are_the_registrys_text(web_client: TestClient) -> None:
    shown = _shown(web_client.get("/help/tiebreaks").text)
    assert "Buchholz: the sum of the final points of every opponent the player faced." in shown
    assert [e for e in _texts("en") if e not in shown] == []
    assert REGISTRY["buchholz"].definition.startswith("Buchholz: the sum of the final points")


def test_a_tiebreaks_refusal_is_said_in_german_in_the_api_with_the_same_code_and_field(
    web_client: TestClient, sqlite_db: Database
) -> None:
    me = bearer(sqlite_db, "konrad")
    slug = event_of(sqlite_db, "konrad", "API Feinwertung", players=4)
    url = f"/events/{slug}/stages/swiss"
    bad = {"more": {"ruleset": {"base": "fide", "tiebreaks": ["buchholz", "koya_limit_120"]}}}
    english = error_of(call(web_client, "PATCH", url, me, bad))
    german = error_of(call(web_client, "PATCH", url, {**me, **GERMAN}, bad))
    assert english["code"] == german["code"] == "invalid_stage"
    assert english["field"] == german["field"] == "ruleset.tiebreaks.1"
    assert english["message"] == (
        "tiebreak 'koya_limit_120': Koya's limit (koya_limit_<percent>: a percentage of the "
        "maximum possible score) must be from 0 to 100, not 120"
    )
    assert german["message"] == (
        "Feinwertung 'koya_limit_120': die Koya-Grenze (koya_limit_<Prozent>: ein Prozentsatz "
        "der höchstmöglichen Punktzahl) muss zwischen 0 und 100 liegen, nicht 120"
    )
    unknown = {"more": {"ruleset": {"base": "fide", "tiebreaks": ["buchholz_cut9"]}}}
    german = error_of(call(web_client, "PATCH", url, {**me, **GERMAN}, unknown))
    assert german["message"].startswith("unbekannte Feinwertung 'buchholz_cut9' (bekannt: ")
    assert english["code"] == "invalid_stage"


def test_the_stage_form_names_a_parametrised_tiebreak_and_refuses_a_bad_one_in_german(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Feinwertung Formular")
    log_in(web_client, "olga")
    url = f"/console/{slug}/stages/swiss"
    koya = post(
        web_client,
        url,
        _form(move="add", add_tiebreak="koya", add_tiebreak_modifier="/L-2"),
        headers=GERMAN,
    )
    assert 'value="koya_limit_minus_2"' in koya.text and "Koya, Grenze −2 halbe Punkte" in koya.text
    english = post(
        web_client, url, _form(move="add", add_tiebreak="koya", add_tiebreak_modifier="/L-2")
    )
    assert "Koya, limit −2 half-points" in english.text
    order = ["buchholz", "seed", "aro_unrated_100001"]
    refused = post(web_client, url, _form(tiebreaks=order), headers=GERMAN)
    assert refused.status_code == 422
    assert (
        "die Wertung der Spieler ohne Wertung (_unrated_&lt;rating&gt;) muss zwischen 0 und "
        "100,000 liegen, nicht 100,001" in refused.text
    )
    assert "must be from 0 to 100,000" not in refused.text
    assert _stage(sqlite_db, slug).ruleset.tiebreaks != tuple(order)  # nothing changed
