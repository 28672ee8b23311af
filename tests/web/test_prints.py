"""The print views through HTTP: a round's pairings by name and by table, its match slips
(one per table with event, round, table, both players, result boxes for games won and
drawn, a signature line for each player; four to a page), and the print stylesheet."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database
from fairpair.service.rounds.lifecycle import round_view

from .public_events import finish, release, toss_event

STATIC = Path(__file__).parents[2] / "src" / "fairpair" / "web" / "static"


def test_match_slips_one_per_table_four_to_a_page(
    web_client: TestClient, sqlite_db: Database
) -> None:
    names = tuple(f"Player {c}" for c in "ABCDEFGHIJKLM")  # 13: six tables and a bye
    slug = toss_event(sqlite_db, "Print Slips", names)
    number = release(sqlite_db, slug)
    page = web_client.get(f"/e/{slug}/print/slips?round={number}")
    assert page.status_code == 200
    slips = re.findall(r'<article class="slip" data-table="(\d+)">(.*?)</article>', page.text, re.S)
    view = round_view(sqlite_db, slug, number)
    assert [int(t) for t, _ in slips] == [t.table for t in view.tables]
    for (_, slip), table in zip(slips, view.tables, strict=True):
        assert (
            "Print Slips" in slip
            and "Round 1" in slip
            and f"<strong>{table.table}</strong>" in slip
        )
        assert table.a.name in slip and table.b.name in slip
        assert "Games won" in slip and "Games drawn" in slip and "Signature" in slip
        assert slip.count('class="box"') == 3 and slip.count('class="sign"') == 2
    assert page.text.count('<section class="sheet">') == 2  # 6 slips, 4 to a page
    assert view.byes[0].player.name not in "".join(s for _, s in slips)
    assert "data-print" in page.text and "<script>" not in page.text


def test_pairings_print_by_name_and_by_table(web_client: TestClient, sqlite_db: Database) -> None:
    slug = toss_event(sqlite_db, "Print Pairings")
    finish(sqlite_db, slug, release(sqlite_db, slug))
    release(sqlite_db, slug)
    by_name = web_client.get(f"/e/{slug}/print/pairings?round=2&by=name")
    assert by_name.status_code == 200 and "pairings by name" in by_name.text
    assert 'class="pairings by-name"' in by_name.text and "Bye" in by_name.text
    by_table = web_client.get(f"/e/{slug}/print/pairings?round=1&by=table")
    assert 'class="pairings by-table"' in by_table.text and "Round 1" in by_table.text
    current = web_client.get(f"/e/{slug}/print/pairings")
    assert "Round 2" in current.text
    assert web_client.get(f"/e/{slug}/print/slips?round=7").status_code == 404
    assert web_client.get(f"/e/{slug}/print/pairings?by=nope").status_code == 422


def test_nothing_to_print_before_the_first_release(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = toss_event(sqlite_db, "Print Nothing")
    assert "no round is released yet" in web_client.get(f"/e/{slug}/print/slips").text
    assert "nothing to print" in web_client.get(f"/e/{slug}/print/pairings").text


def test_the_print_stylesheet_hides_the_navigation_on_paper() -> None:
    css = (STATIC / "css" / "print.css").read_text()
    media = css[css.index("@media print") :]
    assert ".site-header" in media and ".print-controls" in media and "display: none" in media
    assert "@page { size: A4" in css and "break-after: page" in media
