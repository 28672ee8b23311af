"""``GET /e/{slug}/image/{kind}.{fmt}``: the event's images for chat, public, kept per event
version; the download buttons on the public pairings, standings and bracket pages (and, in
a real browser, that the pairings button downloads a PNG)."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from PIL import Image

from fairpair.service.kernel.connection import Database
from fairpair.service.rounds import stages

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
