"""A community's ratings through the JSON API, on both databases: the list, a person's
history and an event's changes are public; the settings are read by the community's staff
and changed by its owners (an account of no role is refused, a bad system is a 422 naming
the field); a rebuild by the owner rates every event again."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.engine.results import Result, Side
from fairpair.service.accounts.logins import find_account
from fairpair.service.communities.communities import attach_event, create_community
from fairpair.service.jobs.runner import run_due
from fairpair.service.kernel.connection import Database
from fairpair.service.results import recording as results
from fairpair.service.rounds import flow, lifecycle
from fairpair.service.wiring import handlers

from .api_helpers import bearer, call, client, error_of, event_of

__all__ = ["client"]  # the fixture, on both databases


def test_ratings_through_the_api(client: TestClient, db: Database) -> None:
    owner = bearer(db, "rita-rated")
    stranger = bearer(db, "sid-stranger")
    club = create_community(
        db, "API Ratings", actor="tests", owner=find_account(db, "rita-rated").id
    )
    slug = event_of(db, "rita-rated", "API Rated Night", players=4)
    attach_event(db, club, slug, actor="tests")
    flow.next_round(db, slug, actor="tests")
    for t in lifecycle.round_view(db, slug, 1).tables:
        results.report(db, slug, 1, Result.win(Side.A), table=t.table, actor="tests")
    lifecycle.complete_round(db, slug, 1, actor="tests")
    assert run_due(db, handlers(db), worker="api-test") == (1, 0)
    c, anyone = client, dict[str, str]()

    listed = call(c, "GET", f"/communities/{club}/ratings", anyone)
    assert listed.status_code == 200, listed.text
    body = listed.json()
    assert body["system"] == "glicko2" and body["game"] == "default"
    assert len(body["people"]) == 4 and body["people"][0]["rank"] == 1
    assert body["events"][0]["event"] == slug
    person = body["people"][0]["person"]
    history = call(c, "GET", f"/communities/{club}/ratings/people/{person}", anyone).json()
    (series,) = history["series"]
    assert series["points"][0]["before"] == 1500 and series["points"][0]["change"] > 0
    changes = call(c, "GET", f"/communities/{club}/ratings/events/{slug}", anyone).json()
    assert len(changes["changes"]) == 4
    missing = call(c, "GET", f"/communities/{club}/ratings/people/nobody", anyone)
    assert missing.status_code == 404 and error_of(missing)["field"] == "person"

    assert call(c, "GET", f"/communities/{club}/ratings/settings", anyone).status_code == 401
    assert call(c, "GET", f"/communities/{club}/ratings/settings", stranger).status_code == 403
    shown = call(c, "GET", f"/communities/{club}/ratings/settings", owner).json()
    assert shown == {
        "format": "fairpair-rating-settings",
        "community": club,
        "matches": "glicko2",
        "pods": True,
        "per_game": True,
        "seed_round_one": False,
    }
    refused = call(c, "PATCH", f"/communities/{club}/ratings/settings", stranger, {"pods": False})
    assert refused.status_code == 403
    bad = call(c, "PATCH", f"/communities/{club}/ratings/settings", owner, {"matches": "x"})
    assert bad.status_code == 422 and "matches" in error_of(bad)["field"]
    elo = call(c, "PATCH", f"/communities/{club}/ratings/settings", owner, {"matches": "elo"})
    assert elo.status_code == 200 and elo.json()["matches"] == "elo"
    assert call(c, "GET", f"/communities/{club}/ratings", anyone).json()["system"] == "elo"
    rebuilt = call(c, "POST", f"/communities/{club}/ratings/rebuild", owner)
    assert rebuilt.json() == {"community": club, "ratings": 4}
    assert call(c, "POST", f"/communities/{club}/ratings/rebuild", stranger).status_code == 403
