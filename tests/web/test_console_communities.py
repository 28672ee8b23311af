"""A community's console pages through HTTP (issue 30): making one from the event list,
attaching an event the caller owns and making a new one in it, taking one out (asked
first), the community's staff, the player directory (search rows for htmx, rename, merge
asked first naming both and the events that move, delete on request asked first, the data
export), a returning player on the Players tab, and the public community page and profile.
Who may do what: a viewer of the community reads, a judge keeps the directory, an owner
changes staff and deletes records; an account without a role is refused."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from fairpair.engine.results import Result, Side
from fairpair.service.communities import directory
from fairpair.service.communities.communities import community_view
from fairpair.service.event.events import create_event
from fairpair.service.kernel.connection import Database
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players
from fairpair.service.results.recording import report
from fairpair.service.rounds import flow

from .helpers import account, log_in, post


def _db(client: TestClient) -> Database:
    db: Database = client.app.state.db  # type: ignore[attr-defined]
    return db


def test_a_store_runs_its_community_from_the_console(web_client: TestClient) -> None:
    db = _db(web_client)
    sam = account(db, "sam")
    account(db, "vic", organizer=False)
    account(db, "out", organizer=False)
    week1 = create_event(db, "Week 1", actor="sam", owner=sam.id)
    add_players(db, week1, [NewPlayer("Ann Lee"), NewPlayer("Bo Chen")], actor="sam")
    log_in(web_client, "sam")

    # a new community from the console's event list
    page = web_client.get("/console")
    assert "New community" in page.text
    refused = post(web_client, "/communities", {"community_name": " ", "kind": "store"})
    assert refused.status_code == 422 and "1-200 characters" in refused.text
    made = post(web_client, "/communities", {"community_name": "Sam's Games", "kind": "store"})
    assert made.status_code == 303 and made.headers["location"].startswith(
        "/communities/sam-s-games"
    )
    assert "Sam&#39;s Games" in web_client.get("/console").text

    # attach an event the caller owns; make a new one in the community
    page = web_client.get("/communities/sam-s-games")
    assert 'value="week-1"' in page.text
    answer = post(web_client, "/communities/sam-s-games/events/attach", {"event": week1})
    assert answer.status_code == 303
    page = web_client.get(answer.headers["location"])
    assert "Week 1 attached" in page.text or "week-1 attached" in page.text
    answer = post(web_client, "/communities/sam-s-games/events/new", {"name": "Week 2"})
    assert answer.status_code == 303 and answer.headers["location"] == "/console/week-2"
    assert [e.slug for e in community_view(db, "sam-s-games").events] == ["week-2", "week-1"]

    # returning player: the Players tab of a community event searches the directory
    tab = web_client.get("/console/week-2/players")
    assert "returning players show as you type" in tab.text
    found = web_client.get("/console/week-2/players/returning", params={"name": "ann"})
    assert "Ann Lee" in found.text and '"person": "ann-lee"' in found.text
    added = post(web_client, "/console/week-2/players/add", {"name": "ann", "person": "ann-lee"})
    assert added.status_code == 303
    add_players(db, "week-2", [NewPlayer("Bo Chen")], actor="sam")  # a second record
    assert {p.key: p.events for p in directory.people(db, "sam-s-games")} == {
        "ann-lee": 2,
        "bo-chen": 1,
        "bo-chen-2": 1,
    }
    no_community = create_event(db, "Alone", actor="sam", owner=sam.id)
    assert "returning" not in web_client.get(f"/console/{no_community}/players").text

    # the directory: search rows for htmx, rename, merge asked first
    rows = web_client.get(
        "/communities/sam-s-games/people",
        params={"q": "bo"},
        headers={"hx-request": "true", "hx-target": "people-rows"},
    )
    assert rows.text.lstrip().startswith("<div") and "bo-chen-2" in rows.text
    assert "Ann Lee" not in rows.text
    renamed = post(
        web_client, "/communities/sam-s-games/people/bo-chen/rename", {"name": "Bo Chén"}
    )
    assert renamed.status_code == 303
    asked = post(
        web_client,
        "/communities/sam-s-games/people/merge",
        {"kept": "bo-chen", "gone": "bo-chen-2"},
    )
    assert asked.status_code == 200
    assert "Merge Bo Chen (bo-chen-2) into Bo Chén (bo-chen)? 1 event moves." in asked.text
    assert len(directory.people(db, "sam-s-games")) == 3  # nothing yet
    merged = post(
        web_client,
        "/communities/sam-s-games/people/merge",
        {"kept": "bo-chen", "gone": "bo-chen-2", "confirmed": "yes"},
    )
    assert merged.status_code == 303
    assert (
        "Bo Chen merged into this record: 1 event moved."
        in web_client.get(merged.headers["location"]).text
    )
    assert {p.key: p.events for p in directory.people(db, "sam-s-games")}["bo-chen"] == 2

    # places on the profile, the export, the public pages
    flow.next_round(db, "week-1", actor="sam")
    report(db, "week-1", 1, Result.win(Side.A), table=1, actor="sam")
    profile = web_client.get("/c/sam-s-games/p/ann-lee")
    assert profile.status_code == 200 and "Week 1" in profile.text and "Week 2" in profile.text
    public = web_client.get("/c/sam-s-games")
    assert 'href="/e/week-1"' in public.text and "Running now" in public.text
    exported = web_client.get("/communities/sam-s-games/people/ann-lee/export")
    data = json.loads(exported.text)
    assert data["format"] == "fairpair-person-export" and len(data["events"]) == 2
    assert "attachment" in exported.headers["content-disposition"]

    # staff: a viewer reads, cannot change; an outsider is refused
    post(web_client, "/communities/sam-s-games/staff", {"username": "vic", "role": "viewer"})
    web_client.cookies.clear()
    log_in(web_client, "vic")
    assert web_client.get("/communities/sam-s-games/people").status_code == 200
    assert (
        post(
            web_client, "/communities/sam-s-games/people/ann-lee/rename", {"name": "X"}
        ).status_code
        == 403
    )
    web_client.cookies.clear()
    log_in(web_client, "out")
    assert web_client.get("/communities/sam-s-games").status_code == 403
    web_client.cookies.clear()
    log_in(web_client, "sam")

    # delete on request: asked first, then the name is gone
    asked = post(web_client, "/communities/sam-s-games/people/ann-lee/forget")
    assert "Delete Ann Lee&#39;s record on their request?" in asked.text
    done = post(web_client, "/communities/sam-s-games/people/ann-lee/forget", {"confirmed": "yes"})
    assert done.status_code == 303
    assert "its name is gone from 2 events" in web_client.get(done.headers["location"]).text
    names = {p.name for p in directory.people(db, "sam-s-games")}
    assert "Ann Lee" not in names and directory.FORGOTTEN in names

    # take an event out: asked first
    asked = post(web_client, "/communities/sam-s-games/events/week-2/detach")
    assert "Take Week 2 out of Sam&#39;s Games?" in asked.text
    out = post(web_client, "/communities/sam-s-games/events/week-2/detach", {"confirmed": "yes"})
    assert out.status_code == 303
    assert [e.slug for e in community_view(db, "sam-s-games").events] == ["week-1"]
