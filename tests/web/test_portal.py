"""The player portal through HTTP (``/e/{slug}/me``, its card, its live stream, check-in,
drop with a confirm step, the player API): as a player holding the pass a personal link
gives (the cookie set as the join routes set it)."""

from __future__ import annotations

import threading
import time

import httpx
from fastapi.testclient import TestClient
from sqlalchemy import insert

from fairpair.engine.results import Result
from fairpair.service.event.events import event_version
from fairpair.service.kernel.change import now
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.unit import changing
from fairpair.service.players import roster as players
from fairpair.service.players.passes import new_player_token, personal_link
from fairpair.service.players.portal_settings import set_portal
from fairpair.service.results import recording as results
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.lifecycle import round_view
from fairpair.store.models import WaitlistRow
from fairpair.web.player_cookie import PLAYER_COOKIE, _signer

from .conftest import LiveServer
from .helpers import post
from .public_events import release
from .swiss_events import swiss_event

NAMES = ["Ada Lovelace", "Ben Okri", "Cy Twombly", "Dee Dee", "Eve Online"]


def as_player(client: TestClient, slug: str, player: str) -> str:
    """Give ``client`` the pass of ``player`` (as ``GET /e/{slug}/p/{secret}`` does); the
    secret (an ``fpp_`` bearer token too)."""
    db: Database = client.app.state.db  # type: ignore[attr-defined]
    secret = personal_link(db, slug, player, actor="td")
    wear(client, slug, secret)
    return secret


def wear(client: TestClient, slug: str, secret: str) -> None:
    db: Database = client.app.state.db  # type: ignore[attr-defined]
    signed = _signer(db).sign(secret).decode("ascii")
    client.cookies.set(PLAYER_COOKIE, signed, domain="testserver.local", path=f"/e/{slug}")


def _db(client: TestClient) -> Database:
    db: Database = client.app.state.db  # type: ignore[attr-defined]
    return db


