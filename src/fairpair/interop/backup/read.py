"""Reading a backup: JSON → the version's migrations → the current shape (pydantic) → the
tournament document (its own reader) → the references between them. Every refusal is an
``InvalidBackup`` naming the field and the reason; nothing is written while reading."""

from __future__ import annotations

import json
from dataclasses import dataclass

from pydantic import ValidationError

from fairpair.engine.errors import FairpairError, path_text
from fairpair.engine.tournament import Tournament
from fairpair.interop.backup.errors import InvalidBackup
from fairpair.interop.backup.migrations import migrated
from fairpair.interop.backup.model import Backup
from fairpair.interop.document import parse_document

#: The largest backup read (a backup is a document plus its log: the document's own limit).
MAX_BACKUP_BYTES = 1 << 30


@dataclass(frozen=True, slots=True)
class ReadBackup:
    """A backup read and checked: its current-version content, its tournament, and the
    version the file was written in (older ones were migrated)."""

    backup: Backup
    tournament: Tournament
    version_read: int


def _reason(item: dict[str, object]) -> str:
    if item["type"] == "extra_forbidden":
        return "is not a field of a backup (check the spelling; see docs/backup.md)"
    if item["type"] == "missing":
        return "is required"
    return str(item["msg"]).removeprefix("Value error, ")


def parse_backup(raw: bytes | str, source: str = "(file)") -> ReadBackup:
    """The backup in ``raw`` (UTF-8, a byte order mark allowed), checked; ``InvalidBackup``
    naming the field when it is damaged, not a backup, or newer than this fairpair."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_BACKUP_BYTES:
            raise InvalidBackup(source, f"is larger than {MAX_BACKUP_BYTES >> 20} MB")
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise InvalidBackup(source, f"is not UTF-8 text (byte {error.start + 1})") from None
    try:
        data = json.loads(raw.removeprefix("\ufeff"))
    except json.JSONDecodeError as error:
        where = f"{source}:{error.lineno}:{error.colno}"
        raise InvalidBackup(where, f"not valid JSON: {error.msg} (a damaged file?)") from None
    except (ValueError, RecursionError):
        raise InvalidBackup(source, "not valid JSON (nested too deeply or a huge number)") from None
    if not isinstance(data, dict):
        raise InvalidBackup(source, "must be a JSON object (a fairpair backup)")
    current, version = migrated(data)
    try:
        backup = Backup.model_validate(current)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        where = path_text(tuple(first["loc"])) or "(backup)"
        more = f" (and {error.error_count() - 1} more)" if error.error_count() > 1 else ""
        raise InvalidBackup(where, _reason(dict(first)) + more) from None
    try:
        tournament = parse_document(backup.document)
    except FairpairError as error:
        where = f"document.{error.where}" if error.where != "(document)" else "document"
        raise InvalidBackup(where, error.reason) from None
    _check_references(backup, tournament)
    return ReadBackup(backup, tournament, version)


def _check_references(backup: Backup, tournament: Tournament) -> None:
    """Every player and round the backup describes is one of the document's, once."""
    ids = {p.id for p in tournament.players}
    seen: set[str] = set()
    for i, player in enumerate(backup.players):
        if player.id not in ids:
            raise InvalidBackup(
                f"players[{i}].id", f"{player.id!r} is not a player of the document"
            )
        if player.id in seen:
            raise InvalidBackup(f"players[{i}].id", f"{player.id!r} is listed twice")
        seen.add(player.id)
    rounds = {(s.id, r.number) for s in tournament.stages for r in s.rounds}
    done: set[tuple[str, int]] = set()
    for i, rnd in enumerate(backup.rounds):
        key = (rnd.stage, rnd.number)
        if key not in rounds:
            raise InvalidBackup(
                f"rounds[{i}]", f"the document has no round {rnd.number} in stage {rnd.stage!r}"
            )
        if key in done:
            raise InvalidBackup(
                f"rounds[{i}]", f"round {rnd.number} of {rnd.stage!r} is listed twice"
            )
        done.add(key)
