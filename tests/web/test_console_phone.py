"""The console as an app on a phone (issue 32), through HTTP: its manifest and service worker
(a scope of their own), the check-in screen (the one page allowed the camera), the JSON
sync of an entry kept offline (recorded, the same key again, a conflict naming both, a
refusal — each as JSON, nothing recorded twice), and the one-tap result of the table list
(``quick``) without JavaScript."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from fairpair.engine.results import Result, Side
from fairpair.service.kernel.audit import audit_log
from fairpair.service.kernel.connection import Database
from fairpair.service.results import recording as results
from fairpair.service.rounds import lifecycle as rounds

from .helpers import csrf, log_in, post
from .test_console_results import started


def test_the_manifest_and_the_service_worker(web_client: TestClient) -> None:
    manifest = web_client.get("/console.webmanifest")
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    data = manifest.json()
    assert (data["start_url"], data["scope"], data["display"]) == (
        "/console",
        "/console",
        "fullscreen",
    )
    for icon in data["icons"]:
        assert web_client.get(icon["src"]).status_code == 200
    worker = web_client.get("/console-sw.js")
    assert worker.headers["service-worker-allowed"] == "/console"
    assert "text/javascript" in worker.headers["content-type"]


def test_only_the_check_in_screen_may_use_the_camera(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = started(sqlite_db, "Camera Open")
    log_in(web_client, "olga")
    screen = web_client.get(f"/console/{slug}/checkin")
    assert screen.status_code == 200 and 'id="code-form"' in screen.text
    assert "camera=(self)" in screen.headers["permissions-policy"]
    assert "camera=()" in web_client.get(f"/console/{slug}/results").headers["permissions-policy"]
    refused = post(web_client, f"/console/{slug}/checkin", {"code": "K7Q"})
    assert refused.status_code == 409 and "8 letters and digits" in refused.text


def _sync(client: TestClient, slug: str, body: object) -> tuple[int, dict[str, object]]:
    answer = client.post(
        f"/console/{slug}/results/sync",
        content=json.dumps(body),
        headers={"x-csrftoken": csrf(client), "content-type": "application/json"},
    )
    return answer.status_code, answer.json()


def test_an_entry_kept_offline_is_recorded_once(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = started(sqlite_db, "Sync Open")
    log_in(web_client, "olga")
    view = rounds.round_view(sqlite_db, slug, 1)
    entry = {"key": "k-0000000001", "stage": "swiss", "round": 1, "table": 1, "result": "2-1"}
    status, first = _sync(web_client, slug, entry)
    assert status == 201 and first["state"] == "recorded" and not first["repeated"]
    status, again = _sync(web_client, slug, entry)
    assert status == 200 and again["repeated"] and again["text"] == first["text"]
    reports = [e for e in audit_log(sqlite_db, slug).entries if e.action == "result.report"]
    assert len(reports) == 1

    second = view.tables[1]
    results.report(sqlite_db, slug, 1, Result.win(Side.B), table=second.table, actor="desk")
    status, clash = _sync(web_client, slug, {**entry, "key": "k-0000000002", "table": 2})
    assert status == 409 and clash["state"] == "conflict"
    assert str(clash["recorded"]).endswith("(by desk)") and clash["version"] == 1
    status, fixed = _sync(
        web_client,
        slug,
        {**entry, "key": "k-0000000002", "table": 2, "action": "replace", "version": 1},
    )
    assert status == 200 and "corrected" in str(fixed["message"])
    correction = audit_log(sqlite_db, slug).entries[-1]
    assert correction.action == "result.correct"
    assert correction.after["reason"] == "entered on a phone while offline"

    status, refused = _sync(web_client, slug, {**entry, "key": "k-0000000003", "table": 99})
    assert status == 404 and refused["state"] == "refused" and "99" in str(refused["message"])
    status, broken = _sync(web_client, slug, ["not", "an", "entry"])
    assert status == 422 and broken["state"] == "refused"

    # the page's language: what the queue shows under each entry is said in it
    web_client.cookies.set("fairpair_lang", "es")
    status, third = _sync(web_client, slug, {**entry, "key": "k-0000000004", "table": 3})
    assert status == 201 and str(third["message"]).startswith("Mesa 3: ")
    assert third["message"] == "Mesa 3: gana Player 5 2-1 — registrado."
    status, repeat = _sync(web_client, slug, {**entry, "key": "k-0000000004", "table": 3})
    assert "esta entrada ya había llegado al servidor" in str(repeat["message"])


def test_a_one_tap_result_without_javascript(web_client: TestClient, sqlite_db: Database) -> None:
    slug = started(sqlite_db, "Quick Open")
    log_in(web_client, "olga")
    page = web_client.get(f"/console/{slug}/results")
    assert 'name="quick" value="1 2-1"' in page.text and 'id="table-list"' in page.text
    answer = post(web_client, f"/console/{slug}/results", {"round": "1", "quick": "1 2-1"})
    assert answer.status_code == 303
    assert rounds.round_view(sqlite_db, slug, 1).tables[0].result
