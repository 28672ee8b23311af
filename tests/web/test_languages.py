"""The reader's language (docs/languages.md): chosen in the footer (a cookie), else the
browser's Accept-Language, else English — and the renderings shared per event version are
kept per language, so two readers never see each other's."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from cli_runner import CliRunner
from fairpair.cli.app import app as cli_app
from fairpair.service.event import events
from fairpair.service.event.details import event_details, set_event_details
from fairpair.service.kernel.connection import Database
from fairpair.web.app import create_app
from fairpair.web.language import COOKIE
from fairpair.web.routes.language import back_to

from .api_helpers import bearer, call, error_of, event_of
from .conftest import settings_for
from .helpers import account, log_in, post
from .public_events import release, toss_event


def test_two_readers_of_one_version_each_get_their_own_language(sqlite_db: Database) -> None:
    slug = toss_event(sqlite_db, "Two Tongues")
    release(sqlite_db, slug)
    app = create_app(settings_for(sqlite_db.url))
    with TestClient(app, base_url="https://testserver") as client:
        ja = client.get(f"/e/{slug}", headers={"accept-language": "ja,en;q=0.5"})
        es = client.get(f"/e/{slug}", headers={"accept-language": "es-MX,es;q=0.9"})
        en = client.get(f"/e/{slug}", headers={"accept-language": "zh-CN"})
        assert '<html lang="ja"' in ja.text and "名前順" in ja.text and "卓" in ja.text
        assert '<html lang="es"' in es.text and "Por nombre" in es.text
        assert '<html lang="en"' in en.text and "By name" in en.text
        assert "名前順" not in es.text and "Por nombre" not in ja.text
        assert "Accept-Language" in ja.headers["vary"]
        # the lists a live page fetches again, compressed once per version: per language
        lists = {}
        for lang in ("ja", "es", "ja"):
            answer = client.get(
                f"/e/{slug}?part=lists",
                headers={"hx-request": "true", "accept-language": lang, "accept-encoding": "gzip"},
            )
            lists[lang] = answer.text
        assert "卓" in lists["ja"] and "Mesa" in lists["es"] and "Mesa" not in lists["ja"]


def test_the_footer_picker_keeps_the_choice_over_the_browser(sqlite_db: Database) -> None:
    slug = toss_event(sqlite_db, "Picked Tongue")
    release(sqlite_db, slug)
    app = create_app(settings_for(sqlite_db.url))
    with TestClient(app, base_url="https://testserver") as client:
        answer = post(client, "/language", {"language": "es", "next": f"/e/{slug}/pairings"})
        assert answer.status_code == 303
        assert answer.headers["location"] == f"/e/{slug}/pairings"
        assert client.cookies.get(COOKIE) == "es"
        page = client.get(f"/e/{slug}", headers={"accept-language": "ja"})
        assert '<html lang="es"' in page.text and "Buscar mi mesa" in page.text
        # an unknown language: the cookie is gone, the browser's language again
        post(client, "/language", {"language": "xx", "next": "/"})
        assert client.cookies.get(COOKIE) is None
        page = client.get(f"/e/{slug}", headers={"accept-language": "ja"})
        assert '<html lang="ja"' in page.text


def test_the_picker_returns_only_to_this_site() -> None:
    assert back_to("/e/x/me?y=1") == "/e/x/me?y=1"
    for elsewhere in ("https://evil.example/", "//evil.example/", "/\\evil.example", "x"):
        assert back_to(elsewhere) == "/"


def test_the_event_default_language_comes_after_the_readers_own(sqlite_db: Database) -> None:
    """The order: the reader's choice > their browser's match > the event's default (set
    by its owner in Event details) > English."""
    olga = account(sqlite_db, "olgalang")
    slug = events.create_event(sqlite_db, "Torneo de Barrio", actor="olgalang", owner=olga.id)
    app = create_app(settings_for(sqlite_db.url))
    dutch = {"accept-language": "nl-NL,nl;q=0.9"}  # a language fairpair does not ship
    with TestClient(app, base_url="https://testserver") as client:
        assert '<html lang="en"' in client.get(f"/e/{slug}", headers=dutch).text
        log_in(client, "olgalang")
        refused = post(client, f"/console/{slug}/details", {"name": "Torneo", "language": "xx"})
        assert refused.status_code == 422 and "is not a language fairpair speaks" in refused.text
        saved = post(
            client, f"/console/{slug}/details", {"name": "Torneo de Barrio", "language": "es"}
        )
        assert saved.status_code == 303
        form = client.get(f"/console/{slug}/details", headers=dutch)
        assert '<option value="es" lang="es" selected>' in form.text
        assert "Idioma predeterminado" in form.text  # the console falls back to it too
    with TestClient(app, base_url="https://testserver") as reader:
        assert '<html lang="es"' in reader.get(f"/e/{slug}", headers=dutch).text
        assert '<html lang="es"' in reader.get(f"/e/{slug}").text  # no Accept-Language
        assert '<html lang="fr"' in reader.get(f"/e/{slug}", headers={"accept-language": "fr"}).text
        post(reader, "/language", {"language": "ja", "next": "/"})
        assert '<html lang="ja"' in reader.get(f"/e/{slug}", headers=dutch).text
        # elsewhere than the event's pages: English
        assert '<html lang="en"' in TestClient(app).get("/login", headers=dutch).text
    assert event_details(sqlite_db, slug).language == "es"
    assert set_event_details(sqlite_db, slug, {"language": "pt-BR"}, actor="olgalang").language == (
        "pt_BR"
    )
    cleared = set_event_details(sqlite_db, slug, {"language": ""}, actor="olgalang")
    assert cleared.language is None


def test_the_api_and_the_cli_set_the_event_language(sqlite_db: Database) -> None:
    headers = bearer(sqlite_db, "apilang")
    slug = event_of(sqlite_db, "apilang", "Tournoi du Club", players=2)
    with TestClient(create_app(settings_for(sqlite_db.url)), base_url="https://testserver") as c:
        wrong = call(c, "PATCH", f"/events/{slug}/details", headers, {"language": "klingon"})
        assert wrong.status_code == 409, wrong.text  # refused, as a bad federation is
        assert error_of(wrong)["field"] == "language"
        done = call(c, "PATCH", f"/events/{slug}/details", headers, {"language": "fr"})
        assert done.json()["language"] == "fr"
        assert '<html lang="fr"' in c.get(f"/e/{slug}").text
    edited = CliRunner().invoke(
        cli_app, ["event", "edit", slug, "--language", "ja", "--json", "--db", sqlite_db.url]
    )
    assert edited.exit_code == 0, edited.output
    assert json.loads(edited.stdout)["details"]["language"] == "ja"
    assert event_details(sqlite_db, slug).language == "ja"


def test_the_public_pages_speak_the_readers_language(sqlite_db: Database) -> None:
    """The pairings list, standings, bracket, big screen and print views (docs/languages.md)."""
    slug = toss_event(sqlite_db, "Public Tongues")
    release(sqlite_db, slug)
    app = create_app(settings_for(sqlite_db.url))
    with TestClient(app, base_url="https://testserver") as client:

        def page(path: str, lang: str) -> str:
            answer = client.get(f"/e/{slug}{path}", headers={"accept-language": lang})
            assert answer.status_code == 200
            text: str = answer.text
            return text

        assert "Emparejamientos de Ronda 1" in page("/pairings?by=name", "es")
        assert "Hojas de resultado" in page("/pairings?by=name", "es")
        standings = page("/standings", "de")
        assert "Aktuelle Tabelle" in standings and "Feinwertungen in Reihenfolge:" in standings
        assert "Pas de tableau" in page("/bracket", "fr")  # the service's reason: English
        assert "ラウンド 1" in page("/display", "ja")
        slips = page("/print/slips?round=1", "it")
        assert "Firma" in slips and "Mi ritiro dall'evento" in slips
        assert "Appariements de la Ronde 1 par table" in page("/print/pairings?by=table", "fr")
        english = page("/print/slips?round=1", "en")
        assert "Signature" in english and "I drop from the event" in english


def test_login_join_help_and_error_pages_speak_the_readers_language(sqlite_db: Database) -> None:
    slug = toss_event(sqlite_db, "Door Tongues")
    app = create_app(settings_for(sqlite_db.url))
    with TestClient(app, base_url="https://testserver") as client:
        es = {"accept-language": "es"}
        login = client.get("/login", headers=es).text
        assert "Acceso de organizadores" in login and "Contraseña" in login
        assert "Saltar al contenido" in login  # the header every page shares
        assert "Inscribirse en un evento" in client.get("/join", headers=es).text
        assert (
            "Feinwertungen" in client.get("/help/tiebreaks", headers={"accept-language": "de"}).text
        )
        missing = client.get("/no/such/page", headers={"accept-language": "ja"})
        assert missing.status_code == 404
        assert (
            "ページが見つかりません" in missing.text
            and "このアドレスにページはありません" in missing.text
        )
        assert "Page not found" in client.get("/no/such/page").text
        assert (
            "Einem Turnier beitreten" in client.get("/join", headers={"accept-language": "de"}).text
        )
        assert slug
