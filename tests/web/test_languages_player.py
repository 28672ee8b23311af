"""A signed-in player's language (docs/languages.md): picking one in the footer on the
event's pages keeps it as their own (their notices are written in it); the portal's
notifications, channels, drop and report pages and their own messages speak it."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import select

from fairpair.service.kernel.connection import Database
from fairpair.service.notices.languages import recipients_languages
from fairpair.store.models import AuditRow, EventRow, PlayerRow
from fairpair.web.language import COOKIE

from .helpers import post
from .notice_helpers import as_player, released_event


def _choices(db: Database) -> int:
    with db.reading() as conn:
        rows = conn.execute(select(AuditRow.id).where(AuditRow.action == "notice.language"))
        return len(rows.all())


def _language(db: Database, player_id: int) -> str | None:
    with db.reading() as conn:
        found: str | None = conn.execute(
            select(PlayerRow.language).where(PlayerRow.id == player_id)
        ).scalar_one()
        return found


def test_a_player_picking_a_language_keeps_it_for_their_notices(
    sqlite_db: Database, web_client: TestClient
) -> None:
    db = sqlite_db
    slug = released_event(db, "Lingua Cup")
    me = as_player(web_client, db, slug, "lingua-cup-p0")
    page = web_client.get(f"/e/{slug}/me")
    assert f'action="/e/{slug}/language"' in page.text  # the picker, where the pass goes
    answer = post(web_client, f"/e/{slug}/language", {"language": "it", "next": f"/e/{slug}/me"})
    assert answer.status_code == 303 and answer.headers["location"] == f"/e/{slug}/me"
    assert web_client.cookies.get(COOKIE) == "it"
    assert _language(db, me) == "it"
    with db.reading() as conn:
        event_id = conn.execute(select(EventRow.id).where(EventRow.slug == slug)).scalar_one()
        assert recipients_languages(conn, event_id, [me]) == {me: "it"}
    assert _choices(db) == 1
    # the same again, or a language fairpair does not ship: nothing written
    post(web_client, f"/e/{slug}/language", {"language": "it", "next": "/"})
    post(web_client, f"/e/{slug}/language", {"language": "nl", "next": "/"})
    assert _language(db, me) == "it"
    assert _choices(db) == 1
    assert COOKIE not in web_client.cookies  # "nl": the browser's choice again


def test_a_visitor_without_a_pass_changes_only_their_cookie(
    sqlite_db: Database, web_client: TestClient
) -> None:
    db = sqlite_db
    slug = released_event(db, "Lingua Open")
    page = web_client.get(f"/e/{slug}")
    assert f'action="/e/{slug}/language"' in page.text
    assert 'action="/language"' in web_client.get("/").text
    answer = post(web_client, f"/e/{slug}/language", {"language": "de", "next": f"/e/{slug}"})
    assert answer.status_code == 303 and web_client.cookies.get(COOKIE) == "de"
    with db.reading() as conn:
        kept = conn.execute(select(PlayerRow.language).where(PlayerRow.language.is_not(None)))
        assert kept.all() == []


def test_the_portal_pages_speak_the_players_language(
    sqlite_db: Database, web_client: TestClient
) -> None:
    db = sqlite_db
    slug = released_event(db, "Copa Idiomas")
    as_player(web_client, db, slug, "copa-idiomas-p0")
    es = {"accept-language": "es"}
    notices = web_client.get(f"/e/{slug}/me/notifications", headers=es)
    assert "Aún no hay notificaciones" in notices.text and "Mi partida" in notices.text
    prefs = web_client.get(f"/e/{slug}/me/preferences", headers=es)
    assert "Cómo avisarte" in prefs.text and "Activar push aquí" in prefs.text
    drop = post(web_client, f"/e/{slug}/me/drop", {}, headers=es)
    assert "¿Abandonar Copa Idiomas?" in drop.text and "Sí, abandono" in drop.text
    report = web_client.get(f"/e/{slug}/me/report", headers=es)
    assert "← Mi partida" in report.text and "Mi resultado" in report.text
    wrong = post(web_client, f"/e/{slug}/me/byes", {"kind": "full", "round": "2"}, headers=es)
    assert wrong.status_code == 422 and "elige un bye de medio punto" in wrong.text
    ja = web_client.get(f"/e/{slug}/me/preferences", headers={"accept-language": "ja"})
    assert "お知らせの受け取り方" in ja.text
    en = web_client.get(f"/e/{slug}/me/preferences")
    assert "How to tell you" in en.text and "Turn on push here" in en.text
