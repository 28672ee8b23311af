"""The service's refusals in the reader's language (docs/languages.md, "Refusals"): the same
refused form post or API call says its reason in Spanish to a Spanish reader (their
``Accept-Language`` or the ``fairpair_lang`` cookie) and in English to everyone else, while
the stable ``code`` and the ``field`` (what caused it) stay the same in every language."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from fairpair.service.event import events
from fairpair.service.kernel.connection import Database
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.web.language import COOKIE

from .api_helpers import bearer, call, error_of, event_of
from .helpers import account, log_in, post

SPANISH = {"accept-language": "es-ES,es;q=0.9"}
ENGLISH = {"accept-language": "en-GB,en;q=0.8"}


def _seeded(db: Database, name: str) -> str:
    owner = account(db, "olgaref")
    slug = events.create_event(db, name, actor="olgaref", owner=owner.id)
    add_players(db, slug, [NewPlayer(f"P{i}", id=f"p{i}", seed=i) for i in (1, 2, 3)], actor="t")
    return slug


def test_a_refused_form_post_says_why_in_the_readers_language(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _seeded(sqlite_db, "Refusals Spoken")
    log_in(web_client, "olgaref")
    url = f"/console/{slug}/players/p1/seed"
    spanish = post(web_client, url, {"seed": "2"}, headers=SPANISH)
    assert spanish.status_code == 422
    assert "el cabeza de serie 2 ya es de P2 (p2)" in spanish.text
    assert "seed 2 is taken by P2" not in spanish.text
    assert 'class="row-error"' in spanish.text  # next to its row, as in English
    english = post(web_client, url, {"seed": "2"}, headers=ENGLISH)
    assert english.status_code == 422 and 'class="row-error"' in english.text
    assert "seed 2 is taken by P2 (p2)" in english.text
    assert "ya es de" not in english.text
    # an htmx post gets its fragment in the reader's language too
    htmx = post(web_client, url, {"seed": "2"}, headers={**SPANISH, "hx-request": "true"})
    assert "el cabeza de serie 2 ya es de P2 (p2)" in htmx.text
    # the cookie (the footer's picker) speaks over the browser
    web_client.cookies.set(COOKIE, "es")
    picked = post(web_client, url, {"seed": "2"}, headers=ENGLISH)
    assert "el cabeza de serie 2 ya es de P2 (p2)" in picked.text


def _open_round(db: Database, owner: str, name: str) -> str:
    slug = event_of(db, owner, name)
    drafts.generate(db, slug, actor=owner)
    rounds.release(db, slug, actor=owner)
    rounds.open_round(db, slug, 1, actor=owner)
    return slug


def _error(client: TestClient, url: str, headers: dict[str, str], body: Any) -> dict[str, Any]:
    return error_of(call(client, "POST", url, headers, body))


def test_an_api_refusal_keeps_its_code_and_field_and_speaks_spanish(
    web_client: TestClient, sqlite_db: Database
) -> None:
    me = bearer(sqlite_db, "xavref")
    slug = _open_round(sqlite_db, "xavref", "API Refusals Spoken")
    url = f"/events/{slug}/results"
    body = {"round": 1, "table": 1, "result": "a-wins", "stage": "swiss"}
    assert call(web_client, "POST", url, me, body).status_code == 201
    again = {**body, "result": "0-2"}
    english = _error(web_client, url, me, again)
    spanish = _error(web_client, url, {**me, **SPANISH}, again)
    assert english["code"] == spanish["code"] == "already_recorded"
    assert english["field"] == spanish["field"]
    assert english["message"].startswith("table 1 already has a result: ")
    assert spanish["message"].startswith("la mesa 1 ya tiene resultado: ")
    assert spanish["message"].endswith("; para cambiarlo, corrígelo")
    # no language asked for: English, as before (an API client sends no Accept-Language)
    assert _error(web_client, url, me, again) == english
    # the cookie works for the API too (a browser's fetch carries it)
    missing = {"round": 1, "table": 99, "result": "2-0"}
    web_client.cookies.set(COOKIE, "es")
    by_cookie = _error(web_client, url, me, missing)
    web_client.cookies.delete(COOKIE)
    plain = _error(web_client, url, me, missing)
    assert by_cookie["code"] == plain["code"] == "unknown_table"
    assert by_cookie["field"] == plain["field"]
    assert plain["message"].startswith("round 1 has no table 99 (it has ")
    assert by_cookie["message"].startswith("la ronda 1 no tiene mesa 99 (tiene ")
