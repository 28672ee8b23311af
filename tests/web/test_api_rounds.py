"""The API's round lifecycle with a bearer token, as the console runs it: generate a private
draft, read it, rearrange, regenerate, release, swap, set dates, open, report every result,
complete; revert, delete and discard; the toss table, flip and recalculate."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database

from .api_helpers import bearer, call, client, error_of, event_of

__all__ = ["client"]  # the fixture, on both databases


def test_a_round_from_draft_to_completed(client: TestClient, db: Database) -> None:
    me = bearer(db, "rhea")
    slug = event_of(db, "rhea", "API Rounds Open")
    c = client

    made = call(c, "POST", f"/events/{slug}/draft", me)
    assert made.status_code == 201, made.text
    draft = made.json()
    assert draft["private"] is True and draft["round"] == 1
    assert call(c, "GET", f"/events/{slug}/rounds/1", {}).status_code == 404  # nothing public

    shown = call(c, "GET", f"/events/{slug}/draft", me).json()
    assert shown["pairings"] == draft["pairings"]
    first = draft["pairings"][0]
    last = draft["pairings"][-1]
    a, b = first["a"]["id"], last["b"]["id"]
    moved = call(c, "POST", f"/events/{slug}/draft/rearrange", me, {"player": a, "other": b})
    assert moved.status_code == 200, moved.text
    assert moved.json()["moves"]
    again = call(c, "POST", f"/events/{slug}/draft/regenerate", me)
    assert again.status_code == 200 and not again.json()["moves"]

    released = call(c, "POST", f"/events/{slug}/rounds", me)
    assert released.status_code == 201, released.text
    view = released.json()
    assert view["state"] == "scheduled" and len(view["tables"]) == 4
    public = call(c, "GET", f"/events/{slug}/rounds/1", {})
    assert public.status_code == 200 and public.json()["tables"] == view["tables"]

    t1, t2 = view["tables"][0], view["tables"][1]
    swapped = call(
        c,
        "POST",
        f"/events/{slug}/rounds/1/swap",
        me,
        {"player": t1["a"]["id"], "other": t2["a"]["id"]},
    )
    assert swapped.status_code == 200, swapped.text
    assert swapped.json()["changed_tables"] == [1, 2]

    dated = call(
        c, "PUT", f"/events/{slug}/rounds/1/dates", me, {"starts_at": "2026-12-05T10:00:00Z"}
    )
    assert dated.status_code == 200, dated.text
    assert dated.json()["starts_at"].startswith("2026-12-05T10:00")
    assert dated.json()["ends_at"] is None

    assert call(c, "POST", f"/events/{slug}/rounds/1/open", me).json()["state"] == "open"
    refused = call(c, "POST", f"/events/{slug}/rounds/1/complete", me)
    assert refused.status_code == 409
    assert "4" in error_of(refused)["message"]  # says how many are outstanding

    left = call(c, "GET", f"/events/{slug}/results/outstanding", {}).json()
    assert left["count"] == 4 and [m["table"] for m in left["matches"]] == [1, 2, 3, 4]
    for table in (1, 2, 3, 4):
        done = call(
            c, "POST", f"/events/{slug}/results", me, {"round": 1, "table": table, "result": "2-1"}
        )
        assert done.status_code == 201, done.text
    assert call(c, "GET", f"/events/{slug}/results/outstanding", {}).json()["count"] == 0
    closed = call(c, "POST", f"/events/{slug}/rounds/1/complete", me)
    assert closed.status_code == 200 and closed.json()["state"] == "completed"

    listed = call(c, "GET", f"/events/{slug}/rounds", {}).json()
    assert [(r["number"], r["state"], r["outstanding"]) for r in listed] == [(1, "completed", 0)]
    standings = call(c, "GET", f"/events/{slug}/standings", {})
    assert standings.status_code == 200 and len(standings.json()["rows"]) == 8


def test_revert_delete_and_discard(client: TestClient, db: Database) -> None:
    me = bearer(db, "sven")
    slug = event_of(db, "sven", "API Revert Cup")
    c = client
    call(c, "POST", f"/events/{slug}/draft", me)
    assert call(c, "DELETE", f"/events/{slug}/draft", me).status_code == 204
    gone = call(c, "GET", f"/events/{slug}/draft", me)
    assert gone.status_code in (404, 409) and error_of(gone)["code"]
    call(c, "POST", f"/events/{slug}/draft", me)
    call(c, "POST", f"/events/{slug}/rounds", me)
    call(c, "POST", f"/events/{slug}/rounds/1/open", me)
    reverted = call(c, "POST", f"/events/{slug}/rounds/1/revert", me)
    assert reverted.status_code == 200 and reverted.json()["state"] == "scheduled"
    assert call(c, "DELETE", f"/events/{slug}/rounds/1", me).status_code == 204
    assert call(c, "GET", f"/events/{slug}/rounds", {}).json() == []


def test_toss_table_flip_and_recalculate(client: TestClient, db: Database) -> None:
    me = bearer(db, "tove")
    slug = event_of(db, "tove", "API Toss Cup")
    c = client
    on = call(c, "PATCH", f"/events/{slug}/stages/swiss", me, {"toss": {"enabled": True}})
    assert on.status_code == 200, on.text
    call(c, "POST", f"/events/{slug}/draft", me)
    view = call(c, "POST", f"/events/{slug}/rounds", me).json()
    table = view["tables"][0]
    other = table["b"]["id"] if table["first"] == table["a"]["id"] else table["a"]["id"]
    flipped = call(c, "POST", f"/events/{slug}/toss/1/1/flip", me, {})
    assert flipped.status_code == 200, flipped.text
    assert flipped.json()["first"] == other and flipped.json()["manual"] is True
    again = call(c, "POST", f"/events/{slug}/toss/1/recalculate", me)
    assert again.status_code == 200 and 1 not in again.json()["changed_tables"]
    tossed = call(c, "GET", f"/events/{slug}/toss", {})
    assert tossed.status_code == 200, tossed.text
    assert any(p["manual"] for p in tossed.json()["players"])
