"""The reader's language (docs/languages.md): chosen in the footer (a cookie), else the
browser's Accept-Language, else English — and the renderings shared per event version are
kept per language, so two readers never see each other's."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database
from fairpair.web.app import create_app
from fairpair.web.language import COOKIE
from fairpair.web.routes.language import back_to

from .conftest import settings_for
from .helpers import post
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
