"""The public standings page: no login, no contacts, the live subscription (the live view
``standings`` renders the same table), a refresh link without JavaScript, a print view;
and its stream carrying the new table after a result (a real server)."""

from __future__ import annotations

import re
import threading
import time

import httpx
from fastapi.testclient import TestClient

from fairpair.engine.results import Result, Side
from fairpair.service.kernel.connection import Database
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.web.live_views import VIEWS

from .conftest import LiveServer
from .swiss_events import ACTOR, app_request, play_round, start_round, swiss_event


def test_the_public_page_shows_the_table_to_everyone_without_contacts(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = swiss_event(sqlite_db, "Public Night", ["Ann", "Bob", "Cid"])
    players.add_players(sqlite_db, slug, [NewPlayer("Dee", contact="dee@example.com")], actor=ACTOR)
    play_round(sqlite_db, slug)
    page = web_client.get(f"/e/{slug}/standings")
    assert page.status_code == 200
    assert 'id="standings"' in page.text and "Dee" in page.text
    assert "dee@example.com" not in page.text
    version = re.search(rf'sse-connect="/e/{slug}/live\?view=standings&amp;since=(\d+)"', page.text)
    assert version and int(version.group(1)) > 0
    assert 'hx-ext="sse"' in page.text and 'sse-swap="standings"' in page.text
    assert 'class="refresh"' in page.text  # without JavaScript: reload by a link
    assert 'href="/help/tiebreaks#buchholz"' in page.text
    assert "<script>" not in page.text and "style=" not in page.text


def test_the_print_view_and_the_print_stylesheet(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = swiss_event(sqlite_db, "Print Night", ["Ann", "Bob"])
    play_round(sqlite_db, slug)
    page = web_client.get(f"/e/{slug}/standings?print=1")
    assert page.status_code == 200 and "print-view" in page.text
    css = web_client.get("/static/css/standings.css").text
    assert "@media print" in css


def test_the_live_view_renders_the_same_table(sqlite_db: Database, web_client: TestClient) -> None:
    slug = swiss_event(sqlite_db, "Live View Night", ["Ann", "Bob"])
    play_round(sqlite_db, slug)
    assert "standings" in VIEWS and "bracket" in VIEWS
    page = web_client.get(f"/e/{slug}/standings").text
    table = page[page.index("<figure") : page.index("</figure>")]
    fragment = VIEWS["standings"](app_request(web_client), sqlite_db, slug, None)
    assert table in fragment


def test_a_result_reaches_the_standings_stream(live_server: LiveServer) -> None:
    db = live_server.db
    slug = swiss_event(db, "Stream Standings Night", ["Ann", "Bob", "Cid", "Dee"])
    number = start_round(db, slug)
    got: list[str] = []
    connected = threading.Event()
    arrived = threading.Event()

    def watch() -> None:
        url = f"{live_server.url}/e/{slug}/live?view=standings"
        with httpx.stream("GET", url, timeout=10) as answer:
            event = ""
            for line in answer.iter_lines():
                if line.startswith(": connected"):
                    connected.set()
                if line.startswith("event: "):
                    event = line[7:]
                if line.startswith("data: ") and event == "standings":
                    got.append(line)
                    if '<td class="record">1-0-0</td>' in line:
                        arrived.set()
                        return

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    assert connected.wait(5)
    time.sleep(0.2)
    start = time.monotonic()
    results.report(db, slug, number, Result.win(Side.A), table=1, actor=ACTOR)
    assert arrived.wait(5), got
    assert time.monotonic() - start < 2.0
    thread.join(2)


def test_a_big_field_is_paged_and_a_player_finds_their_row(
    sqlite_db: Database, web_client: TestClient
) -> None:
    names = [f"Player {i:03d}" for i in range(1, 251)]
    slug = swiss_event(sqlite_db, "Paged Open", names)
    play_round(sqlite_db, slug)
    first = web_client.get(f"/e/{slug}/standings").text
    assert first.count('<tr data-player="') == 100
    assert "Rows 1–100 of 250" in first and "page 1 of 3" in first
    last = web_client.get(f"/e/{slug}/standings?page=9").text  # past the end: the last page
    assert last.count('<tr data-player="') == 50 and "Rows 201–250 of 250" in last
    found = web_client.get(f"/e/{slug}/standings?q=player 217").text
    assert 'aria-current="true"' in found
    marked = found[found.index('aria-current="true"') - 200 : found.index('aria-current="true"')]
    assert "found" in marked
    assert "&amp;q=player%20217" in found or "&q=player%20217" in found  # the stream follows them
    missing = web_client.get(f"/e/{slug}/standings?q=nobody").text
    assert "No player's name holds" in missing
    printed = web_client.get(f"/e/{slug}/standings?print=1").text
    assert printed.count('<tr data-player="') == 250  # print: every row
