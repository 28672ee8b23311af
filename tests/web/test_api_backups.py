"""Backup and restore through the API: the owner's backup, restored by an organizer as a new
event they own; a judge may not back up; a damaged backup is refused naming the field."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database

from .api_helpers import bearer, call, error_of, event_of, staff


def test_backup_and_restore_through_the_api(web_client: TestClient, sqlite_db: Database) -> None:
    owner = bearer(sqlite_db, "olga")
    judge = bearer(sqlite_db, "judy")
    slug = event_of(sqlite_db, "olga", "API Backup")
    staff(sqlite_db, slug, "judy", "judge")
    assert call(web_client, "GET", f"/events/{slug}/backup", judge).status_code == 403
    got = call(web_client, "GET", f"/events/{slug}/backup", owner)
    assert got.status_code == 200, got.text
    backup = got.json()
    assert backup["version"] == 1 and len(backup["players"]) == 8

    made = call(web_client, "POST", "/events/restore?slug=api-copy", judge, backup)
    assert made.status_code == 201, made.text
    assert made.json()["slug"] == "api-copy" and len(made.json()["players"]) == 8
    log = call(web_client, "GET", "/events/api-copy/log", judge)
    assert log.status_code == 200 and log.json()["entries"][-1]["action"] == "event.restore"

    backup["audit_log"][0]["at"] = "not a time"
    bad = call(web_client, "POST", "/events/restore", judge, backup)
    assert bad.status_code == 422
    assert error_of(bad)["code"] == "invalid_backup"
    assert error_of(bad)["field"] == "audit_log[0].at"
