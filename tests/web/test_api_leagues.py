"""The leagues' JSON API (issue 30), on SQLite and PostgreSQL: a store's judge starts a
season with its rule and events, anyone reads the leaderboard, a bad rule is a 422 naming
the field, an event of another community is refused, an outsider may not change it, the
rule is changed, an event taken out, the season closed (final; changes refused after)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.communities import communities
from fairpair.service.communities import staff as community_staff
from fairpair.service.kernel.connection import Database
from fairpair.service.players.registration import NewPlayer
from service.league_weeks import week

from .api_helpers import bearer, call, client, error_of

__all__ = ["client"]


def test_a_season_through_the_api(client: TestClient, db: Database) -> None:
    judge = bearer(db, "jody", organizer=False)
    outsider = bearer(db, "otto")
    store = communities.create_community(db, "API Store", actor="td")
    community_staff.grant(db, store, "jody", "judge", actor="td")
    one = week(
        db,
        store,
        "API Friday 1",
        [NewPlayer("Ann", seed=1), NewPlayer("Bob", seed=2)],
        {frozenset(("Ann", "Bob")): "Ann"},
    )
    two = week(db, store, "API Friday 2", [NewPlayer("Ann", person="ann"), NewPlayer("Cy")],
               {frozenset(("Ann", "Cy")): None})  # fmt: skip
    base = f"/communities/{store}/leagues"

    body = {"name": "Spring", "rule": {"win": 3, "draw": 1, "attend": 1, "places": [5, 2]},
            "events": [one]}  # fmt: skip
    made = call(client, "POST", base, judge, body)
    assert made.status_code == 201, made.text
    assert made.json()["key"] == "spring" and made.json()["rule"]["places"] == [5, 2]
    assert call(client, "POST", base, outsider, {"name": "Mine"}).status_code == 403
    bad = call(client, "POST", base, judge, {"name": "X", "rule": {"places": [1, 2]}})
    assert bad.status_code == 422 and error_of(bad)["code"] == "invalid_league_rule"
    assert "places" in error_of(bad)["field"]
    assert error_of(bad)["message"].startswith("place 2 scores 2, more than place 1 (1)")
    # the same refusal for a client asking in Italian: the same code and field
    in_italian = {**judge, "accept-language": "it"}
    italian = call(client, "POST", base, in_italian, {"name": "X", "rule": {"places": [1, 2]}})
    assert error_of(italian)["code"] == "invalid_league_rule"
    assert error_of(italian)["field"] == error_of(bad)["field"]
    assert error_of(italian)["message"].startswith("il posto 2 vale 2, più del posto 1 (1)")
    added = call(client, "POST", f"{base}/spring/events", judge, {"events": [two]})
    assert [e["slug"] for e in added.json()["events"]] == [one, two]
    elsewhere = communities.create_community(db, "Elsewhere", actor="td")
    theirs = week(db, elsewhere, "Elsewhere 1", [NewPlayer("Zed"), NewPlayer("Yu")],
                  {frozenset(("Zed", "Yu")): "Zed"})  # fmt: skip
    refused = call(client, "POST", f"{base}/spring/events", judge, {"events": [theirs]})
    assert refused.status_code == 409 and "API Store only" in error_of(refused)["message"]

    # anyone reads it: Ann 3+1+5 and 1+1+5 (1st on tiebreaks, or 2nd: 2) — her two nights
    board = call(client, "GET", f"{base}/spring", {})
    assert board.status_code == 200, board.text
    rows = board.json()["rows"]
    assert rows[0]["name"] == "Ann" and rows[0]["played"] == 2
    assert rows[0]["profile"] == f"/c/{store}/p/ann"
    assert [s["event"] for s in rows[0]["scores"]] == [one, two]
    listed = call(client, "GET", base, {}).json()
    assert [lg["key"] for lg in listed["leagues"]] == ["spring"]

    changed = call(client, "PATCH", f"{base}/spring", judge, {"rule": {"attend": 1, "win": 0,
                                                                        "draw": 0}})  # fmt: skip
    assert changed.json()["rule"]["text"] == "1 for taking part — every event counts"
    after = call(client, "GET", f"{base}/spring", {}).json()["rows"]
    assert [(r["name"], r["points"]) for r in after] == [("Ann", 2), ("Bob", 1), ("Cy", 1)]
    call(client, "DELETE", f"{base}/spring/events/{two}", judge)
    closed = call(client, "POST", f"{base}/spring/close", judge)
    assert closed.status_code == 200 and closed.json()["final"]
    assert [(r["name"], r["points"]) for r in closed.json()["rows"]] == [("Ann", 1), ("Bob", 1)]
    late = call(client, "POST", f"{base}/spring/events", judge, {"events": [two]})
    assert late.status_code == 409 and "closed" in error_of(late)["message"]
    missing = call(client, "GET", f"{base}/nope", {})
    assert missing.status_code == 404 and error_of(missing)["code"] == "unknown_league"
