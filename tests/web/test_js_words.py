"""The JavaScript's words (docs/languages.md "JavaScript"): each page carries them in its
language as JSON (``<meta name="fp-words">``, ``web/js_words.py``) for
``static/js/words.js``; every word a script asks for is in the catalogue; the generator's
page speaks the reader's language."""

from __future__ import annotations

import html as html_module
import json
import re
from pathlib import Path

from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database
from fairpair.web import js_words

from .notice_helpers import released_event

JS = Path(js_words.__file__).parent / "static" / "js"
WORDS_JSON = re.compile(r'<meta name="fp-words" content="([^"]*)">')
#: ``fairpairWords.t("…")`` and ``fairpairWords.n("…", "…"`` (and results-queue.js's ``say``).
ASKED = re.compile(r'(?:fairpairWords\.t|say)\(\s*"((?:[^"\\]|\\.)*)"')
COUNTED = re.compile(r'fairpairWords\.n\(\s*"((?:[^"\\]|\\.)*)"')


def _words(html: str) -> dict[str, dict[str, object]]:
    found = WORDS_JSON.search(html)
    assert found is not None
    words: dict[str, dict[str, object]] = json.loads(html_module.unescape(found.group(1)))
    return words


def test_a_page_carries_its_javascript_words_in_its_language(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = released_event(sqlite_db, "Words Screen")
    ja = _words(web_client.get(f"/e/{slug}/display", headers={"accept-language": "ja"}).text)
    assert ja["words"]["Paused"] == "一時停止中"
    assert ja["words"]["Page %(page)s of %(pages)s"] == "%(pages)s ページ中 %(page)s ページ"
    sent = ja["plurals"]["%(num)d result sent and recorded."]
    assert sent == {"other": "%(num)d 件の結果を送信し、記録しました。"}
    es = _words(web_client.get(f"/e/{slug}", headers={"accept-language": "es"}).text)
    assert es["words"]["Time"] == "Tiempo"
    forms = es["plurals"]["%(num)d result sent and recorded."]
    assert isinstance(forms, dict)
    assert forms["one"] == "%(num)d resultado enviado y registrado."
    assert forms["other"] == "%(num)d resultados enviados y registrados."
    english = web_client.get(f"/e/{slug}/display").text
    assert _words(english) == {}  # the JavaScript's own English text
    assert '<script src="/static/js/words.js"></script>' in english


def test_every_word_a_script_asks_for_is_in_the_catalogue() -> None:
    asked: set[str] = set()
    counted: set[str] = set()
    for script in JS.glob("*.js"):
        text = script.read_text(encoding="utf-8")
        asked |= {json.loads(f'"{m}"') for m in ASKED.findall(text)}
        counted |= {json.loads(f'"{m}"') for m in COUNTED.findall(text)}
    assert "Paused" in asked and len(asked) > 40
    assert asked - set(js_words.WORDS) == set()
    assert counted == set(js_words._counted(1))


def test_the_words_are_an_escaped_attribute_not_an_inline_script(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = released_event(sqlite_db, "Words Escaped")
    page = web_client.get(f"/e/{slug}/display", headers={"accept-language": "fr"}).text
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", page) == []
    found = WORDS_JSON.search(page)
    assert found is not None and '"' not in found.group(1) and "&#34;" in found.group(1)
    assert _words(page)["words"]["Paused"] == "En pause"


def test_the_generator_page_speaks_the_readers_language(web_client: TestClient) -> None:
    page = web_client.get("/generator/", headers={"accept-language": "fr"})
    assert page.status_code == 200
    assert '<html lang="fr"' in page.text
    assert "Générateur de suisse et de tableaux" in page.text
    assert '<script src="../static/js/words.js"></script>' in page.text
    assert _words(page.text)["words"]["Log in"] == "Se connecter"
    english = web_client.get("/generator/").text
    assert "Swiss and bracket generator" in english and '<html lang="en"' in english
