"""The backup file of a saved event (docs/backup.md): one JSON object with a ``format`` and a
``version``, holding the tournament document, what the document cannot hold (contacts,
check-in and registration times, round dates and notes, the portal's settings) and the whole
audit log. Older versions are migrated forward, one pure step a version
(``migrations.py``); a newer version than this fairpair knows is refused."""

from fairpair.interop.backup.errors import InvalidBackup
from fairpair.interop.backup.migrations import CURRENT_VERSION, FORMAT, migrated
from fairpair.interop.backup.model import (
    Backup,
    BackupAuditEntry,
    BackupEvent,
    BackupPlayer,
    BackupPortal,
    BackupRound,
    BackupSource,
)
from fairpair.interop.backup.read import ReadBackup, parse_backup
from fairpair.interop.backup.write import dump_backup

__all__ = [
    "CURRENT_VERSION",
    "FORMAT",
    "Backup",
    "BackupAuditEntry",
    "BackupEvent",
    "BackupPlayer",
    "BackupPortal",
    "BackupRound",
    "BackupSource",
    "InvalidBackup",
    "ReadBackup",
    "dump_backup",
    "migrated",
    "parse_backup",
]
