"""Joining through the pages (TestClient): typing the code and the QR address, the join form
(closed registration, a full event's waitlist, a duplicate name kept next to its field), the
player cookie (a forged one is ignored), personal links (a revoked or wrong one is a clear
404), "forget this device", the QR code and the join box, and an account's events."""

from __future__ import annotations

from typing import Any

import httpx
from fastapi.testclient import TestClient

from fairpair.service.event.events import create_event, show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.players.passes import personal_link, revoke_player_tokens
from fairpair.service.players.portal_settings import read_portal, set_portal
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.web.player_cookie import PLAYER_COOKIE

from .helpers import account, log_in, post

TD = "td"


def _db(client: TestClient) -> Database:
    db: Database = client.app.state.db  # type: ignore[attr-defined]
    return db


def _event(client: TestClient, name: str, **portal: Any) -> tuple[str, str]:
    db = _db(client)
    slug = create_event(db, name, actor=TD)
    if portal:
        set_portal(db, slug, actor=TD, **portal)
    return slug, read_portal(db, slug).join_code


def _join(client: TestClient, slug: str, name: str, contact: str = "") -> httpx.Response:
    return post(client, f"/e/{slug}/join", {"name": name, "contact": contact})


def test_typing_the_code_or_scanning_it_opens_the_join_page(web_client: TestClient) -> None:
    slug, code = _event(web_client, "Code Night")
    assert 'id="f-code"' in web_client.get("/join").text
    typed = f" {code[:3].lower()}-{code[3:].lower()} "
    answer = web_client.get("/join", params={"code": typed}, follow_redirects=False)
    assert (answer.status_code, answer.headers["location"]) == (303, f"/e/{slug}/join")
    wrong = web_client.get("/join", params={"code": "QQQQQQ"})
    assert wrong.status_code == 422
    assert 'id="e-code"' in wrong.text and "no event has the join code" in wrong.text
    assert 'value="QQQQQQ"' in wrong.text
    scanned = web_client.get(f"/j/{code}", follow_redirects=False)
    assert (scanned.status_code, scanned.headers["location"]) == (303, f"/e/{slug}/join")
    assert web_client.get("/j/NOPE99").status_code == 404


def test_joining_sets_the_pass_and_goes_to_the_portal(web_client: TestClient) -> None:
    slug, _ = _event(web_client, "Pass Night")
    page = web_client.get(f"/e/{slug}/join")
    assert page.status_code == 200 and 'id="join-form"' in page.text
    answer = _join(web_client, slug, "Ada", "ada@example.org")
    assert (answer.status_code, answer.headers["location"]) == (303, f"/e/{slug}/me")
    assert web_client.cookies.get(PLAYER_COOKIE, path=f"/e/{slug}")
    assert [p.name for p in show_event(_db(web_client), slug).players] == ["Ada"]
    # The browser holds the pass: the join page (and a second post) go to the portal.
    again = web_client.get(f"/e/{slug}/join", follow_redirects=False)
    assert (again.status_code, again.headers["location"]) == (303, f"/e/{slug}/me")
    assert _join(web_client, slug, "Ada again").headers["location"] == f"/e/{slug}/me"
    assert len(show_event(_db(web_client), slug).players) == 1


def test_closed_registration_says_so(web_client: TestClient) -> None:
    slug, _ = _event(web_client, "Closed Night", self_registration=False)
    page = web_client.get(f"/e/{slug}/join")
    assert 'id="join-closed"' in page.text and "registration is closed" in page.text
    answer = _join(web_client, slug, "Bo")
    assert answer.status_code == 422 and "registration is closed" in answer.text
    assert show_event(_db(web_client), slug).players == []


def test_a_duplicate_name_is_refused_next_to_the_field(web_client: TestClient) -> None:
    slug, _ = _event(web_client, "Twin Night")
    add_players(_db(web_client), slug, [NewPlayer("Cleo")], actor=TD)
    answer = _join(web_client, slug, "cleo", "0612")
    assert answer.status_code == 422
    assert 'id="e-name"' in answer.text and "has joined already" in answer.text
    assert 'value="cleo"' in answer.text and 'value="0612"' in answer.text
    assert PLAYER_COOKIE not in web_client.cookies


def test_a_full_event_puts_joiners_on_the_waitlist(web_client: TestClient) -> None:
    slug, _ = _event(web_client, "Full Night", registration_cap=1)
    assert _join(web_client, slug, "First").status_code == 303
    other = TestClient(web_client.app, base_url="https://testserver")
    page = other.get(f"/e/{slug}/join")
    assert 'id="join-full"' in page.text and "Join the waitlist" in page.text
    answer = _join(other, slug, "Second")
    assert (answer.status_code, answer.headers["location"]) == (303, f"/e/{slug}/me")
    assert [p.name for p in show_event(_db(web_client), slug).players] == ["First"]
    assert (
        "1 waiting"
        in TestClient(web_client.app, base_url="https://testserver").get(f"/e/{slug}/join").text
    )


def test_personal_links_and_revoked_ones(web_client: TestClient) -> None:
    db = _db(web_client)
    slug, _ = _event(web_client, "Link Night")
    add_players(db, slug, [NewPlayer("Dee", id="dee")], actor=TD)
    secret = personal_link(db, slug, "dee", actor=TD)
    answer = web_client.get(f"/e/{slug}/p/{secret}", follow_redirects=False)
    assert (answer.status_code, answer.headers["location"]) == (303, f"/e/{slug}/me")
    assert web_client.cookies.get(PLAYER_COOKIE, path=f"/e/{slug}")
    assert answer.headers["referrer-policy"] == "no-referrer"
    revoke_player_tokens(db, slug, "dee", actor=TD)
    fresh = TestClient(web_client.app, base_url="https://testserver")
    gone = fresh.get(f"/e/{slug}/p/{secret}")
    assert gone.status_code == 404 and "This link does not work" in gone.text
    assert PLAYER_COOKIE not in fresh.cookies
    assert fresh.get(f"/e/{slug}/p/fpp_wrong").status_code == 404
    # The revoked pass no longer opens anything: the join form again.
    assert 'id="join-form"' in web_client.get(f"/e/{slug}/join").text
    other_slug, _ = _event(web_client, "Other Link Night")
    assert (
        fresh.get(f"/e/{other_slug}/p/{personal_link(db, slug, 'dee', actor=TD)}").status_code
        == 404
    )


