"""The console's Standings tab and the tiebreak help page through HTTP: the columns follow
the stage's tiebreak order and link to their definitions, W-L or W-D-L, the F column only
with forfeits, a withdrawn player de-emphasized with a badge and no rank."""

from __future__ import annotations

import html
import re

from fastapi.testclient import TestClient

from fairpair.engine.results import Result, Side
from fairpair.engine.tiebreaks.registry import REGISTRY
from fairpair.service.event import events
from fairpair.service.kernel.connection import Database
from fairpair.service.players import roster as players
from fairpair.service.results import recording as results
from fairpair.service.rounds import stages

from .helpers import account, log_in
from .swiss_events import ACTOR, play_round, start_round, swiss_event


def headers(html: str) -> list[str]:
    return re.findall(r'<th scope="col" class="num tiebreak" data-tiebreak="([^"]+)">', html)


def test_the_columns_follow_the_stages_tiebreak_order(
    sqlite_db: Database, web_client: TestClient
) -> None:
    owner = account(sqlite_db, "olga")
    log_in(web_client, "olga")
    slug = swiss_event(sqlite_db, "Order Night", ["Ann", "Bob", "Cid", "Dee"], owner=owner)
    play_round(sqlite_db, slug)
    page = web_client.get(f"/console/{slug}/standings")
    assert page.status_code == 200
    # A new Swiss stage starts with Buchholz, Matches played & won, Head-to-head, GW%, Seed.
    assert headers(page.text) == ["buchholz", "matches_won", "head_to_head", "gw", "seed"]
    order = ["seed", "sonneborn_berger", "buchholz_cut1", "wins"]
    stages.edit_stage(
        sqlite_db,
        slug,
        {"ruleset": {"base": "default", "tiebreaks": order}},
        actor=ACTOR,
        stage="swiss",
    )
    page = web_client.get(f"/console/{slug}/standings?stage=swiss")
    assert headers(page.text) == order
    for name in order:
        assert f'href="/help/tiebreaks#{name}"' in page.text
    head = page.text[page.text.index("<thead>") : page.text.index("</thead>")]
    for column in (">#<", ">Player<", ">Pts<", ">W-L-D<", ">Played<"):
        assert column in head
    order_in_head = [head.index(c) for c in (">Pts<", "#seed", ">W-L-D<", ">Played<")]
    assert order_in_head == sorted(order_in_head)
    assert ">F<" not in head  # no forfeits yet


def test_a_withdrawn_player_keeps_a_row_without_rank_and_with_the_badge(
    sqlite_db: Database, web_client: TestClient
) -> None:
    owner = account(sqlite_db, "olga")
    log_in(web_client, "olga")
    slug = swiss_event(sqlite_db, "Withdrew Night", ["Ann", "Bob", "Cid", "Dee"], owner=owner)
    play_round(sqlite_db, slug)
    players.drop_player(sqlite_db, slug, "bob", actor=ACTOR)
    page = web_client.get(f"/console/{slug}/standings").text
    row = re.search(r'<tr data-player="bob" class="withdrawn">(.*?)</tr>', page, re.S)
    assert row, "the withdrawn player keeps a de-emphasized row"
    assert re.search(r'<td class="num rank"></td>', row.group(1))
    assert '<span class="badge badge-withdrawn">Withdrew</span>' in row.group(1)
    ranks = re.findall(r'<td class="num rank">(\d*)</td>', page)
    assert sorted(r for r in ranks if r) == ["1", "2", "3"]


def test_forfeits_and_draws_add_their_columns(sqlite_db: Database, web_client: TestClient) -> None:
    owner = account(sqlite_db, "olga")
    log_in(web_client, "olga")
    slug = swiss_event(sqlite_db, "Forfeit Night", ["Ann", "Bob", "Cid", "Dee"], owner=owner)
    number = start_round(sqlite_db, slug)
    rnd = events.export_event(sqlite_db, slug).stage("swiss").round(number)
    assert rnd is not None
    results.report(sqlite_db, slug, number, Result.forfeit(Side.B), table=1, actor=ACTOR)
    results.report(sqlite_db, slug, number, Result.draw(), table=2, actor=ACTOR)
    page = web_client.get(f"/console/{slug}/standings").text
    head = page[page.index("<thead>") : page.index("</thead>")]
    assert ">W-L-D<" in head and 'title="Forfeits">F<' in head
    assert len(re.findall(r'<td class="record">0-0-1</td>', page)) == 2  # the draw: W-L-D
    assert len(re.findall(r'<td class="record">1-0-0</td>', page)) == 1  # the forfeit win


def test_the_help_page_defines_every_tiebreak_under_its_anchor(web_client: TestClient) -> None:
    page = web_client.get("/help/tiebreaks")
    assert page.status_code == 200  # public: no login
    for tb in REGISTRY.values():
        assert f'<dt id="{tb.name}">' in page.text
        assert html.escape(tb.label, quote=False) in page.text
    assert "the sum of the final points of every opponent" in page.text


def test_the_standings_tab_needs_staff(sqlite_db: Database, web_client: TestClient) -> None:
    owner = account(sqlite_db, "olga")
    account(sqlite_db, "mallory")
    slug = swiss_event(sqlite_db, "Staff Only Night", ["Ann", "Bob"], owner=owner)
    log_in(web_client, "mallory")
    assert web_client.get(f"/console/{slug}/standings").status_code == 403
