"""``GET /e/{slug}/image/{kind}.{fmt}``: the event's images for chat, public, kept per event
version; the download buttons on the public pairings, standings and bracket pages (and, in
a real browser, that the pairings button downloads a PNG); the images (and a league's
leaderboard image) in the reader's language, kept per language, saying ``Vary``."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from PIL import Image

from fairpair import i18n
from fairpair.service.communities import communities
from fairpair.service.kernel.connection import Database
from fairpair.service.leagues import leagues
from fairpair.service.leagues.images import render_leaderboard
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds import stages
from service.league_weeks import week

from .conftest import LiveServer
from .public_events import ACTOR, finish, release, toss_event


def test_images_are_public_and_follow_the_version(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = toss_event(sqlite_db, "Image Open")
    number = release(sqlite_db, slug)
    answer = web_client.get(f"/e/{slug}/image/pairings.png")
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/png"
    assert Image.open(io.BytesIO(answer.content)).size[0] == 1200
    assert f'filename="{slug}-pairings.png"' in answer.headers["content-disposition"]
    svg = web_client.get(f"/e/{slug}/image/pairings.svg")
    assert svg.headers["content-type"].startswith("image/svg+xml")
    words = "".join(ET.fromstring(svg.content).itertext())
    assert "In Progress" in words and "Zoë Adams" in words
    finish(sqlite_db, slug, number)  # a new version: a new image, never a stale one
    after = web_client.get(f"/e/{slug}/image/pairings.svg")
    assert "Completed" in "".join(ET.fromstring(after.content).itertext())
    top = web_client.get(f"/e/{slug}/image/standings.png?top=3")
    assert top.status_code == 200 and top.content.startswith(b"\x89PNG")


def test_bad_requests_are_answered_not_crashed(web_client: TestClient, sqlite_db: Database) -> None:
    slug = toss_event(sqlite_db, "Image Errors")
    assert web_client.get("/e/nope/image/pairings.png").status_code == 404
    assert web_client.get(f"/e/{slug}/image/pairings.png").status_code == 409  # no round
    assert web_client.get(f"/e/{slug}/image/bracket.png").status_code == 409
    assert web_client.get(f"/e/{slug}/image/toss.png").status_code == 422
    assert web_client.get(f"/e/{slug}/image/pairings.gif").status_code == 422
    release(sqlite_db, slug)
    assert web_client.get(f"/e/{slug}/image/standings.png?page=0").status_code == 422
    assert web_client.get(f"/e/{slug}/image/standings.png?per_page=500").status_code == 422
    assert web_client.get(f"/e/{slug}/image/pairings.png?page=9").status_code == 409


def test_the_public_pages_link_their_image(web_client: TestClient, sqlite_db: Database) -> None:
    slug = toss_event(sqlite_db, "Image Links")
    release(sqlite_db, slug)
    pairings = web_client.get(f"/e/{slug}/pairings").text
    assert f'href="/e/{slug}/image/pairings.png?round=1"' in pairings
    assert f'download="{slug}-pairings-round-1.png"' in pairings
    standings = web_client.get(f"/e/{slug}/standings").text
    assert f'href="/e/{slug}/image/standings.png"' in standings and "download=" in standings
    assert "image/bracket.png" not in web_client.get(f"/e/{slug}/bracket").text
    stages.add_stage(sqlite_db, slug, {"id": "top", "format": "single_elimination"}, actor=ACTOR)
    bracket = web_client.get(f"/e/{slug}/bracket").text
    assert f'href="/e/{slug}/image/bracket.png"' in bracket
    image = web_client.get(f"/e/{slug}/image/bracket.png")
    assert image.status_code == 200 and image.content.startswith(b"\x89PNG")


def test_the_download_button_downloads_a_png(page: Any, live_server: LiveServer) -> None:
    slug = toss_event(live_server.db, "Image Button")
    release(live_server.db, slug)
    page.goto(f"/e/{slug}/pairings")
    with page.expect_download() as waiting:
        page.get_by_role("link", name="Image for chat").click()
    download = waiting.value
    assert download.suggested_filename == f"{slug}-pairings-round-1.png"
    saved = Path(download.path()).read_bytes()
    assert saved.startswith(b"\x89PNG\r\n\x1a\n")
    assert Image.open(io.BytesIO(saved)).size[0] == 1200


def _words(svg: bytes) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]


def test_an_image_is_drawn_in_the_readers_language(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = toss_event(sqlite_db, "Image Tongues")
    top = {"id": "top", "name": "Top 8", "format": "single_elimination"}
    stages.add_stage(sqlite_db, slug, top, actor=ACTOR)
    url = f"/e/{slug}/image/bracket.svg"
    es = web_client.get(url, headers={"accept-language": "es-MX,es;q=0.9"})
    ja = web_client.get(url, headers={"accept-language": "ja"})
    en = web_client.get(url)
    assert es.status_code == ja.status_code == en.status_code == 200
    assert "Bracket · Top 8" in _words(es.content) and "Cuartos de final" in _words(es.content)
    assert "トーナメント表 · Top 8" in _words(ja.content)  # one version, kept per language
    assert "Bracket · Top 8" in _words(en.content) and "Quarterfinals" in _words(en.content)
    for answer in (es, ja, en):
        assert answer.headers["vary"].startswith("Accept-Language, Cookie")
    past = web_client.get(
        f"/e/{slug}/image/standings.png?page=99", headers={"accept-language": "es"}
    )
    assert past.status_code == 409 and "no hay página 99: páginas 1 a 1" in past.text
    store = communities.create_community(sqlite_db, "Image Store", actor=ACTOR)
    players = [NewPlayer("Ana", seed=1), NewPlayer("Beto", seed=2)]
    one = week(sqlite_db, store, "Image Week", players, {frozenset(("Ana", "Beto")): "Ana"})
    key = leagues.create_league(sqlite_db, store, "Image League", actor=ACTOR, events=[one])
    board = f"/c/{store}/leagues/{key}/leaderboard.png"
    spanish = web_client.get(board, headers={"accept-language": "es"})
    english = web_client.get(board)
    assert spanish.status_code == english.status_code == 200
    assert spanish.headers["vary"].startswith("Accept-Language, Cookie")
    assert spanish.content != english.content  # kept per language, not one for every reader
    assert web_client.get(board, headers={"accept-language": "es"}).content == spanish.content
    with i18n.speaking("es"):
        assert spanish.content == render_leaderboard(sqlite_db, store, key)