def test_a_forged_cookie_is_ignored(web_client: TestClient) -> None:
    db = _db(web_client)
    slug, _ = _event(web_client, "Forge Night")
    add_players(db, slug, [NewPlayer("Eve", id="eve")], actor=TD)
    secret = personal_link(db, slug, "eve", actor=TD)
    for forged in (secret, f"{secret}.AAAAAAAAAAAAAAAAAAAAAAAAAAA", "garbage"):
        client = TestClient(web_client.app, base_url="https://testserver")
        client.cookies.set(PLAYER_COOKIE, forged, path=f"/e/{slug}")
        page = client.get(f"/e/{slug}/join", follow_redirects=False)
        assert page.status_code == 200 and 'id="join-form"' in page.text, forged
        assert post(client, f"/e/{slug}/me/forget").status_code == 401


def test_forget_this_device(web_client: TestClient) -> None:
    slug, _ = _event(web_client, "Forget Night")
    _join(web_client, slug, "Fay")
    cookie = web_client.cookies.get(PLAYER_COOKIE, path=f"/e/{slug}")
    answer = post(web_client, f"/e/{slug}/me/forget")
    assert (answer.status_code, answer.headers["location"]) == (303, f"/e/{slug}/join?forgotten=1")
    assert web_client.cookies.get(PLAYER_COOKIE, path=f"/e/{slug}") is None
    # The same cookie, kept by a copy of the browser, is revoked too.
    copy = TestClient(web_client.app, base_url="https://testserver")
    copy.cookies.set(PLAYER_COOKIE, str(cookie), path=f"/e/{slug}")
    assert 'id="join-form"' in copy.get(f"/e/{slug}/join").text
    assert "forgotten your pass" in web_client.get(f"/e/{slug}/join?forgotten=1").text


def test_the_qr_code_and_the_join_box(web_client: TestClient) -> None:
    slug, code = _event(web_client, "QR Night")
    svg = web_client.get(f"/e/{slug}/qr.svg")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert b"<svg" in svg.content and b"Scan to join" in svg.content
    for url in (
        f"/e/{slug}",
        f"/e/{slug}/pairings",
        f"/e/{slug}/display",
        f"/e/{slug}/print/pairings",
    ):
        page = web_client.get(url)
        assert page.status_code == 200 and code in page.text and f"/e/{slug}/qr.svg" in page.text, (
            url
        )
    set_portal(_db(web_client), slug, actor=TD, self_registration=False)
    assert code not in web_client.get(f"/e/{slug}").text


def test_no_join_box_once_round_one_is_released(web_client: TestClient) -> None:
    """Joining closes at round 1 (late entry is the staff's), so nothing invites to join."""
    db = _db(web_client)
    slug, _ = _event(web_client, "Late Night")
    assert _join(web_client, slug, "Ann").status_code == 303
    other = TestClient(web_client.app, base_url="https://testserver")
    assert _join(other, slug, "Bob").status_code == 303
    drafts.generate(db, slug, actor=TD)
    rounds.release(db, slug, actor=TD)
    for url in (f"/e/{slug}", f"/e/{slug}/display", f"/e/{slug}/print/pairings"):
        page = web_client.get(url)
        assert page.status_code == 200 and f"/e/{slug}/qr.svg" not in page.text, url


def test_an_account_keeps_its_events(web_client: TestClient) -> None:
    db = _db(web_client)
    account(db, "gil", organizer=False)
    slug, _ = _event(web_client, "Account Night")
    log_in(web_client, "gil")
    assert "not joined an event" in web_client.get("/my-events").text
    assert _join(web_client, slug, "Gil").status_code == 303
    listed = web_client.get("/my-events")
    assert f'href="/e/{slug}/me"' in listed.text and "Account Night" in listed.text
    # Another device, logged in: the join page offers the same pass.
    other = TestClient(web_client.app, base_url="https://testserver")
    log_in(other, "gil")
    page = other.get(f"/e/{slug}/join")
    assert 'id="joined-with-account"' in page.text
    assert post(other, f"/e/{slug}/join", {"name": "Gil"}).status_code == 303
    assert [p.name for p in show_event(db, slug).players] == ["Gil"]
    assert web_client.get("/my-events", follow_redirects=False).status_code == 200
    assert other.get("/my-events").status_code == 200


def test_joining_a_full_event_on_postgresql(web_client_pg: TestClient) -> None:
    slug, code = _event(web_client_pg, "PG Join Night", registration_cap=1)
    assert web_client_pg.get(f"/j/{code}", follow_redirects=False).status_code == 303
    assert _join(web_client_pg, slug, "Pia").status_code == 303
    other = TestClient(web_client_pg.app, base_url="https://testserver")
    assert _join(other, slug, "Quin").status_code == 303
    assert (
        'id="join-full"'
        in TestClient(web_client_pg.app, base_url="https://testserver").get(f"/e/{slug}/join").text
    )
    assert [p.name for p in show_event(_db(web_client_pg), slug).players] == ["Pia"]
    assert post(web_client_pg, f"/e/{slug}/me/forget").status_code == 303
