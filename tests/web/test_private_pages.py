"""``Cache-Control: no-store`` on the pages that are one person's — the login, the console,
a player's personal link and own pages — and not on the public ones; HSTS over HTTPS only
(the connection's, or a trusted proxy's ``X-Forwarded-Proto``), never over plain HTTP
(issue 33, point 7, those two parts)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.event.events import create_event
from fairpair.service.kernel.connection import Database
from fairpair.service.players.passes import personal_link
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players
from fairpair.web.app import create_app

from .conftest import settings_for
from .helpers import account, log_in


def test_private_pages_are_never_stored(sqlite_db: Database, web_client: TestClient) -> None:
    owner = account(sqlite_db, "olga")
    slug = create_event(sqlite_db, "Private Night", actor="td", owner=owner.id)
    add_players(sqlite_db, slug, [NewPlayer("Ann")], actor="td")
    link = personal_link(sqlite_db, slug, "ann", actor="td")
    login = web_client.get("/login")
    assert login.headers["cache-control"] == "no-store"
    public = web_client.get(f"/e/{slug}")
    assert public.status_code == 200 and "no-store" not in public.headers.get("cache-control", "")
    personal = web_client.get(f"/e/{slug}/p/{link}", follow_redirects=False)
    assert personal.headers["cache-control"] == "no-store"
    mine = web_client.get(f"/e/{slug}/me", follow_redirects=False)
    assert mine.headers["cache-control"] == "no-store"
    log_in(web_client, "olga")
    for page in ("/console", f"/console/{slug}", f"/console/{slug}/players", "/account"):
        answer = web_client.get(page)
        assert answer.status_code == 200, page
        assert answer.headers["cache-control"] == "no-store", page


def test_hsts_only_over_https(sqlite_db: Database) -> None:
    hsts = "strict-transport-security"
    with TestClient(create_app(settings_for(sqlite_db.url)), base_url="https://testserver") as tls:
        assert tls.get("/").headers[hsts] == "max-age=31536000"
    with TestClient(create_app(settings_for(sqlite_db.url)), base_url="http://testserver") as plain:
        assert hsts not in plain.get("/").headers
        # a forged X-Forwarded-Proto from a peer nobody trusts changes nothing
        assert hsts not in plain.get("/", headers={"x-forwarded-proto": "https"}).headers
    behind = create_app(settings_for(sqlite_db.url, trusted_proxies=("*",)))
    with TestClient(behind, base_url="http://testserver") as proxied:
        assert hsts in proxied.get("/", headers={"x-forwarded-proto": "https"}).headers
        assert hsts not in proxied.get("/").headers
