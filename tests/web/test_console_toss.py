"""The console's Toss and Pairings tabs through HTTP: seed 000's worked example (T / – / B,
balance colours), a flip by hand (ringed, counted, kept by a recalculation), the htmx swap,
refusals shown on the page, and who may do what."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from fairpair.service.accounts import staff
from fairpair.service.kernel.connection import Database
from fairpair.service.rounds import toss as tosses

from .helpers import account, log_in, post
from .swiss_events import ACTOR, play_round, start_round, swiss_event


def rows(html: str) -> dict[str, dict[str, Any]]:
    """Each player's row of the Toss table: tags per round, manual rings, balance and class."""
    out: dict[str, dict[str, Any]] = {}
    for pid, body in re.findall(r'<tr data-player="([^"]+)">(.*?)</tr>', html, re.S):
        cells = re.findall(r'<td class="round-col" data-round="\d+">(.*?)</td>', body, re.S)
        tags = []
        rings = []
        for cell in cells:
            found = re.search(
                r'class="tag ([^"]*)"[^>]*data-tag="([^"]+)"|class="tag (tag-b)"', cell
            )
            if found is None:
                tags.append("")
                rings.append(False)
            elif found.group(3):
                tags.append("B")
                rings.append(False)
            else:
                tags.append(found.group(2))
                rings.append("manual" in found.group(1).split())
        balance = re.search(r'class="balance (balance-\d)" data-balance="(-?\d+)"', body)
        manual = re.search(r'class="num manual-count">(\d+)<', body)
        assert balance and manual, body
        out[pid] = {
            "tags": tags,
            "rings": rings,
            "class": balance.group(1),
            "balance": int(balance.group(2)),
            "manual": int(manual.group(1)),
        }
    return out


def owner_client(db: Database, client: TestClient, name: str, names: list[str]) -> str:
    owner = account(db, "olga")
    log_in(client, "olga")
    return swiss_event(db, name, names, owner=owner)


