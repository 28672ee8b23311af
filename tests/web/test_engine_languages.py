"""The engine's own sentences in the reader's language (docs/languages.md, "The engine's
words"): a game score the match cannot have, or a round that cannot be completed yet, is
refused in German on the console's form and in the JSON API's ``message`` when the reader
asks for German — with the same ``code`` and ``field`` — and word for word as before in
English."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds

from .api_helpers import bearer, call, error_of, event_of
from .helpers import log_in, post
from .test_console_results import started

GERMAN = {"accept-language": "de-DE,de;q=0.9"}
ENGLISH = {"accept-language": "en-GB,en;q=0.8"}
IMPOSSIBLE_EN = "5 game wins is impossible in a bo3 match (at most 2)"
IMPOSSIBLE_DE = "5 gewonnene Spiele sind in einer bo3-Partie unmöglich (höchstens 2)"


def test_an_impossible_score_and_an_early_completion_are_refused_in_german_on_the_console(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = started(sqlite_db, "Engine Words Spoken")
    log_in(web_client, "olga")
    url = f"/console/{slug}/results"
    score = {"round": "1", "table": "1", "result": "5-4"}
    german = post(web_client, url, score, headers=GERMAN)
    english = post(web_client, url, score, headers=ENGLISH)
    assert german.status_code == english.status_code
    for answer in (german, english):  # next to the result field, what was typed kept
        assert 'id="e-result"' in answer.text and 'value="5-4"' in answer.text
    assert IMPOSSIBLE_DE in german.text and IMPOSSIBLE_EN not in german.text
    assert IMPOSSIBLE_EN in english.text and "unmöglich" not in english.text

    complete = f"/console/{slug}/rounds/1/complete"
    german = post(web_client, complete, {}, headers=GERMAN)
    english = post(web_client, complete, {}, headers=ENGLISH)
    assert german.status_code == english.status_code == 409
    assert "Runde 1 kann nicht abgeschlossen werden: 4 Partien haben noch kein Ergebnis" in (
        german.text
    )
    assert "cannot complete round 1: 4 matches have no result yet" in english.text
    assert rounds.round_view(sqlite_db, slug, 1).outstanding == 4  # nothing changed


def _error(client: TestClient, url: str, headers: dict[str, str], body: Any) -> dict[str, Any]:
    return error_of(call(client, "POST", url, headers, body))


def test_the_api_says_the_engines_reasons_in_german_with_the_same_code_and_field(
    web_client: TestClient, sqlite_db: Database
) -> None:
    me = bearer(sqlite_db, "xaveng")
    slug = event_of(sqlite_db, "xaveng", "API Engine Words")
    drafts.generate(sqlite_db, slug, actor="xaveng")
    rounds.release(sqlite_db, slug, actor="xaveng")
    rounds.open_round(sqlite_db, slug, 1, actor="xaveng")

    url = f"/events/{slug}/results"
    body = {"round": 1, "table": 1, "result": "5-4", "stage": "swiss"}
    english = _error(web_client, url, me, body)
    german = _error(web_client, url, {**me, **GERMAN}, body)
    assert english["code"] == german["code"] == "invalid_result"
    assert english["field"] == german["field"]
    assert english["message"] == IMPOSSIBLE_EN
    assert german["message"] == IMPOSSIBLE_DE
    assert _error(web_client, url, me, body) == english  # no language asked: English

    complete = f"/events/{slug}/rounds/1/complete"
    english = _error(web_client, complete, me, {})
    german = _error(web_client, complete, {**me, **GERMAN}, {})
    assert english["code"] == german["code"]
    assert english["field"] == german["field"]
    assert english["message"] == "cannot complete round 1: 4 matches have no result yet"
    assert german["message"] == (
        "Runde 1 kann nicht abgeschlossen werden: 4 Partien haben noch kein Ergebnis"
    )
