"""Self-reporting through HTTP (issue 11, point 4): the portal's report card and its forms
(report, confirm, dispute: 303 back to the portal, htmx gets the card; refusals next to their
field, 409/422, nothing changed) and the player API (bearer ``fpp_``): report → 201, confirm
and dispute → 200, the report state. Refused on both: someone else's match, a Completed
round, a match of another event (a pass of event B on event A)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.engine.results import Result
from fairpair.service.event.events import event_version
from fairpair.service.kernel.connection import Database
from fairpair.service.results import recording as results
from fairpair.service.rounds import lifecycle as rounds
from self_report_events import ACTOR, pairs, reporting_event

from .helpers import post
from .player_passes import be_player, bearer, pass_of


def test_report_and_confirm_on_the_page(web_client: TestClient, sqlite_db: Database) -> None:
    slug = reporting_event(sqlite_db, "Page Flow")
    first = pairs(sqlite_db, slug)[0]
    ash, bo = pass_of(sqlite_db, slug, first.a), pass_of(sqlite_db, slug, first.b)
    be_player(web_client, sqlite_db, slug, ash)
    card = web_client.get(f"/e/{slug}/me/report")
    assert card.status_code == 200 and 'id="report-card"' in card.text
    assert "Report your result" in card.text and 'data-score="2-1"' in card.text
    assert "style=" not in card.text and "<script>" not in card.text
    answer = post(
        web_client,
        f"/e/{slug}/me/report",
        {"won": "2", "lost": "1", "drawn": "0", "round": "1", "table": str(first.table)},
    )
    assert answer.status_code == 303 and answer.headers["location"] == f"/e/{slug}/me"
    waiting = web_client.get(f"/e/{slug}/me/report").text
    assert 'id="report-waiting"' in waiting and "to confirm your report" in waiting
    be_player(web_client, sqlite_db, slug, bo)
    asked = web_client.get(f"/e/{slug}/me/report").text
    assert 'id="report-ask"' in asked and "you lost 1-2" in asked
    # htmx: the card itself comes back
    done = post(
        web_client,
        f"/e/{slug}/me/confirm",
        {"version": "1"},
        headers={"hx-request": "true"},
    )
    assert done.status_code == 200 and 'id="report-done"' in done.text
    assert "P1 wins 2-1" in done.text or "wins 2-1" in done.text
    assert rounds.round_view(sqlite_db, slug, 1).tables[0].result is not None


def test_a_dispute_on_the_page_and_refusals_next_to_their_field(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = reporting_event(sqlite_db, "Page Dispute")
    first = pairs(sqlite_db, slug)[0]
    ash, bo = pass_of(sqlite_db, slug, first.a), pass_of(sqlite_db, slug, first.b)
    be_player(web_client, sqlite_db, slug, ash)
    bad = post(web_client, f"/e/{slug}/me/report", {"won": "3", "lost": "0", "drawn": "0"})
    assert bad.status_code == 422 and "impossible in a bo3 match" in bad.text
    assert 'value="3"' in bad.text  # what was typed is kept
    typo = post(web_client, f"/e/{slug}/me/report", {"won": "two", "lost": "0"})
    assert typo.status_code == 409 and "whole number from 0 to 99" in typo.text
    assert post(web_client, f"/e/{slug}/me/report", {"won": "2", "lost": "0"}).status_code == 303
    be_player(web_client, sqlite_db, slug, bo)
    before = event_version(sqlite_db, slug)
    stale = post(web_client, f"/e/{slug}/me/confirm", {"version": "7"})
    assert stale.status_code == 409 and "changed their report" in stale.text
    assert event_version(sqlite_db, slug) == before
    disputed = post(web_client, f"/e/{slug}/me/dispute", {"won": "1", "lost": "2", "drawn": "0"})
    assert disputed.status_code == 303
    shown = web_client.get(f"/e/{slug}/me/report").text
    assert 'id="report-disputed"' in shown and "A judge will settle it" in shown


def test_the_api_reports_confirms_and_disputes(web_client: TestClient, sqlite_db: Database) -> None:
    slug = reporting_event(sqlite_db, "Api Flow", 8)
    one, two, *_ = pairs(sqlite_db, slug)
    a1, b1 = pass_of(sqlite_db, slug, one.a), pass_of(sqlite_db, slug, one.b)
    a2, b2 = pass_of(sqlite_db, slug, two.a), pass_of(sqlite_db, slug, two.b)
    url = f"/api/v1/events/{slug}/me"
    state = web_client.get(f"{url}/report", headers=bearer(a1)).json()
    assert state["state"] == "none" and state["can_report"] and state["table"] == one.table
    assert state["opponent"]["id"] == one.b and state["match_format"] == "bo3"
    made = web_client.post(
        f"{url}/report", json={"won": 2, "lost": 1, "drawn": 0}, headers=bearer(a1)
    )
    assert made.status_code == 201, made.text
    assert made.json()["state"] == "pending" and made.json()["mine"]
    seen = web_client.get(f"{url}/report", headers=bearer(b1)).json()
    assert seen["reported"] == {"won": 1, "lost": 2, "drawn": 0, "text": "1-2"}
    done = web_client.post(f"{url}/confirm", json={}, headers=bearer(b1))
    assert done.status_code == 200 and done.json()["state"] == "confirmed"
    web_client.post(f"{url}/report", json={"won": 2, "lost": 0}, headers=bearer(a2))
    argued = web_client.post(
        f"{url}/dispute", json={"won": 2, "lost": 1, "drawn": 0}, headers=bearer(b2)
    )
    assert argued.status_code == 200 and argued.json()["state"] == "disputed"
    again = web_client.post(f"{url}/confirm", json={}, headers=bearer(b1))
    assert again.status_code == 409 and again.json()["error"]["code"] == "already_recorded"
    wrong = web_client.post(f"{url}/report", json={"won": 2, "lost": -1}, headers=bearer(a1))
    assert wrong.status_code == 422 and wrong.json()["error"]["code"] == "invalid_request"


def test_someone_elses_match_a_completed_round_and_another_events_pass_are_refused(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = reporting_event(sqlite_db, "Refused A", 8)
    other = reporting_event(sqlite_db, "Refused B", 4)
    mine, theirs, *_ = pairs(sqlite_db, slug)
    me = pass_of(sqlite_db, slug, mine.a)
    visitor = pass_of(sqlite_db, other, pairs(sqlite_db, other)[0].a)
    url = f"/api/v1/events/{slug}/me"
    before = event_version(sqlite_db, slug)
    # someone else's match: naming their table is refused (API and page), and a player
    # answers only their own opponent's report
    body = {"won": 2, "lost": 0, "table": theirs.table}
    answer = web_client.post(f"{url}/report", json=body, headers=bearer(me))
    assert answer.status_code == 409 and "is not your match" in answer.json()["error"]["message"]
    be_player(web_client, sqlite_db, slug, me)
    page = post(
        web_client, f"/e/{slug}/me/report", {"won": "2", "lost": "0", "table": str(theirs.table)}
    )
    assert page.status_code == 409 and "is not your match" in page.text
    web_client.post(
        f"{url}/report",
        json={"won": 2, "lost": 0},
        headers=bearer(pass_of(sqlite_db, slug, theirs.a)),
    )
    before = event_version(sqlite_db, slug)
    stranger = web_client.post(f"{url}/confirm", json={}, headers=bearer(me))
    assert stranger.status_code == 409 and "not reported yet" in stranger.json()["error"]["message"]
    assert rounds.round_view(sqlite_db, slug, 1).tables[1].result is None
    # another event's pass on event A: not joined (API 401; a page post 401)
    answer = web_client.post(f"{url}/report", json={"won": 2, "lost": 0}, headers=bearer(visitor))
    assert answer.status_code == 401 and answer.json()["error"]["code"] == "not_joined"
    be_player(web_client, sqlite_db, slug, visitor)
    page = post(web_client, f"/e/{slug}/me/report", {"won": "2", "lost": "0"})
    assert page.status_code == 401
    assert (
        web_client.get(f"/e/{slug}/me/report", follow_redirects=False).headers["location"]
        == f"/e/{slug}/join"
    )
    assert event_version(sqlite_db, slug) == before
    # a Completed round
    for pair in pairs(sqlite_db, slug):
        if rounds.round_view(sqlite_db, slug, 1).tables[pair.table - 1].result is None:
            results.report(
                sqlite_db, slug, 1, Result.from_games(2, 0), actor=ACTOR, table=pair.table
            )
    rounds.complete_round(sqlite_db, slug, 1, actor=ACTOR)
    answer = web_client.post(f"{url}/report", json={"won": 2, "lost": 0}, headers=bearer(me))
    assert answer.status_code == 409
    assert "round 1 is completed: ask a judge" in answer.json()["error"]["message"]
    be_player(web_client, sqlite_db, slug, me)
    page = post(web_client, f"/e/{slug}/me/report", {"won": "2", "lost": "0"})
    assert page.status_code == 409 and "round 1 is completed: ask a judge" in page.text