def test_the_toss_tab_holds_seed_000s_worked_example(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = owner_client(sqlite_db, web_client, "Toss Worked Example", ["Ann", "Bob"])
    play_round(sqlite_db, slug)
    play_round(sqlite_db, slug)
    after_two = rows(web_client.get(f"/console/{slug}/toss").text)
    assert {r["class"] for r in after_two.values()} == {"balance-0"}  # green at 0
    play_round(sqlite_db, slug)
    page = web_client.get(f"/console/{slug}/toss")
    assert page.status_code == 200
    table = rows(page.text)
    first = next(p for p, r in table.items() if r["tags"][0] == "T")
    other = next(p for p in table if p != first)
    # A plays first (tie-break policy), B (balance: more due), A (history: B went first last).
    assert table[first]["tags"] == ["T", "-", "T"]
    assert table[other]["tags"] == ["-", "T", "-"]
    assert (table[first]["balance"], table[other]["balance"]) == (1, -1)
    assert {r["class"] for r in table.values()} == {"balance-1"}  # amber at ±1
    assert "neutral" in page.text and "balance" in page.text and "history" in page.text
    assert ">Toss wins<" in page.text and "66.7%" in page.text and "33.3%" in page.text


def test_a_flip_is_ringed_counted_and_kept_by_recalculate(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = owner_client(sqlite_db, web_client, "Toss Flip", ["Ann", "Bob"])
    for _ in range(3):
        play_round(sqlite_db, slug)
    before = rows(web_client.get(f"/console/{slug}/toss").text)
    up = next(p for p, r in before.items() if r["balance"] == 1)
    # Round 2 the other player went first: flipping it gives the +1 player a third T.
    answer = post(
        web_client, f"/console/{slug}/toss/flip", {"stage": "swiss", "round": 2, "table": 1}
    )
    assert answer.status_code == 303
    assert answer.headers["location"].startswith(f"/console/{slug}/toss?stage=swiss")
    after = rows(web_client.get(f"/console/{slug}/toss").text)
    assert after[up]["tags"] == ["T", "T", "T"]
    assert after[up]["rings"] == [False, True, False]
    assert after[up]["balance"] == 3 and after[up]["class"] == "balance-2"  # red at ±2 or more
    assert all(r["manual"] == 1 for r in after.values())
    again = post(
        web_client, f"/console/{slug}/pairings/recalculate", {"stage": "swiss", "round": 2}
    )
    assert again.status_code == 303
    shown = web_client.get(again.headers["location"])
    assert "Toss recalculated: 0 tables changed; manual picks kept" in shown.text
    kept = rows(web_client.get(f"/console/{slug}/toss").text)
    assert kept[up]["tags"] == ["T", "T", "T"] and kept[up]["rings"][1]


def test_an_htmx_flip_answers_the_table_alone(sqlite_db: Database, web_client: TestClient) -> None:
    slug = owner_client(sqlite_db, web_client, "Toss Htmx", ["Ann", "Bob", "Cid", "Dee"])
    start_round(sqlite_db, slug)
    answer = post(
        web_client,
        f"/console/{slug}/toss/flip",
        {"stage": "swiss", "round": 1, "table": 2},
        headers={"hx-request": "true"},
    )
    assert answer.status_code == 200
    assert answer.text.lstrip().startswith('<div id="toss-table"')
    assert "<html" not in answer.text
    assert sum(r["manual"] for r in rows(answer.text).values()) == 2
    # A table that does not exist: the refusal comes back in the swapped table, 409.
    wrong = post(
        web_client,
        f"/console/{slug}/toss/flip",
        {"stage": "swiss", "round": 1, "table": 9},
        headers={"hx-request": "true"},
    )
    assert wrong.status_code == 409
    assert 'id="toss-error"' in wrong.text and "table" in wrong.text
    assert "Traceback" not in wrong.text


def test_a_bye_shows_b_and_a_refused_flip_reads_on_the_page(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = owner_client(sqlite_db, web_client, "Toss Bye", ["Ann", "Bob", "Cid"])
    play_round(sqlite_db, slug)
    table = rows(web_client.get(f"/console/{slug}/toss").text)
    assert sorted(r["tags"][0] for r in table.values()) == ["-", "B", "T"]
    refused = post(
        web_client, f"/console/{slug}/toss/flip", {"stage": "swiss", "round": 4, "table": 1}
    )
    assert refused.status_code in (404, 409)
    assert 'class="form-error"' in refused.text or "error-message" in refused.text
    assert "round" in refused.text and "Traceback" not in refused.text


def test_a_stage_without_the_toss_says_so(sqlite_db: Database, web_client: TestClient) -> None:
    owner = account(sqlite_db, "olga")
    log_in(web_client, "olga")
    slug = swiss_event(sqlite_db, "No Toss Night", ["Ann", "Bob"], owner=owner, toss=False)
    play_round(sqlite_db, slug)
    page = web_client.get(f"/console/{slug}/toss")
    assert page.status_code == 200
    assert 'data-code="toss_unavailable"' in page.text
    assert "does not use the deterministic toss" in page.text
    pairings = web_client.get(f"/console/{slug}/pairings")
    assert "Recalculate toss" not in pairings.text and "plays first" not in pairings.text
    refused = post(
        web_client, f"/console/{slug}/pairings/recalculate", {"stage": "swiss", "round": 1}
    )
    assert refused.status_code == 409
    assert 'class="form-error"' in refused.text and "toss" in refused.text
    flip = post(
        web_client, f"/console/{slug}/toss/flip", {"stage": "swiss", "round": 1, "table": 1}
    )
    assert flip.status_code == 409 and 'id="toss-error"' in flip.text
    # a German organizer reads the same refusals in German (the engine's words said at the
    # edge: the same code)
    web_client.cookies.set("fairpair_lang", "de")
    page = web_client.get(f"/console/{slug}/toss")
    assert "Phase &#39;swiss&#39; verwendet keinen deterministischen Münzwurf" in page.text
    flip = post(
        web_client, f"/console/{slug}/toss/flip", {"stage": "swiss", "round": 1, "table": 1}
    )
    assert flip.status_code == 409 and "der deterministische Münzwurf ist für diese Phase aus" in (
        flip.text.replace("&#34;", '"')
    )
    web_client.cookies.delete("fairpair_lang")


def test_the_pairings_tab_tags_who_plays_first_and_why(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = owner_client(sqlite_db, web_client, "Pairings Tags", ["Ann", "Bob", "Cid", "Dee", "Eve"])
    play_round(sqlite_db, slug)
    number = start_round(sqlite_db, slug)
    tosses.flip(sqlite_db, slug, number, 1, actor=ACTOR)
    page = web_client.get(f"/console/{slug}/pairings")
    assert page.status_code == 200
    assert f"round {number}" in page.text and "In Progress" in page.text
    assert page.text.count('title="plays first">T<') == 2
    assert 'class="tag tag-t manual"' in page.text and "manual-reason" in page.text
    assert re.search(
        r"plays first · <span class=\"reason\">(balance|history|neutral)</span>", page.text
    )
    assert 'class="tag tag-b">B<' in page.text  # five players: one bye
    assert "Recalculate toss" in page.text
    earlier = web_client.get(f"/console/{slug}/pairings?round=1")
    assert "round 1" in earlier.text and "Completed" in earlier.text


def test_a_viewer_sees_the_tabs_but_cannot_flip_or_recalculate(
    sqlite_db: Database, web_client: TestClient
) -> None:
    owner = account(sqlite_db, "olga")
    account(sqlite_db, "vic")
    slug = swiss_event(sqlite_db, "Viewer Toss", ["Ann", "Bob"], owner=owner)
    staff.grant(sqlite_db, slug, "vic", "viewer", actor=ACTOR)
    play_round(sqlite_db, slug)
    log_in(web_client, "vic")
    page = web_client.get(f"/console/{slug}/toss")
    assert page.status_code == 200 and 'data-tag="T"' in page.text
    assert "toss/flip" not in page.text
    assert "Recalculate toss" not in web_client.get(f"/console/{slug}/pairings").text
    assert (
        post(
            web_client, f"/console/{slug}/toss/flip", {"stage": "swiss", "round": 1, "table": 1}
        ).status_code
        == 403
    )
    assert (
        post(
            web_client, f"/console/{slug}/pairings/recalculate", {"stage": "swiss", "round": 1}
        ).status_code
        == 403
    )
    web_client.cookies.clear()
    assert web_client.get(f"/console/{slug}/toss", follow_redirects=False).status_code == 303
