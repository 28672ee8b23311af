"""The players' own API calls need a valid pass of the event: no pass, a forged one, a
revoked one and another event's are all refused as ``not_joined`` and change nothing; the
holder of a valid pass reports and the opponent confirms, audited under their names."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.kernel.audit import audit_log
from fairpair.service.kernel.connection import Database
from fairpair.service.players.passes import revoke_player_tokens
from self_report_events import pairs, reporting_event

from .player_passes import bearer, pass_of

BODY = {"won": 2, "lost": 1, "drawn": 0}


def _refused(answer: object) -> None:
    assert answer.status_code == 401, answer.text  # type: ignore[attr-defined]
    error = answer.json()["error"]  # type: ignore[attr-defined]
    assert error["code"] == "not_joined" and "join the event first" in error["message"]


def test_only_a_valid_pass_of_this_event_reports(
    web_client: TestClient, sqlite_db: Database
) -> None:
    db = sqlite_db
    slug = reporting_event(db, "Pass Check")
    other = reporting_event(db, "Elsewhere")
    first = pairs(db, slug)[0]
    url = f"/api/v1/events/{slug}/me/report"
    revoked = pass_of(db, slug, first.a)
    revoke_player_tokens(db, slug, first.a, actor="td")
    before = len(audit_log(db, slug).entries)
    for headers in (
        bearer("fpp_not-a-real-pass"),
        bearer(revoked),
        bearer(pass_of(db, other, pairs(db, other)[0].a)),
    ):
        _refused(web_client.post(url, json=BODY, headers=headers))
        _refused(web_client.get(url, headers=headers))
    for headers in ({}, {"cookie": "fairpair_player=forged.signature"}):
        _refused(web_client.get(url, headers=headers))
        # a form or JSON post without a bearer token meets the CSRF check first
        assert web_client.post(url, json=BODY, headers=headers).status_code in (401, 403)
    assert len(audit_log(db, slug).entries) == before

    mine = pass_of(db, slug, first.a)
    made = web_client.post(url, json=BODY, headers=bearer(mine))
    assert made.status_code == 201 and made.json()["state"] == "pending", made.text
    done = web_client.post(
        f"/api/v1/events/{slug}/me/confirm", json={}, headers=bearer(pass_of(db, slug, first.b))
    )
    assert done.status_code == 200 and done.json()["state"] == "confirmed", done.text
    actions = {e.action: e.actor for e in audit_log(db, slug).entries}
    assert actions["self_report.report"] != actions["self_report.confirm"]
    assert {actions["self_report.report"], actions["self_report.confirm"]} <= {
        e.actor for e in audit_log(db, slug).entries if e.action.startswith("self_report")
    }
