"""The API takes the tie-breaks that take a number (``koya_limit_60``, ``aro_unrated_1000``:
C.07's ``KS/L`` and ``/U``) in a stage's ruleset, shows them in the standings with FIDE's short
names, and refuses a bad number with the field and the reason."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database

from .api_helpers import bearer, call, error_of, event_of


def test_a_stage_takes_a_koya_limit_and_a_rating_for_unrated_players(
    web_client: TestClient, sqlite_db: Database
) -> None:
    me = bearer(sqlite_db, "kasia")
    slug = event_of(sqlite_db, "kasia", "API Koya Limit Open", players=4)
    url = f"/events/{slug}/stages/swiss"
    names = ["koya_limit_60", "koya_limit_minus_1", "aro_cut1_unrated_1000", "rating_unrated_0"]
    ruleset = {"base": "fide", "tiebreaks": names}
    edited = call(web_client, "PATCH", url, me, {"more": {"ruleset": ruleset}})
    assert edited.status_code == 200, edited.text
    shown = call(web_client, "GET", f"/events/{slug}/standings", {})
    assert shown.status_code == 200, shown.text
    columns = [(t["name"], t["short"]) for t in shown.json()["tiebreaks"]]
    assert columns == list(zip(names, ["KS/L60", "KS/L-1", "ARO-C1/U1000", "RTNG/U0"], strict=True))
    bad = {"base": "fide", "tiebreaks": ["buchholz", "koya_limit_120"]}
    refused = call(web_client, "PATCH", url, me, {"more": {"ruleset": bad}})
    error = error_of(refused)
    assert refused.status_code == 422, refused.text
    assert error["code"] == "invalid_stage"
    assert "from 0 to 100, not 120" in error["message"]
    assert error["field"] == "ruleset.tiebreaks.1"
    again = call(web_client, "GET", f"/events/{slug}/standings", {})
    assert [t["name"] for t in again.json()["tiebreaks"]] == names  # nothing changed
