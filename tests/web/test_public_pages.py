"""The public pages through HTTP (no login): the current round by table and by name (every
player once, the bye named, the toss tag), round cards and their states, "find my table" as
a plain GET form, nothing of a draft before release, dropped players' names kept on old
pairings, the 404 page, and the live fragments (the HTML holds the pairings: no JS needed)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import cast

from fastapi import Request
from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.lifecycle import round_view
from fairpair.web.live_views import VIEWS

from .public_events import ACTOR, NAMES, finish, release, toss_event


def _rows(html: str, table_class: str) -> list[str]:
    found = re.search(rf'<table class="pairings {table_class}".*?</table>', html, re.S)
    assert found, f"no {table_class} table"
    body = found.group(0).split("<tbody>")[1]
    return [
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r)).strip() for r in body.split("</tr>")[:-1]
    ]


def test_the_current_round_by_name_lists_every_player_once_and_names_the_bye(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = toss_event(sqlite_db, "Public One")
    number = release(sqlite_db, slug)
    page = web_client.get(f"/e/{slug}")
    assert page.status_code == 200
    assert "In Progress" in page.text and "Round 1" in page.text
    lines = _rows(page.text, "by-name")
    assert len(lines) == len(NAMES)
    for name in NAMES:
        assert sum(line.startswith(name) for line in lines) == 1, (name, lines)
    view = round_view(sqlite_db, slug, number)
    bye = view.byes[0].player.name
    assert [line for line in lines if line.startswith(bye)] == [f"{bye} – Bye"]
    first = {t.a.name if t.first == t.a.id else t.b.name for t in view.tables}
    for t in view.tables:
        line = next(line for line in lines if line.startswith(t.a.name))
        assert f" {t.table} {t.b.name}" in line
        assert ("Plays first" in line) == (t.a.name in first)
    names_in_order = [line.split(" – ")[0].split(" Plays")[0] for line in lines]
    assert names_in_order == sorted(names_in_order, key=lambda n: n.replace("é", "e").lower())


def test_the_current_round_by_table_and_a_reported_result(
    web_client: TestClient, sqlite_db: Database
) -> None:
    from fairpair.engine.results import Result
    from fairpair.service.results import recording as results

    slug = toss_event(sqlite_db, "Public Two")
    number = release(sqlite_db, slug)
    view = round_view(sqlite_db, slug, number)
    results.report(sqlite_db, slug, number, Result.from_games(2, 1), table=1, actor=ACTOR)
    page = web_client.get(f"/e/{slug}/pairings?by=table")
    lines = _rows(page.text, "by-table")
    t1 = view.tables[0]
    assert lines[0].startswith(f"1 {t1.a.name}") and f"{t1.a.name} wins 2-1" in lines[0]
    assert lines[-1] == f"– {view.byes[0].player.name} Bye"
    assert len(lines) == len(view.tables) + 1
    assert "1 of 2 tables still playing" in page.text


def test_round_cards_show_each_released_round_with_its_state_dates_and_bye(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = toss_event(sqlite_db, "Public Cards")
    finish(sqlite_db, slug, release(sqlite_db, slug))
    second = release(sqlite_db, slug)
    finish(sqlite_db, slug, second)
    third = release(sqlite_db, slug, open_it=False)
    start = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)
    rounds.set_dates(
        sqlite_db, slug, third, actor=ACTOR, starts_at=start, ends_at=start + timedelta(minutes=50)
    )
    html = web_client.get(f"/e/{slug}").text
    cards = re.findall(
        r'<article class="round-card state-(\w+)" data-round="(\d)">(.*?)</article>', html, re.S
    )
    assert [(state, n) for state, n, _ in cards] == [
        ("scheduled", "3"),
        ("completed", "2"),
        ("completed", "1"),
    ]
    assert "Upcoming" in cards[0][2]
    # in UTC, as <time> elements the reader's browser shows in their own time zone
    assert (
        '<time datetime="2026-12-05T10:00:00Z" data-local>Sat 05 Dec 10:00 UTC</time>'
        in cards[0][2]
    )
    assert 'datetime="2026-12-05T10:50:00Z"' in cards[0][2]
    assert "Completed" in cards[1][2]
    for number, (_, _, card) in zip((3, 2, 1), cards, strict=True):
        assert f"Bye: {round_view(sqlite_db, slug, number).byes[0].player.name}" in card
    assert f'href="/e/{slug}/standings"' in html and f'href="/e/{slug}/bracket"' in html
    old = web_client.get(f"/e/{slug}/pairings?round=1&by=name")
    assert old.status_code == 200 and "Round 1" in old.text and "Completed" in old.text


def test_a_draft_is_never_public(web_client: TestClient, sqlite_db: Database) -> None:
    slug = toss_event(sqlite_db, "Public Draft")
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    page = web_client.get(f"/e/{slug}")
    assert page.status_code == 200
    assert "No pairings yet" in page.text and "No round released yet" in page.text
    for name in NAMES:
        assert name not in page.text
    assert web_client.get(f"/e/{slug}/pairings?round=1").status_code == 404
    assert "No pairings yet" in web_client.get(f"/e/{slug}/pairings").text
    assert "Zoë" not in web_client.get(f"/e/{slug}/display").text
    assert "Zoë" not in web_client.get(f"/e/{slug}/print/slips").text
    # the next draft, after round 1 is released and played, stays private too
    rounds.release(sqlite_db, slug, actor=ACTOR)
    rounds.open_round(sqlite_db, slug, 1, actor=ACTOR)
    finish(sqlite_db, slug, 1)
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    page = web_client.get(f"/e/{slug}")
    assert "Round 1" in page.text and "Round 2" not in page.text


def test_find_my_table_works_as_a_plain_get_form(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = toss_event(sqlite_db, "Public Find")
    number = release(sqlite_db, slug)
    page = web_client.get(f"/e/{slug}")
    form = re.search(r'<form class="find-table" method="get" action="([^"]+)"', page.text)
    assert form and form.group(1) == f"/e/{slug}/pairings"
    found = web_client.get(f"/e/{slug}/pairings", params={"by": "name", "q": "chloe"})
    lines = _rows(found.text, "by-name")
    table = next(
        t.table
        for t in round_view(sqlite_db, slug, number).tables
        if "Chloé Martin" in (t.a.name, t.b.name)
    )
    assert len(lines) == 1 and lines[0].startswith("Chloé Martin") and f" {table} " in lines[0]
    assert 'value="chloe"' in found.text
    nobody = web_client.get(f"/e/{slug}/pairings", params={"q": "nobody-here"})
    assert "No player matches" in nobody.text


def test_a_dropped_player_keeps_their_name_on_old_pairings(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = toss_event(sqlite_db, "Public Drop")
    finish(sqlite_db, slug, release(sqlite_db, slug))
    players.drop_player(sqlite_db, slug, "Zoë Adams", actor=ACTOR)
    release(sqlite_db, slug)
    now = _rows(web_client.get(f"/e/{slug}/pairings?round=2").text, "by-name")
    assert not any(line.startswith("Zoë Adams") for line in now)
    old = _rows(web_client.get(f"/e/{slug}/pairings?round=1").text, "by-name")
    assert any(line.startswith("Zoë Adams") for line in old)


def test_unknown_events_rounds_and_bad_queries_are_pages_not_tracebacks(
    web_client: TestClient, sqlite_db: Database
) -> None:
    missing = web_client.get("/e/no-such-event")
    assert missing.status_code == 404 and "no event &#39;no-such-event&#39;" in missing.text
    assert "<title>" in missing.text and "Traceback" not in missing.text
    assert web_client.get("/e/no-such-event/pairings").status_code == 404
    slug = toss_event(sqlite_db, "Public Errors")
    assert web_client.get(f"/e/{slug}/pairings?by=seat").status_code == 422
    assert web_client.get(f"/e/{slug}/pairings?round=0").status_code == 422
    assert web_client.get(f"/e/{slug}/pairings?stage=nope").status_code == 404


def test_the_page_is_complete_without_javascript_and_wires_the_live_fragments(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = toss_event(sqlite_db, "Public Live")
    release(sqlite_db, slug)
    page = web_client.get(f"/e/{slug}")
    assert re.search(
        rf'sse-connect="/e/{slug}/live\?view=pairings&amp;view=rounds&amp;since=\d+"', page.text
    )
    assert 'sse-swap="pairings"' in page.text and 'sse-swap="rounds"' in page.text
    assert "<script>" not in page.text and "style=" not in page.text
    for name in NAMES:
        assert name in page.text
    assert {"pairings", "rounds", "display"} <= set(VIEWS)
    pairings = VIEWS["pairings"](_request(web_client), sqlite_db, slug, None)
    assert "Round 1" in pairings and not any(name in pairings for name in NAMES)
    assert f'hx-get="/e/{slug}?part=lists" hx-trigger="sse:pairings"' in page.text
    lists = web_client.get(f"/e/{slug}?part=lists", headers={"hx-request": "true"})
    assert lists.status_code == 200 and "<html" not in lists.text and "By table" in lists.text
    assert all(name in lists.text for name in NAMES)
    assert lists.headers["content-encoding"] == "gzip"  # compressed once for every page
    cards = VIEWS["rounds"](_request(web_client), sqlite_db, slug, None)
    assert "In Progress" in cards
    refresh = web_client.get(f"/e/{slug}/pairings?by=name", headers={"hx-request": "true"})
    assert (
        refresh.status_code == 200 and "<html" not in refresh.text and "Zoë Adams" in refresh.text
    )


def _request(client: TestClient) -> Request:
    """What a live view reads of the SSE request: the app (its templates)."""
    return cast(Request, SimpleNamespace(app=client.app))


def test_players_contact_details_are_never_public(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = toss_event(sqlite_db, "Public Privacy")
    players.add_players(
        sqlite_db, slug, [NewPlayer("Late Larry", contact="larry@example.com")], actor=ACTOR
    )
    release(sqlite_db, slug)
    for address in ("", "/pairings", "/pairings?by=table", "/display", "/print/slips"):
        page = web_client.get(f"/e/{slug}{address}")
        assert page.status_code == 200 and "Late Larry" in page.text
        assert "larry@example.com" not in page.text, address


def test_a_swiss_then_a_top_cut_names_each_round_with_its_stage(
    web_client: TestClient, sqlite_db: Database
) -> None:
    from fairpair.engine.stage import Stage
    from fairpair.engine.stage_config import SwissConfig
    from fairpair.service.event import events
    from fairpair.service.rounds import stages

    stage = Stage(config=SwissConfig(max_rounds=2))
    slug = events.create_event(sqlite_db, "Public Cut", actor=ACTOR, stage=stage)
    players.add_players(
        sqlite_db, slug, [NewPlayer(f"Cut Player {k}", seed=k) for k in range(1, 9)], actor=ACTOR
    )
    stages.add_stage(
        sqlite_db,
        slug,
        {"id": "top4", "format": "single_elimination", "cut": {"from_stage": "swiss", "top": 4}},
        actor=ACTOR,
    )
    for _ in range(2):
        finish(sqlite_db, slug, release(sqlite_db, slug))
    page = web_client.get(f"/e/{slug}").text
    assert "Swiss · Round 2" in page  # the cut is drawn, its round 1 not released yet
    release(sqlite_db, slug)
    page = web_client.get(f"/e/{slug}").text
    top = events.show_event(sqlite_db, slug).stages[1]
    assert f"{top.name} · Semifinals" in page  # a playoff round by its name
    assert f"<h3>{top.name}</h3>" in page and "<h3>Swiss</h3>" in page
    assert f"/e/{slug}/pairings?round=2&amp;stage=swiss" in page
    old = web_client.get(f"/e/{slug}/pairings?round=2&stage=swiss&by=table")
    assert old.status_code == 200 and "Swiss · Round 2" in old.text
    assert len(_rows(old.text, "by-table")) == 4
