"""The result entry contract other clients (and benchmarks/web.py) rely on:
``POST /api/v1/events/{slug}/results`` ``{"round", "table", "result"}`` → 201 with the
recorded match; ``PUT`` with a reason corrects it; the refusals the CLI gets, as JSON."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.kernel.audit import audit_log
from fairpair.service.kernel.connection import Database
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.lifecycle import round_view

from .api_helpers import bearer, call, client, error_of, event_of, staff

__all__ = ["client"]  # the fixture, on both databases


def _open_round(db: Database, owner: str, name: str) -> str:
    slug = event_of(db, owner, name)
    drafts.generate(db, slug, actor=owner)
    rounds.release(db, slug, actor=owner)
    rounds.open_round(db, slug, 1, actor=owner)
    return slug


def test_report_answers_201_with_the_recorded_match(client: TestClient, db: Database) -> None:
    me = bearer(db, "ulla")
    slug = _open_round(db, "ulla", "API Results Open")
    table = round_view(db, slug, 1).tables[1]
    answer = call(
        client, "POST", f"/events/{slug}/results", me, {"round": 1, "table": 2, "result": "2-1"}
    )
    assert answer.status_code == 201, answer.text
    assert answer.json() == {
        "event": slug,
        "round": 1,
        "table": 2,
        "match": table.id,
        "a": table.a.id,
        "b": table.b.id,
        "result": f"{table.a.name} wins 2-1",
        "version": 1,
    }
    entry = audit_log(db, slug).entries[-1]
    assert entry.action == "result.report" and entry.actor == "ulla (api)"


def test_a_second_report_is_told_what_is_recorded(client: TestClient, db: Database) -> None:
    me = bearer(db, "vera")
    slug = _open_round(db, "vera", "API Twice Open")
    body = {"round": 1, "table": 1, "result": "a-wins", "stage": "swiss"}
    assert call(client, "POST", f"/events/{slug}/results", me, body).status_code == 201
    again = call(client, "POST", f"/events/{slug}/results", me, {**body, "result": "0-2"})
    assert again.status_code == 409
    error = error_of(again)
    assert error["code"] == "already_recorded" and "already has a result" in error["message"]


def test_correction_with_a_reason(client: TestClient, db: Database) -> None:
    me = bearer(db, "wilma")
    slug = _open_round(db, "wilma", "API Correction Open")
    call(client, "POST", f"/events/{slug}/results", me, {"round": 1, "table": 3, "result": "2-0"})
    fixed = call(
        client,
        "PUT",
        f"/events/{slug}/results",
        me,
        {"round": 1, "table": 3, "result": "1-2", "reason": "slip was misread"},
    )
    assert fixed.status_code == 200, fixed.text
    assert fixed.json()["version"] == 2 and "wins 2-1" in fixed.json()["result"]
    entry = audit_log(db, slug).entries[-1]
    assert entry.action == "result.correct" and entry.after["reason"] == "slip was misread"
    stale = call(
        client,
        "PUT",
        f"/events/{slug}/results",
        me,
        {"round": 1, "table": 3, "result": "2-0", "reason": "x", "version": 1},
    )
    assert stale.status_code == 409 and error_of(stale)["code"] == "stale_version"


def test_refusals_as_json(client: TestClient, db: Database) -> None:
    me = bearer(db, "xena")
    slug = _open_round(db, "xena", "API Refusal Open")
    url = f"/events/{slug}/results"
    bad = call(client, "POST", url, me, {"round": 1, "table": 1, "result": "banana"})
    assert bad.status_code == 400
    assert error_of(bad)["code"] == "bad_value" and error_of(bad)["field"] == "result"
    impossible = call(client, "POST", url, me, {"round": 1, "table": 1, "result": "5-0"})
    assert impossible.status_code == 422 and error_of(impossible)["code"] == "invalid_result"
    no_table = call(client, "POST", url, me, {"round": 1, "table": 99, "result": "2-0"})
    assert no_table.status_code == 404 and error_of(no_table)["code"] == "unknown_table"
    no_round = call(client, "POST", url, me, {"round": 7, "table": 1, "result": "2-0"})
    assert no_round.status_code == 404 and error_of(no_round)["code"] == "unknown_round"
    missing = call(client, "POST", url, me, {"round": 1, "result": "2-0"})
    assert missing.status_code == 422
    assert error_of(missing)["code"] == "invalid_request" and error_of(missing)["field"] == "table"
    huge = call(client, "POST", url, me, {"round": 1, "table": 1, "result": "2" * 500})
    assert huge.status_code == 422 and error_of(huge)["field"] == "result"


def test_roles_for_results(client: TestClient, db: Database) -> None:
    bearer(db, "yuri")
    judge = bearer(db, "zola", organizer=False)
    viewer = bearer(db, "abel", organizer=False)
    slug = _open_round(db, "yuri", "API Roles Open")
    staff(db, slug, "zola", "judge")
    staff(db, slug, "abel", "viewer")
    url = f"/events/{slug}/results"
    seen = call(client, "POST", url, viewer, {"round": 1, "table": 1, "result": "2-0"})
    assert seen.status_code == 403 and error_of(seen)["code"] == "not_allowed"
    anonymous = call(client, "POST", url, {}, {"round": 1, "table": 1, "result": "2-0"})
    assert anonymous.status_code == 401 and error_of(anonymous)["code"] == "not_logged_in"
    done = call(client, "POST", url, judge, {"round": 1, "table": 1, "result": "2-0"})
    assert done.status_code == 201, done.text
    assert call(client, "GET", f"/events/{slug}/log", viewer).status_code == 200
    assert call(client, "GET", f"/events/{slug}/log", {}).status_code == 401


def test_an_idempotency_key_sent_again_gets_the_first_answer(
    client: TestClient, db: Database
) -> None:
    """Issue 32: a client's retry with the same ``Idempotency-Key`` records nothing twice; a
    different result recorded meanwhile is a conflict naming both."""
    me = bearer(db, "ilse")
    slug = _open_round(db, "ilse", "API Key Open")
    keyed = {**me, "idempotency-key": "retry-0001-abcdef"}
    body = {"round": 1, "table": 1, "result": "2-1"}
    first = call(client, "POST", f"/events/{slug}/results", keyed, body)
    again = call(client, "POST", f"/events/{slug}/results", keyed, body)
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    reports = [e for e in audit_log(db, slug).entries if e.action == "result.report"]
    assert len(reports) == 1
    other = {**me, "idempotency-key": "retry-0002-abcdef"}
    clash = call(client, "POST", f"/events/{slug}/results", other, {**body, "result": "0-2"})
    assert clash.status_code == 409
    error = error_of(clash)
    assert "a different one" in error["message"] and "this entry said" in error["message"]
    bad = call(client, "POST", f"/events/{slug}/results", {**me, "idempotency-key": "x y"}, body)
    assert error_of(bad)["code"] == "refused" and error_of(bad)["field"] == "key"
