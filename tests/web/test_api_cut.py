"""The top cut through the API: who makes it as the standings are, then drawn by a judge."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.accounts.logins import find_account
from fairpair.service.accounts.staff import grant
from fairpair.service.event.demo import create_demo
from fairpair.service.kernel.connection import Database

from .api_helpers import bearer, call, error_of


def test_a_top_8_shown_then_drawn(web_client: TestClient, sqlite_db: Database) -> None:
    owner = bearer(sqlite_db, "mona")
    judge = bearer(sqlite_db, "nils", organizer=False)
    slug = create_demo(sqlite_db, slug="api-cut-demo", owner=find_account(sqlite_db, "mona").id)
    grant(sqlite_db, slug, "nils", "judge", actor="mona")
    stage = {
        "id": "top8",
        "format": "single_elimination",
        "more": {"cut": {"from_stage": "swiss", "top": 8}},
    }
    made = call(web_client, "POST", f"/events/{slug}/stages", owner, stage)
    assert made.status_code == 201, made.text
    shown = call(web_client, "GET", f"/events/{slug}/cut", {})
    assert shown.status_code == 200, shown.text
    cut = shown.json()
    assert cut["cut_stage"] == "top8" and not cut["drawn"] and len(cut["seats"]) == 8
    assert [s["seed"] for s in cut["seats"]] == list(range(1, 9))
    early = call(web_client, "POST", f"/events/{slug}/cut", judge, {})
    assert early.status_code == 409 and "not finished" in error_of(early)["message"]
    drawn = call(web_client, "POST", f"/events/{slug}/cut", judge, {"early": True})
    assert drawn.status_code == 200, drawn.text
    assert drawn.json()["drawn"] is True and len(drawn.json()["seats"]) == 8
    assert call(web_client, "GET", f"/events/{slug}/cut?stage=swiss", {}).status_code == 409
