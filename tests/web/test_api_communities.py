"""The communities' JSON API (issue 30), on SQLite and PostgreSQL: a store makes its
community, attaches an event it owns (refused for an event it does not own), shows its
events, gives a judge a role that reaches every event, searches its directory, renames and
merges records (refused for two players of one event), reads a profile with places, hands a
player their data export and deletes a record on request — refusals as JSON naming the
field."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.engine.results import Result, Side
from fairpair.service.kernel.connection import Database
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players
from fairpair.service.results.recording import report
from fairpair.service.rounds import flow

from .api_helpers import bearer, call, client, error_of, event_of

__all__ = ["client"]


def test_a_community_through_the_api(client: TestClient, db: Database) -> None:
    owner = bearer(db, "stella")
    judge = bearer(db, "jon", organizer=False)
    other = bearer(db, "otto")
    week1 = event_of(db, "stella", "API Week 1", players=4)
    theirs = event_of(db, "otto", "Otto's Own", players=2)

    made = call(client, "POST", "/communities", owner, {"name": "Stella's Store", "kind": "store"})
    assert made.status_code == 201, made.text
    slug = made.json()["slug"]
    assert slug == "stella-s-store" and made.json()["events"] == []
    bad = call(client, "POST", "/communities", owner, {"name": "X", "kind": "pub"})
    assert bad.status_code == 422
    assert call(client, "GET", "/communities", owner, None).json()["communities"] == [
        {"slug": slug, "name": "Stella's Store", "kind": "store", "role": "owner"}
    ]

    attached = call(client, "POST", f"/communities/{slug}/events", owner, {"event": week1})
    assert attached.status_code == 200, attached.text
    assert [(e["slug"], e["state"]) for e in attached.json()["events"]] == [(week1, "upcoming")]
    assert attached.json()["people"] == 4
    not_hers = call(client, "POST", f"/communities/{slug}/events", owner, {"event": theirs})
    assert not_hers.status_code == 403 and error_of(not_hers)["code"] == "not_allowed"
    outsider = call(client, "POST", f"/communities/{slug}/events", other, {"event": theirs})
    assert outsider.status_code == 403

    # a judge of the community reaches its events
    staffed = call(
        client, "PUT", f"/communities/{slug}/staff", owner, {"username": "jon", "role": "judge"}
    )
    assert [m["username"] for m in staffed.json()["staff"]] == ["stella", "jon"]
    assert call(client, "GET", f"/events/{week1}/players", judge, None).status_code == 200

    # a second week with a returning player and a new record of a known one
    week2 = event_of(db, "stella", "API Week 2", players=0)
    call(client, "POST", f"/communities/{slug}/events", owner, {"event": week2})
    add_players(
        db, week2, [NewPlayer("A. Zero", person="player-a0"), NewPlayer("Player B1")], actor="t"
    )
    found = call(client, "GET", f"/communities/{slug}/people?search=player b", judge, None)
    assert [p["key"] for p in found.json()["people"]] == ["player-b1-2", "player-b1"]
    assert found.json()["search"] == "player b"

    renamed = call(
        client, "PATCH", f"/communities/{slug}/people/player-a0", judge, {"name": "Ada Zero"}
    )
    assert renamed.json()["person"]["name"] == "Ada Zero"
    assert [e["played_as"] for e in renamed.json()["events"]] == ["A. Zero", "Player A0"]
    clash = call(
        client,
        "POST",
        f"/communities/{slug}/people/merge",
        judge,
        {"kept": "player-a0", "gone": "player-b1"},
    )
    assert clash.status_code == 409 and "two players of one event" in error_of(clash)["message"]
    merged = call(
        client,
        "POST",
        f"/communities/{slug}/people/merge",
        judge,
        {"kept": "player-b1", "gone": "player-b1-2"},
    )
    assert merged.json() == {
        "community": slug,
        "kept": "player-b1",
        "gone": "player-b1-2",
        "moved": 1,
    }

    # the profile (public) with places; the export (staff)
    flow.next_round(db, week1, actor="stella")
    for table in (1, 2):
        report(db, week1, 1, Result.win(Side.A), table=table, actor="stella")
    flow.next_round(db, week1, actor="stella")  # completes round 1
    shown = call(client, "GET", f"/communities/{slug}/people/player-a0", {}, None)
    assert shown.status_code == 200
    places = {e["slug"]: (e["place"], e["of"], e["record"]) for e in shown.json()["events"]}
    place, of, record = places[week1]
    assert of == 4 and record in ("1-0-0", "0-1-0")
    assert place in ({"1", "2"} if record == "1-0-0" else {"3", "4"})
    assert places[week2] == (None, 2, None)
    assert (
        call(client, "GET", f"/communities/{slug}/people/player-a0/export", {}, None).status_code
        == 401
    )
    exported = call(client, "GET", f"/communities/{slug}/people/player-a0/export", judge, None)
    body = exported.json()
    assert body["person"]["name"] == "Ada Zero"
    assert body["events"][1]["matches"][0]["outcome"] in {"win", "loss"}

    # delete on request: owners only
    refused = call(client, "DELETE", f"/communities/{slug}/people/player-a0", judge, None)
    assert refused.status_code == 403
    gone = call(client, "DELETE", f"/communities/{slug}/people/player-a0", owner, None)
    names = [p["name"] for p in gone.json()["people"]]
    assert "Ada Zero" not in names and "Forgotten player" in names
    unknown = call(client, "GET", f"/communities/{slug}/people/player-a0", {}, None)
    assert unknown.status_code == 404 and error_of(unknown)["code"] == "unknown_community"

    # take an event out
    out = call(client, "DELETE", f"/communities/{slug}/events/{week2}", owner, None)
    assert [e["slug"] for e in out.json()["events"]] == [week1]
    assert call(client, "GET", "/communities/nowhere", {}, None).status_code == 404

    # a returning player registered through the API (``person``)
    week3 = event_of(db, "stella", "API Week 3", players=0)
    call(client, "POST", f"/communities/{slug}/events", owner, {"event": week3})
    added = call(
        client, "POST", f"/events/{week3}/players", judge, {"name": "B1", "person": "player-b1"}
    )
    assert added.status_code in (200, 201), added.text
    after = call(client, "GET", f"/communities/{slug}/people?search=player-b1", judge, None)
    assert {p["key"]: p["events"] for p in after.json()["people"]}["player-b1"] == 2  # week 2 left
