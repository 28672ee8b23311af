"""Events, players, stages and the audit log through the API with a bearer token: each
resource, the roles it needs, and its refusals as JSON."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database

from .api_helpers import bearer, call, error_of, event_of, staff


def test_events_create_list_show(web_client: TestClient, sqlite_db: Database) -> None:
    me = bearer(sqlite_db, "carla")
    made = call(web_client, "POST", "/events", me, {"name": "API Friday Night", "ruleset": "mtg"})
    assert made.status_code == 201, made.text
    slug = made.json()["slug"]
    assert made.json()["stages"][0]["ruleset"] == "mtg"
    other = bearer(sqlite_db, "dora")
    event_of(sqlite_db, "dora", "API Not Mine")
    mine = call(web_client, "GET", "/events", me).json()
    assert [e["slug"] for e in mine["events"]] == [slug]
    shown = call(web_client, "GET", f"/events/{slug}", me)
    assert shown.status_code == 200 and shown.json()["name"] == "API Friday Night"
    refused = call(web_client, "GET", f"/events/{slug}", other)
    assert refused.status_code == 403 and error_of(refused)["field"] == "role"
    taken = call(web_client, "POST", "/events", me, {"name": "Again", "slug": slug})
    assert taken.status_code == 409 and error_of(taken)["code"] == "event_exists"
    ruleset = call(web_client, "POST", "/events", me, {"name": "X", "ruleset": "chess960"})
    assert ruleset.status_code == 404 and error_of(ruleset)["code"] == "unknown_ruleset"


def test_a_player_account_cannot_create_events(web_client: TestClient, sqlite_db: Database) -> None:
    player = bearer(sqlite_db, "eddy", organizer=False)
    refused = call(web_client, "POST", "/events", player, {"name": "Nope"})
    assert refused.status_code == 403 and error_of(refused)["code"] == "not_allowed"
    assert call(web_client, "GET", "/events", player).json()["events"] == []


def test_players_add_import_check_in_drop_reinstate(
    web_client: TestClient, sqlite_db: Database
) -> None:
    me = bearer(sqlite_db, "fanny")
    slug = event_of(sqlite_db, "fanny", "API Players Cup", players=0)
    url = f"/events/{slug}/players"
    one = call(web_client, "POST", url, me, {"name": "Ann Lee", "seed": 1, "contact": "@ann"})
    assert one.status_code == 201, one.text
    assert one.json()[0]["name"] == "Ann Lee" and one.json()[0]["contact"] == "@ann"
    rows = [{"name": "Bo Chen", "id": "bo"}, {"name": "Cy Dahl", "rating": 1800}]
    many = call(web_client, "POST", url + "/import", me, {"players": rows})
    assert many.status_code == 201 and many.json()[0]["id"] == "bo"
    bad = call(web_client, "POST", url + "/import", me, {"players": [{"name": "Di", "id": "bo"}]})
    assert bad.status_code in (409, 422) and error_of(bad)["message"]
    assert len(call(web_client, "GET", url, me).json()) == 3
    checked = call(web_client, "POST", url + "/check-in", me, {"players": ["bo", "Cy Dahl"]})
    assert [p["checked_in"] for p in checked.json()] == [True, True]
    dropped = call(web_client, "POST", url + "/bo/drop", me, {"reason": "went home"})
    assert dropped.status_code == 200, dropped.text
    assert dropped.json()["dropped_after"] == 0
    back = call(web_client, "POST", url + "/bo/reinstate", me)
    assert back.status_code == 200 and back.json()["dropped_after"] is None
    unknown = call(web_client, "POST", url + "/nobody/drop", me, {})
    assert unknown.status_code == 404 and error_of(unknown)["code"] == "unknown_player"
    assert call(web_client, "GET", url, {}).status_code == 401  # contacts are staff-only


def test_stages_list_add_edit(web_client: TestClient, sqlite_db: Database) -> None:
    me = bearer(sqlite_db, "gert")
    judge = bearer(sqlite_db, "hank", organizer=False)
    slug = event_of(sqlite_db, "gert", "API Stages Cup")
    staff(sqlite_db, slug, "hank", "judge")
    url = f"/events/{slug}/stages"
    listed = call(web_client, "GET", url, {})
    assert listed.status_code == 200 and [s["id"] for s in listed.json()] == ["swiss"]
    edited = call(web_client, "PATCH", url + "/swiss", me, {"max_rounds": 3})
    assert edited.status_code == 200 and edited.json()["max_rounds"] == 3
    added = call(
        web_client,
        "POST",
        url,
        me,
        {
            "id": "top4",
            "format": "single_elimination",
            "more": {"cut": {"from_stage": "swiss", "top": 4}},
        },
    )
    assert added.status_code == 201, added.text
    assert added.json()["cut_from"] == "swiss"
    cut = call(web_client, "GET", f"/events/{slug}/cut", {})
    assert cut.status_code == 422  # nobody has played yet
    assert error_of(cut)["code"] == "invalid_stage" and "standings" in error_of(cut)["message"]
    early = call(web_client, "POST", f"/events/{slug}/cut", me, {})
    assert early.status_code in (409, 422) and error_of(early)["message"]
    refused = call(web_client, "PATCH", url + "/swiss", judge, {"max_rounds": 9})
    assert refused.status_code == 403  # stages are the owner's
    wrong = call(web_client, "PATCH", url + "/swiss", me, {"more": {"pairing_method": "zigzag"}})
    assert wrong.status_code in (404, 409, 422) and error_of(wrong)["message"]
    typo = call(web_client, "PATCH", url + "/swiss", me, {"max_rounds": 0})
    assert typo.status_code == 422 and error_of(typo)["field"] == "max_rounds"


def test_the_audit_log_is_for_staff(web_client: TestClient, sqlite_db: Database) -> None:
    me = bearer(sqlite_db, "ilse")
    slug = event_of(sqlite_db, "ilse", "API Log Cup")
    log = call(web_client, "GET", f"/events/{slug}/log?limit=1", me)
    assert log.status_code == 200 and len(log.json()["entries"]) == 1
    assert log.json()["entries"][0]["action"] == "player.add"


def test_unknown_event_and_address(web_client: TestClient, sqlite_db: Database) -> None:
    missing = call(web_client, "GET", "/events/no-such-event/standings", {})
    assert missing.status_code == 404 and error_of(missing)["code"] == "unknown_event"
    nowhere = call(web_client, "GET", "/nowhere", {})
    assert nowhere.status_code == 404 and error_of(nowhere)["code"] == "not_found"
