"""The round timer through the JSON API with a bearer token, as the console's buttons run it:
read it (public), start, pause, resume, add and take away time, take it away; refused with
the API's error shape (code, message, field) when the round is not In Progress or the body is
wrong, and only for staff."""

from __future__ import annotations

from datetime import datetime

from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds

from .api_helpers import bearer, call, client, error_of, event_of

__all__ = ["client"]  # the fixture, on both databases


def test_the_round_timer_through_the_api(client: TestClient, db: Database) -> None:
    me = bearer(db, "tara")
    slug = event_of(db, "tara", "API Clock Open")
    c = client
    url = f"/events/{slug}/rounds/1/clock"
    drafts.generate(db, slug, actor="tara")
    rounds.release(db, slug, actor="tara")

    shown = call(c, "GET", url, {})  # public: the big screen shows it to everyone
    assert shown.status_code == 200, shown.text
    assert shown.json()["state"] == "off" and shown.json()["round_state"] == "scheduled"
    early = call(c, "POST", url + "/start", me, {"minutes": 50})
    assert early.status_code == 409, early.text
    error = error_of(early)
    assert "Upcoming" in error["message"] and "open it first" in error["message"]

    rounds.open_round(db, slug, 1, actor="tara")
    assert call(c, "POST", url + "/start", {}, {"minutes": 50}).status_code == 401
    bad = call(c, "POST", url + "/start", me, {"minutes": 0})
    assert bad.status_code == 422 and "minutes" in str(error_of(bad)["field"])
    started = call(c, "POST", url + "/start", me, {"minutes": 50})
    assert started.status_code == 200, started.text
    body = started.json()
    assert body["format"] == "fairpair-round-clock" and body["state"] == "running"
    assert (body["event"], body["stage"], body["round"]) == (slug, "swiss", 1)
    assert 49 * 60 < body["left_seconds"] <= 50 * 60
    ends = datetime.fromisoformat(body["ends_at"])

    paused = call(c, "POST", url + "/pause", me).json()
    assert paused["state"] == "paused" and paused["ends_at"] is None
    assert 49 * 60 < paused["left_seconds"] <= 50 * 60
    again = call(c, "POST", url + "/pause", me)
    assert again.status_code == 409 and "not running" in error_of(again)["message"]
    more = call(c, "POST", url + "/add", me, {"minutes": 5}).json()
    assert more["state"] == "paused" and more["left_seconds"] == paused["left_seconds"] + 300
    resumed = call(c, "POST", url + "/resume", me).json()
    assert resumed["state"] == "running"
    less = call(c, "POST", url + "/add", me, {"minutes": -10}).json()
    assert datetime.fromisoformat(less["ends_at"]) < ends
    assert call(c, "GET", url, {}).json()["state"] == "running"

    gone = call(c, "DELETE", url, me)
    assert gone.status_code == 204
    assert call(c, "GET", url, {}).json()["state"] == "off"
    missing = call(c, "GET", f"/events/{slug}/rounds/9/clock", {})
    assert missing.status_code == 404, missing.text
