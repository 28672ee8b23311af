"""Backup and restore of a whole saved event (issue 12, point 5), on SQLite and PostgreSQL:
backup → restore → backup is the same content but for what docs/backup.md lists; an older
(version 0) file is migrated forward; a newer version, a damaged file or a taken slug is
refused naming the field, and a restore that fails half-way writes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from fairpair.interop.backup import InvalidBackup, dump_backup, parse_backup
from fairpair.interop.document import dump_document
from fairpair.service.event import backups, events
from fairpair.service.event.demo import create_demo
from fairpair.service.kernel import audit
from fairpair.service.players import portal_settings as portal
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds import clock
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database

from .helpers import refused, snapshot

ACTOR = "keeper"


def _comparable(text: str) -> dict[str, Any]:
    """A backup without what a restore changes by design (docs/backup.md)."""
    data: dict[str, Any] = json.loads(text)
    data.pop("written_at")
    data["event"].pop("slug")
    data["event"].pop("created_at")
    return data


def _demo(db: Database) -> str:
    slug = create_demo(db, actor=ACTOR)
    players.check_in(db, slug, ["aiko-tanaka"], actor=ACTOR)
    return slug


def test_backup_restore_backup_gives_the_same_content(db: Database) -> None:
    slug = _demo(db)
    portal.set_portal(db, slug, checkin_open=True, confirm_minutes=7, actor=ACTOR)
    first = dump_backup(backups.backup_event(db, slug))
    read = parse_backup(first.encode())
    assert read.version_read == 1
    restored = backups.restore_event(db, read, actor=ACTOR)
    assert restored == f"{slug}-2"  # the backup's slug is taken: the next free one
    second = dump_backup(backups.backup_event(db, restored))

    a, b = _comparable(first), _comparable(second)
    assert b["audit_log"][:-1] == a["audit_log"]
    last = b["audit_log"][-1]
    assert last["action"] == "event.restore" and last["actor"] == ACTOR
    assert last["after"]["restored_from"] == slug
    assert last["after"]["restored_audit_entries"] == len(a["audit_log"])
    b["audit_log"].pop()
    assert a == b
    assert a["portal"]["checkin_open"] is True and a["portal"]["confirm_minutes"] == 7
    assert any(p["checked_in_at"] for p in a["players"])
    assert dump_document(events.export_event(db, restored)) == dump_document(
        events.export_event(db, slug)
    )


def test_restore_takes_the_slug_asked_for_or_refuses_a_taken_one(db: Database) -> None:
    slug = _demo(db)
    read = parse_backup(dump_backup(backups.backup_event(db, slug)))
    assert backups.restore_event(db, read, actor=ACTOR, slug="copy") == "copy"
    refused(
        db,
        "event_exists",
        "'copy' exists already",
        call=lambda: backups.restore_event(db, read, actor=ACTOR, slug="copy"),
    )


def test_a_restore_that_fails_half_way_writes_nothing(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    slug = _demo(db)
    read = parse_backup(dump_backup(backups.backup_event(db, slug)))

    def broken(*_: object) -> None:
        raise RuntimeError("the disk is gone")

    monkeypatch.setattr(backups, "_restore_rounds", broken)  # after the event and players
    before = snapshot(db)
    with pytest.raises(RuntimeError):
        backups.restore_event(db, read, actor=ACTOR)
    assert snapshot(db) == before


def _version_0(document: dict[str, Any]) -> dict[str, Any]:
    """A backup as the pre-release version 0 wrote it (docs/backup.md "Versions")."""
    return {
        "fairpair_backup": 0,
        "tournament": document,
        "contacts": {document["players"][0]["id"]: "ann#0001"},
        "log": [
            {"time": "2025-05-01T18:00:00Z", "who": "td", "what": "event.import", "subject": "x"},
            {
                "time": "2025-05-01T18:05:00+02:00",
                "who": "td",
                "what": "player.checkin",
                "subject": document["players"][0]["id"],
            },
        ],
    }


def test_a_version_0_backup_is_migrated_forward_and_restored(db: Database) -> None:
    slug = _demo(db)
    document = json.loads(dump_document(events.export_event(db, slug)))
    read = parse_backup(json.dumps(_version_0(document)))
    assert read.version_read == 0 and read.backup.version == 1
    restored = backups.restore_event(db, read, actor=ACTOR)
    assert restored == "saturday-modern-open-demo-2"  # no slug in v0: made from the name
    shown = events.show_event(db, restored)
    assert shown.players[0].contact == "ann#0001"
    log = audit.audit_log(db, restored).entries
    assert [e.action for e in log] == ["event.import", "player.checkin", "event.restore"]
    assert log[1].at == datetime(2025, 5, 1, 16, 5, tzinfo=UTC)
    assert log[2].after["backup_version"] == 0


def _mangled(db: Database, change: Callable[[dict[str, Any]], None]) -> str:
    slug = events.create_event(db, "Small", actor=ACTOR)
    players.add_players(db, slug, [NewPlayer("Ann", id="ann")], actor=ACTOR)
    data = json.loads(dump_backup(backups.backup_event(db, slug)))
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "where", "words"),
    [
        (lambda d: d.update(version=2), "version", "newer than this fairpair reads (up to 1)"),
        (lambda d: d.update(format="trf"), "format", "not a fairpair backup"),
        (lambda d: d.pop("format"), "format", "is missing"),
        (lambda d: d["audit_log"][0].update(at="yesterday"), "audit_log[0].at", "datetime"),
        (lambda d: d["audit_log"][0].pop("actor"), "audit_log[0].actor", "is required"),
        (lambda d: d["players"][0].update(id="bo"), "players[0].id", "not a player"),
        (lambda d: d["players"][0].update(shoe=1), "players[0].shoe", "not a field"),
        (lambda d: d["document"]["players"][0].pop("name"), "document.players[0].name", "required"),
        (lambda d: d["portal"].update(confirm_minutes=-1), "portal.confirm_minutes", "greater"),
    ],
)
def test_a_damaged_or_newer_backup_is_refused_naming_the_field(
    db: Database, change: Callable[[dict[str, Any]], None], where: str, words: str
) -> None:
    text = _mangled(db, change)
    with pytest.raises(InvalidBackup) as caught:
        parse_backup(text)
    assert caught.value.where == where
    assert words in caught.value.reason


@pytest.mark.parametrize(
    ("raw", "words"),
    [(b'{"format": "fairpair-backup", "version": 1', "not valid JSON"), (b"[]", "JSON object")],
)
def test_a_file_that_is_not_a_backup_is_refused(raw: bytes, words: str) -> None:
    with pytest.raises(InvalidBackup, match=words):
        parse_backup(raw)


def test_round_dates_survive_a_restore(db: Database) -> None:
    slug = _demo(db)
    starts = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)
    rounds.set_dates(db, slug, 4, starts_at=starts, ends_at=None, actor=ACTOR)
    read = parse_backup(dump_backup(backups.backup_event(db, slug)))
    restored = backups.restore_event(db, read, actor=ACTOR)
    again = backups.backup_event(db, restored)
    assert [r.starts_at for r in again.rounds if r.number == 4] == [starts]


def test_an_event_imported_from_trf_exports_the_same_file_after_a_restore(db: Database) -> None:
    """The TRF file's layout (its header lines, how each line was written) is in the backup:
    the restored event exports the imported file byte for byte, as the original does."""
    from pathlib import Path

    from fairpair.interop.trf import load_trf
    from fairpair.service.event.trf import export_trf, import_trf

    path = Path(__file__).parents[1] / "data" / "trf" / "tec-example.trf"
    slug = import_trf(db, load_trf(path), actor=ACTOR, slug="trf-event")
    assert export_trf(db, slug) == path.read_bytes()
    text = dump_backup(backups.backup_event(db, slug))
    restored = backups.restore_event(db, parse_backup(text.encode()), actor=ACTOR, slug="again")
    assert export_trf(db, restored) == path.read_bytes()


def test_a_backup_keeps_the_round_timer_running_or_paused(db: Database) -> None:
    slug = create_demo(db, actor=ACTOR)  # round 4 is In Progress
    clock.start_clock(db, slug, 4, minutes=50, actor=ACTOR)
    running = clock.round_clock(db, slug, 4)
    assert running is not None and running.state == "running"
    copy = backups.restore_event(
        db, parse_backup(dump_backup(backups.backup_event(db, slug))), actor=ACTOR
    )
    assert clock.round_clock(db, copy, 4) == running  # time up at the same moment

    paused = clock.pause_clock(db, slug, 4, actor=ACTOR)
    text = dump_backup(backups.backup_event(db, slug))
    stored = json.loads(text)["rounds"][3]
    assert stored["clock_left_seconds"] == paused.left_seconds
    assert stored["clock_ends_at"] is None
    again = backups.restore_event(db, parse_backup(text.encode()), actor=ACTOR)
    assert clock.round_clock(db, again, 4) == paused  # the same seconds left, still paused
    assert clock.round_clock(db, again, 3) is None  # a completed round has none

    both = json.loads(text)
    both["rounds"][3]["clock_ends_at"] = "2026-12-05T10:00:00Z"
    with pytest.raises(InvalidBackup, match="not both"):
        parse_backup(json.dumps(both).encode())
