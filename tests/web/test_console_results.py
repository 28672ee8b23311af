"""The Results page through HTTP: entry by table number (table + result, or "12 2-1" in one
go), the outstanding matches, corrections with a reason; every refusal (unknown table, a
table already reported → the correction offered, an impossible result, a Scheduled round)
shows next to its field, keeps what was typed, and changes nothing; a viewer cannot enter; a
post without the CSRF token is refused."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.accounts import staff
from fairpair.service.kernel.connection import Database
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds

from .helpers import account, log_in, post
from .test_console_rounds import ACTOR, event_with_players, text_of


def started(db: Database, name: str, size: int = 8, *, open_it: bool = True) -> str:
    slug = event_with_players(db, name, size)
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    if open_it:
        rounds.open_round(db, slug, 1, actor=ACTOR)
    return slug


def test_results_are_entered_by_table_number_and_leave_the_outstanding_list(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = started(sqlite_db, "Results Entry")
    log_in(web_client, "olga")
    page = web_client.get(f"/console/{slug}/results")
    assert page.status_code == 200 and 'id="f-table"' in page.text and "autofocus" in page.text
    assert "4 matches without a result" in text_of(page.text)
    view = rounds.round_view(sqlite_db, slug, 1)
    first = view.tables[0]
    answer = post(
        web_client, f"/console/{slug}/results", {"round": "1", "table": "1", "result": "2-1"}
    )
    assert answer.status_code == 303
    back = web_client.get(answer.headers["location"])
    assert f"Table 1: {first.a.name} wins 2-1 — recorded" in text_of(back.text)
    assert "3 matches without a result" in text_of(back.text)
    # typed in one go, the result told from side a (the table's first player)
    answer = post(web_client, f"/console/{slug}/results", {"round": "1", "table": "2 b-wins"})
    assert answer.status_code == 303
    assert rounds.round_view(sqlite_db, slug, 1).tables[1].result == f"{view.tables[1].b.name} wins"
    # a draw without games in a best-of-three is asked about first: its games, or none
    draw = {"round": "1", "table": "3", "result": "draw"}
    asked = post(web_client, f"/console/{slug}/results", draw)
    assert asked.status_code == 200 and 'id="draw-without-games"' in asked.text
    assert "a draw in a best-of-three match: type its game score" in text_of(asked.text)
    assert rounds.round_view(sqlite_db, slug, 1).tables[2].result is None  # nothing recorded
    chosen = post(web_client, f"/console/{slug}/results", {**draw, "without_games": "1"})
    assert chosen.status_code == 303
    said = text_of(web_client.get(chosen.headers["location"]).text)
    assert "Table 3: draw — recorded. Recorded as a draw without games: GW% and OGW%" in said
    outstanding = web_client.get(f"/console/{slug}/results").text
    section = outstanding.split('id="outstanding"', 1)[1].split("</section>", 1)[0]
    assert view.tables[3].a.name in section and view.tables[0].a.name not in section
    # the round refuses to complete, then completes once the last table is in
    refused = post(web_client, f"/console/{slug}/rounds/1/complete", {})
    assert "1 match has no result yet" in text_of(refused.text)
    post(
        web_client, f"/console/{slug}/results", {"round": "1", "table": "4", "result": "a-forfeits"}
    )
    assert post(web_client, f"/console/{slug}/rounds/1/complete", {}).status_code == 303


def test_every_refusal_shows_next_to_its_field_and_keeps_what_was_typed(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = started(sqlite_db, "Results Refusals")
    log_in(web_client, "olga")
    url = f"/console/{slug}/results"

    unknown = post(web_client, url, {"round": "1", "table": "99", "result": "2-1"})
    assert unknown.status_code in (404, 409) and 'id="e-table"' in unknown.text
    assert 'value="99"' in unknown.text and 'value="2-1"' in unknown.text

    unreadable = post(web_client, url, {"round": "1", "table": "1", "result": "2 to 1"})
    assert unreadable.status_code == 400 and 'id="e-result"' in unreadable.text
    assert "is not a result" in unreadable.text and 'value="2 to 1"' in unreadable.text

    impossible = post(web_client, url, {"round": "1", "table": "1", "result": "5-4"})
    assert impossible.status_code in (400, 409, 422) and 'id="e-result"' in impossible.text
    assert 'value="5-4"' in impossible.text
    assert rounds.round_view(sqlite_db, slug, 1).outstanding == 4

    assert post(web_client, url, {"round": "1", "table": "1", "result": "2-0"}).status_code == 303
    again = post(web_client, url, {"round": "1", "table": "1", "result": "0-2"})
    assert again.status_code == 409 and "already has a result" in again.text
    assert 'id="offer-correction"' in again.text and "correct=1" in again.text
    assert 'value="0-2"' in again.text
    assert "wins 2-0" in (rounds.round_view(sqlite_db, slug, 1).tables[0].result or "")

    nothing = post(web_client, url, {"round": "1", "table": "", "result": "2-0"})
    assert nothing.status_code == 409 and "type the table number" in nothing.text


def test_a_scheduled_round_refuses_results(web_client: TestClient, sqlite_db: Database) -> None:
    slug = started(sqlite_db, "Results Scheduled", open_it=False)
    log_in(web_client, "olga")
    page = web_client.get(f"/console/{slug}/results")
    assert "open it" in page.text and 'id="entry-form"' not in page.text
    answer = post(
        web_client, f"/console/{slug}/results", {"round": "1", "table": "1", "result": "2-0"}
    )
    assert answer.status_code == 409 and 'id="e-table"' in answer.text
    assert rounds.round_view(sqlite_db, slug, 1).outstanding == 4


def test_a_correction_needs_a_reason_and_changes_the_result(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = started(sqlite_db, "Results Correction")
    log_in(web_client, "olga")
    post(web_client, f"/console/{slug}/results", {"round": "1", "table": "1", "result": "2-0"})
    view = rounds.round_view(sqlite_db, slug, 1)
    form = web_client.get(f"/console/{slug}/results?round=1&correct=1")
    assert 'id="correction"' in form.text and "wins 2-0" in form.text
    data = {
        "round": "1",
        "table": "1",
        "result": "0-2",
        "version": str(view.tables[0].result_version),
    }
    no_reason = post(web_client, f"/console/{slug}/results/correct", {**data, "reason": ""})
    assert no_reason.status_code == 409 and 'id="error-correct"' in no_reason.text
    assert 'value="0-2"' in no_reason.text
    stale = post(
        web_client, f"/console/{slug}/results/correct", {**data, "version": "7", "reason": "slip"}
    )
    assert stale.status_code == 409 and "changed since you read it" in stale.text
    fixed = post(
        web_client, f"/console/{slug}/results/correct", {**data, "reason": "slip was wrong"}
    )
    assert fixed.status_code == 303
    after = rounds.round_view(sqlite_db, slug, 1).tables[0]
    assert after.result == f"{view.tables[0].b.name} wins 2-0"
    assert "(corrected)" in web_client.get(fixed.headers["location"]).text


def test_a_viewer_sees_results_but_cannot_enter(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = started(sqlite_db, "Results Viewer")
    account(sqlite_db, "vera")
    staff.grant(sqlite_db, slug, "vera", "viewer", actor=ACTOR)
    log_in(web_client, "vera")
    page = web_client.get(f"/console/{slug}/results")
    assert page.status_code == 200 and 'id="outstanding"' in page.text
    assert 'id="entry-form"' not in page.text
    answer = post(
        web_client, f"/console/{slug}/results", {"round": "1", "table": "1", "result": "2-0"}
    )
    assert answer.status_code == 403
    assert rounds.round_view(sqlite_db, slug, 1).outstanding == 4


def test_a_result_post_without_the_csrf_token_is_refused(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = started(sqlite_db, "Results Csrf")
    log_in(web_client, "olga")
    answer = web_client.post(
        f"/console/{slug}/results",
        data={"round": "1", "table": "1", "result": "2-0"},
        follow_redirects=False,
    )
    assert answer.status_code == 403
    assert rounds.round_view(sqlite_db, slug, 1).outstanding == 4
