"""CSV downloads through HTTP (issue 12, point 4): the console's pairings, standings and
results for staff, the public standings and pairings for everyone; proper quoting, UTF-8,
the standings table's columns and formatting."""

from __future__ import annotations

import csv
import io

from fastapi.testclient import TestClient

from fairpair.service.accounts.logins import Account
from fairpair.service.kernel.connection import Database
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.web.standings_table import standings_table

from .helpers import account, log_in
from .swiss_events import ACTOR, play_round, swiss_event

NAMES = ['Ann "the Ace", Lee', "Bø; Ström", "Cid", "Dee"]


def odd_names_event(db: Database, name: str, owner: Account | None = None) -> str:
    """Four players, two of them with commas, quotes, a semicolon and non-ASCII letters."""
    slug = swiss_event(db, name, NAMES[2:], owner=owner)
    odd = [NewPlayer(NAMES[0], id="ann"), NewPlayer(NAMES[1], id="bo")]
    players.add_players(db, slug, odd, actor=ACTOR)
    return slug


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def test_the_console_downloads_each_table_as_csv(
    sqlite_db: Database, web_client: TestClient
) -> None:
    owner = account(sqlite_db, "olga")
    slug = odd_names_event(sqlite_db, "Csv Night", owner)
    play_round(sqlite_db, slug)
    play_round(sqlite_db, slug)
    assert web_client.get(f"/console/{slug}/csv/standings", follow_redirects=False).status_code in (
        303,
        401,
    )
    log_in(web_client, "olga")

    got = web_client.get(f"/console/{slug}/csv/standings")
    assert got.status_code == 200
    assert got.headers["content-type"] == "text/csv; charset=utf-8"
    assert got.headers["content-disposition"] == f'attachment; filename="{slug}-standings.csv"'
    table = rows(got.content.decode("utf-8"))
    shown = standings_table(sqlite_db, slug).standings
    short = [tb.short for tb in shown.tiebreaks]
    assert table[0] == ["rank", "player", "id", "points", *short, "W-L-D", "played", "status"]
    for line, row in zip(table[1:], shown.rows, strict=True):
        assert line[1] == row.player.name and line[2] == row.player.id
        assert line[4 : 4 + len(short)] == [
            row.tiebreaks[tb.name].display for tb in shown.tiebreaks
        ]

    pairings = rows(web_client.get(f"/console/{slug}/csv/pairings?round=1").text)
    assert pairings[0][:2] == ["round", "table"]
    assert {p for line in pairings[1:] for p in (line[2], line[4])} == set(NAMES)
    assert all(line[-1].endswith("wins") for line in pairings[1:])

    results = rows(web_client.get(f"/console/{slug}/csv/results").text)
    assert len(results) == 1 + 4  # two rounds of two matches
    assert {line[8] for line in results[1:]} == {"played"}

    assert web_client.get(f"/console/{slug}/csv/brackets").status_code == 422
    missing = web_client.get(f"/console/{slug}/csv/pairings?round=9")
    assert missing.status_code == 404 and "no round 9" in missing.text
    page = web_client.get(f"/console/{slug}/standings")
    assert f'href="/console/{slug}/csv/standings?stage=swiss"' in page.text


def test_the_public_pages_offer_their_standings_and_pairings_as_csv(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = odd_names_event(sqlite_db, "Public Csv")
    play_round(sqlite_db, slug)
    standings = web_client.get(f"/e/{slug}/standings.csv")
    assert standings.status_code == 200
    assert rows(standings.text)[1][1] in NAMES
    pairings = web_client.get(f"/e/{slug}/pairings.csv?round=1")
    assert pairings.status_code == 200 and len(rows(pairings.text)) == 3
    assert 'id="standings-csv"' in web_client.get(f"/e/{slug}/standings").text
    assert 'id="pairings-csv"' in web_client.get(f"/e/{slug}/pairings?round=1").text
