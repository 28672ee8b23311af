"""The autopilot through the JSON API with a bearer token: turned on on a stage, what it does
(``GET /events/{slug}/autopilot``), the last result's answer saying what followed, paused and
resumed; a viewer may read it but not pause it; a stage without one says how to turn it on."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database

from .api_helpers import bearer, call, client, error_of, event_of, staff

__all__ = ["client"]  # the fixture, on both databases


def test_the_autopilot_on_off_paused_resumed_and_told(client: TestClient, db: Database) -> None:
    me = bearer(db, "pia-pilot")
    slug = event_of(db, "pia-pilot", "API Autopilot", players=4)
    c = client
    off = call(c, "GET", f"/events/{slug}/autopilot", me)
    assert off.status_code >= 400 and "PATCH the stage" in error_of(off)["message"]
    edited = call(
        c, "PATCH", f"/events/{slug}/stages/swiss", me, {"autopilot": True, "max_rounds": 3}
    )
    assert edited.status_code == 200 and edited.json()["autopilot"] is True
    now = call(c, "GET", f"/events/{slug}/autopilot", me).json()
    assert now["state"] == "waiting" and "round 1 by hand" in now["why"]

    started = call(c, "POST", f"/events/{slug}/rounds/next", me)  # round 1 by hand
    assert started.status_code == 200, started.text
    assert started.json() == {
        "event": slug,
        "stage": "swiss",
        "round": 1,
        "name": "Round 1",
        "opened": True,
        "completed": None,
        "completed_stage": None,
        "warnings": [],
    }
    first = call(
        c, "POST", f"/events/{slug}/results", me, {"round": 1, "table": 1, "result": "2-0"}
    )
    assert first.status_code == 201 and "autopilot" not in first.json()
    last = call(c, "POST", f"/events/{slug}/results", me, {"round": 1, "table": 2, "result": "0-2"})
    assert last.json()["autopilot"] == "the autopilot completed round 1 and opened round 2"
    assert call(c, "GET", f"/events/{slug}/rounds/2", me).json()["state"] == "open"

    viewer = bearer(db, "vic-viewer")
    staff(db, slug, "vic-viewer", "viewer")
    assert call(c, "GET", f"/events/{slug}/autopilot", viewer).status_code == 200
    assert call(c, "POST", f"/events/{slug}/autopilot/pause", viewer).status_code == 403
    paused = call(c, "POST", f"/events/{slug}/autopilot/pause", me)
    assert paused.status_code == 200 and paused.json()["state"] == "paused", paused.text
    again = call(c, "POST", f"/events/{slug}/autopilot/pause", me)
    assert again.status_code >= 400 and "already paused" in error_of(again)["message"]
    for table, typed in ((1, "2-1"), (2, "1-2")):
        body = {"round": 2, "table": table, "result": typed}
        assert "autopilot" not in call(c, "POST", f"/events/{slug}/results", me, body).json()
    resumed = call(c, "POST", f"/events/{slug}/autopilot/resume", me).json()
    assert resumed["state"] == "running" and resumed["why"].startswith("Round 3:")
    assert call(c, "POST", f"/events/{slug}/autopilot/land", me).status_code == 422
