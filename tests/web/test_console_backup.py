"""Backup and restore on the web (issue 12, point 5): the owner's backup download, the
"Restore an event" form (a new event the organizer owns, its log kept), and a damaged file
refused naming the field with nothing created. Also the console's CSV import shows every
problem and, once imported, the warnings."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from fairpair.service.accounts import staff
from fairpair.service.accounts.staff import Role, role_of
from fairpair.service.event import events
from fairpair.service.event.demo import create_demo
from fairpair.service.kernel import audit
from fairpair.service.kernel.connection import Database

from .helpers import account, csrf, log_in, post


def _restore(client: TestClient, body: bytes, slug: str = "") -> object:
    return client.post(
        "/console/events/restore",
        data={"csrftoken": csrf(client), "restore_slug": slug},
        files={"file": ("backup.json", body, "application/json")},
        follow_redirects=False,
    )


def test_the_owner_downloads_a_backup_and_an_organizer_restores_it(
    sqlite_db: Database, web_client: TestClient
) -> None:
    olga = account(sqlite_db, "olga")
    judy = account(sqlite_db, "judy")
    slug = create_demo(sqlite_db, owner=olga.id)
    staff.grant(sqlite_db, slug, "judy", "judge", actor="olga")

    log_in(web_client, "judy")
    assert web_client.get(f"/console/{slug}/backup").status_code == 403
    assert 'id="backup-download"' not in web_client.get(f"/console/{slug}").text
    post(web_client, "/logout")

    log_in(web_client, "olga")
    assert 'id="backup-download"' in web_client.get(f"/console/{slug}").text
    got = web_client.get(f"/console/{slug}/backup")
    assert got.status_code == 200
    assert got.headers["content-disposition"] == f'attachment; filename="{slug}-backup.json"'
    backup = json.loads(got.content)
    assert backup["format"] == "fairpair-backup" and backup["version"] == 1
    post(web_client, "/logout")

    log_in(web_client, "judy")  # an organizer: restores it as her own new event
    assert 'id="restore-form"' in web_client.get("/console").text
    done = _restore(web_client, got.content, "judys-copy")
    assert done.status_code == 303  # type: ignore[attr-defined]
    assert done.headers["location"] == "/console/judys-copy"  # type: ignore[attr-defined]
    assert role_of(sqlite_db, "judys-copy", judy) is Role.OWNER
    assert role_of(sqlite_db, "judys-copy", olga) is None  # staff are not in a backup
    log = audit.audit_log(sqlite_db, "judys-copy").entries
    assert len(log) == len(backup["audit_log"]) + 1
    assert log[-1].action == "event.restore" and log[-1].actor == "judy"


def test_a_damaged_backup_is_refused_naming_the_field_and_nothing_is_created(
    sqlite_db: Database, web_client: TestClient
) -> None:
    account(sqlite_db, "olga")
    log_in(web_client, "olga")
    before = len(events.list_events(sqlite_db).events)
    bad = {"format": "fairpair-backup", "version": 9, "event": {}, "document": {}}
    refused = _restore(web_client, json.dumps(bad).encode())
    assert refused.status_code == 422  # type: ignore[attr-defined]
    assert "version: version 9 is newer than this fairpair reads" in refused.text  # type: ignore[attr-defined]
    broken = _restore(web_client, b'{"format": "fairpair-backup", "version": 1, "event": {')
    assert broken.status_code == 422  # type: ignore[attr-defined]
    assert "not valid JSON" in broken.text  # type: ignore[attr-defined]
    assert len(events.list_events(sqlite_db).events) == before


def test_the_console_import_lists_every_problem_then_the_warnings(
    sqlite_db: Database, web_client: TestClient
) -> None:
    olga = account(sqlite_db, "olga")
    slug = events.create_event(sqlite_db, "Warned", actor="olga", owner=olga.id)
    log_in(web_client, "olga")

    def upload(text: str) -> object:
        return web_client.post(
            f"/console/{slug}/players/import",
            data={"csrftoken": csrf(web_client)},
            files={"file": ("p.csv", text.encode(), "text/csv")},
            follow_redirects=False,
        )

    bad = upload("Player;Seed #\nAnn;x\nBo;y\n")
    assert bad.status_code == 422  # type: ignore[attr-defined]
    for line in ("p.csv line 2, column Seed #", "p.csv line 3, column Seed #"):
        assert line in bad.text  # type: ignore[attr-defined]
    warned = upload("\ufeffPlayer;Seed #\nAnn;1\nAnn;\n")
    assert warned.status_code == 200  # type: ignore[attr-defined]
    assert 'id="import-warnings"' in warned.text  # type: ignore[attr-defined]
    assert "both are imported" in warned.text  # type: ignore[attr-defined]