def test_without_a_pass_the_page_goes_to_the_join_page(web_client: TestClient) -> None:
    slug = swiss_event(_db(web_client), "Portal Nobody", NAMES)
    answer = web_client.get(f"/e/{slug}/me", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == f"/e/{slug}/join"
    api = web_client.get(f"/api/v1/events/{slug}/me")
    assert api.status_code == 401 and api.json()["error"]["code"] == "not_joined"


def test_the_card_names_table_opponent_and_the_toss(web_client: TestClient) -> None:
    db = _db(web_client)
    slug = swiss_event(db, "Portal Card", NAMES)
    release(db, slug, open_it=False)
    t = round_view(db, slug, 1).tables[0]
    as_player(web_client, slug, t.a.id)
    page = web_client.get(f"/e/{slug}/me")
    assert page.status_code == 200, page.text
    assert f"Round 1 · Table {t.table}" in page.text
    assert t.b.name in page.text and "Upcoming" in page.text
    tag = "You play first" if t.first == t.a.id else "On the draw"
    assert tag in page.text
    assert f'sse-connect="/e/{slug}/me/live?since=' in page.text
    assert f'href="/e/{slug}/me/notifications"' in page.text
    assert "style=" not in page.text and "<script>" not in page.text
    assert len(page.content) < 12_000  # small: a hall of phones on venue wifi
    card = web_client.get(f"/e/{slug}/me/card", headers={"hx-request": "true"})
    assert card.status_code == 200 and "<html" not in card.text and t.b.name in card.text


def test_toss_off_no_tag_and_the_bye(web_client: TestClient) -> None:
    db = _db(web_client)
    slug = swiss_event(db, "Portal No Toss", NAMES, toss=False)
    release(db, slug)
    view = round_view(db, slug, 1)
    as_player(web_client, slug, view.tables[0].a.id)
    page = web_client.get(f"/e/{slug}/me").text
    assert "You play first" not in page and "On the draw" not in page
    assert "In Progress" in page
    other = TestClient(web_client.app, base_url="https://testserver")
    as_player(other, slug, view.byes[0].player.id)
    assert "You have a bye this round" in other.get(f"/e/{slug}/me").text


def test_the_api_gives_my_match(web_client: TestClient) -> None:
    db = _db(web_client)
    slug = swiss_event(db, "Portal Api", NAMES)
    release(db, slug)
    t = round_view(db, slug, 1).tables[0]
    secret = personal_link(db, slug, t.b.id, actor="td")
    answer = web_client.get(
        f"/api/v1/events/{slug}/me", headers={"authorization": f"Bearer {secret}"}
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["round"]["table"] == t.table and body["round"]["opponent"]["id"] == t.a.id
    assert body["round"]["plays_first"] is (t.first == t.b.id)
    assert body["player"] == t.b.id and body["round"]["report"] is None
    other = swiss_event(db, "Portal Api Other", NAMES)
    wrong = web_client.get(
        f"/api/v1/events/{other}/me", headers={"authorization": f"Bearer {secret}"}
    )
    assert wrong.status_code == 401  # another event's pass opens nothing here


def test_check_in_on_the_page_and_by_api(web_client: TestClient) -> None:
    db = _db(web_client)
    slug = swiss_event(db, "Portal Check", NAMES)
    as_player(web_client, slug, "ada-lovelace")
    assert "Check in" not in web_client.get(f"/e/{slug}/me").text
    refused = post(web_client, f"/e/{slug}/me/checkin")
    assert refused.status_code == 409 and "check-in is not open" in refused.text
    set_portal(db, slug, actor="td", checkin_open=True)
    assert ">Check in</button>" in web_client.get(f"/e/{slug}/me").text
    done = post(web_client, f"/e/{slug}/me/checkin")
    assert done.status_code == 303 and done.headers["location"] == f"/e/{slug}/me?done=checkin"
    assert "You are checked in." in web_client.get(done.headers["location"]).text
    secret = personal_link(db, slug, "ben-okri", actor="td")
    api = web_client.post(
        f"/api/v1/events/{slug}/me/checkin", headers={"authorization": f"Bearer {secret}"}
    )
    assert api.status_code == 200 and api.json() == {
        "event": slug,
        "player": "ben-okri",
        "checked_in": True,
        "changed": True,
    }
    detail = {p.id: p.checked_in for p in players_of(db, slug)}
    assert detail["ada-lovelace"] and detail["ben-okri"] and not detail["cy-twombly"]


def players_of(db: Database, slug: str):  # type: ignore[no-untyped-def]
    from fairpair.service.event.events import show_event

    return show_event(db, slug).players


def test_drop_has_a_confirm_step(web_client: TestClient) -> None:
    db = _db(web_client)
    slug = swiss_event(db, "Portal Drop", NAMES)
    as_player(web_client, slug, "cy-twombly")
    ask = post(web_client, f"/e/{slug}/me/drop")
    assert ask.status_code == 200 and "Yes, drop me out" in ask.text
    assert not any(p.dropped_after is not None for p in players_of(db, slug))
    done = post(web_client, f"/e/{slug}/me/drop", {"confirm": "yes"})
    assert done.status_code == 303 and done.headers["location"] == f"/e/{slug}/me?done=dropped"
    page = web_client.get(done.headers["location"]).text
    assert "You dropped out of the event." in page and "Withdrew" in page
    assert "Drop out of the event" not in page
    gone = {p.id: p.dropped_after for p in players_of(db, slug)}
    assert gone["cy-twombly"] == 0
    again = post(web_client, f"/e/{slug}/me/drop", {"confirm": "yes"})
    assert again.status_code in (409, 422) and "Traceback" not in again.text


def test_a_waitlisted_pass_sees_its_place(web_client: TestClient) -> None:
    db = _db(web_client)
    slug = swiss_event(db, "Portal Wait", NAMES)
    with changing(db, slug, "td") as change:
        for i, name in enumerate(["Fay", "Gus"], 1):
            wid = change.conn.execute(
                insert(WaitlistRow)
                .values(event_id=change.event.id, name=name, position=i, joined_at=now())
                .returning(WaitlistRow.id)
            ).scalar_one()
        secret = new_player_token(change, waitlist_id=wid)
        change.audit("test.waitlist", "Gus")
    wear(web_client, slug, secret)
    page = web_client.get(f"/e/{slug}/me")
    assert page.status_code == 200 and "You are number 2 on the waitlist" in page.text
    api = web_client.get(f"/api/v1/events/{slug}/me", headers={"authorization": f"Bearer {secret}"})
    assert api.status_code == 409 and "number 2 on the waitlist" in api.json()["error"]["message"]


def test_the_live_stream_tells_only_the_players_whose_card_changed(
    live_server: LiveServer,
) -> None:
    db = live_server.db
    slug = swiss_event(db, "Portal Live Stream", [f"Live {i}" for i in range(8)])
    release(db, slug)
    view = round_view(db, slug, 1)
    first, second = view.tables[0], view.tables[1]
    got: dict[str, list[str]] = {first.a.id: [], second.a.id: []}
    connected = {who: threading.Event() for who in got}
    secrets = {who: personal_link(db, slug, who, actor="td") for who in got}
    version = event_version(db, slug)

    def listen(who: str) -> None:
        cookie = _signer(db).sign(secrets[who]).decode("ascii")
        url = f"{live_server.url}/e/{slug}/me/live?since={version}"
        with httpx.stream("GET", url, cookies={PLAYER_COOKIE: cookie}, timeout=10) as answer:
            assert answer.status_code == 200
            for line in answer.iter_lines():
                if line.startswith(": connected"):
                    connected[who].set()
                if line.startswith("event: "):
                    got[who].append(line[7:])
                    if len(got[who]) >= 2 or who == second.a.id:
                        return

    threads = [threading.Thread(target=listen, args=(w,), daemon=True) for w in got]
    for thread in threads:
        thread.start()
    assert all(c.wait(5) for c in connected.values())
    time.sleep(0.3)
    assert got == {first.a.id: [], second.a.id: []}  # the pages are current: no news
    results.report(db, slug, 1, Result.from_games(2, 0), table=first.table, actor="td")
    deadline = time.monotonic() + 5
    while not got[first.a.id] and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)
    assert got[first.a.id] == ["card"]
    assert got[second.a.id] == []  # a result at another table: no news for this phone
    results.report(db, slug, 1, Result.from_games(2, 0), table=second.table, actor="td")
    threads[1].join(timeout=5)
    assert got[second.a.id] == ["card"]
    for t in round_view(db, slug, 1).tables:
        if t.result is None:
            results.report(db, slug, 1, Result.from_games(2, 1), table=t.table, actor="td")
    rounds.complete_round(db, slug, 1, actor="td")
    threads[0].join(timeout=5)
    assert got[first.a.id] == ["card", "card"]  # the round completed: everyone's card changed


def test_a_player_gets_409_for_a_refused_drop_not_a_traceback(web_client: TestClient) -> None:
    db = _db(web_client)
    slug = swiss_event(db, "Portal Refused", NAMES)
    players.drop_player(db, slug, "dee-dee", actor="td")
    as_player(web_client, slug, "dee-dee")
    page = web_client.get(f"/e/{slug}/me").text
    assert "Withdrew" in page and "Drop out of the event" not in page
