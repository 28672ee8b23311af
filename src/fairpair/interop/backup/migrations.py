"""Forward migration of older backups: one pure function a version (``vN`` → ``vN+1``),
applied in a chain until the file is the current version.

Version 1 is the first published version. Version 0 is the shape of the pre-release
backups (``{"fairpair_backup": 0, "tournament": …, "contacts": {…}, "log": […]}``); it is
kept as the chain's first step and its test, so that the machinery is proven before a
version 2 needs it. To add version N+1: write ``_vN_to_vN1``, add it to ``STEPS``, raise
``CURRENT_VERSION``, and change ``model.py`` to the new shape.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fairpair.interop.backup.errors import InvalidBackup

FORMAT = "fairpair-backup"
CURRENT_VERSION = 1
Data = dict[str, Any]


def _v0_to_v1(old: Data) -> Data:
    """v0 → v1: ``tournament`` became ``document``, ``contacts`` (id → handle) became
    ``players``, ``log`` (``time``/``who``/``what``) became ``audit_log``
    (``at``/``actor``/``action``), and the envelope gained ``format``, ``version`` and
    ``event``."""
    document = old.get("tournament")
    contacts = old.get("contacts") or {}
    if not isinstance(contacts, dict):
        raise InvalidBackup("contacts", "must be an object (player id → contact)")
    log = old.get("log") or []
    if not isinstance(log, list):
        raise InvalidBackup("log", "must be a list of entries")
    entries = []
    for i, entry in enumerate(log):
        if not isinstance(entry, dict):
            raise InvalidBackup(f"log[{i}]", "must be an object")
        entries.append(
            {
                "at": entry.get("time"),
                "actor": entry.get("who"),
                "action": entry.get("what"),
                "subject": entry.get("subject", ""),
                "before": entry.get("before"),
                "after": entry.get("after"),
            }
        )
    name = document.get("name") if isinstance(document, dict) else None
    return {
        "format": FORMAT,
        "version": 1,
        "event": {"slug": None, "name": name if isinstance(name, str) else ""},
        "document": document,
        "players": [{"id": k, "contact": v} for k, v in contacts.items()],
        "audit_log": entries,
    }


#: Each step takes a file of version N to version N+1.
STEPS: dict[int, Callable[[Data], Data]] = {0: _v0_to_v1}


def version_of(data: Data) -> int:
    """The version of backup ``data``; ``InvalidBackup`` naming ``format`` or ``version``
    when it is not a fairpair backup."""
    if "format" not in data and "fairpair_backup" in data:
        old = data["fairpair_backup"]
        if old != 0:
            raise InvalidBackup("fairpair_backup", f"{old!r} is not a backup version")
        return 0
    if data.get("format") != FORMAT:
        given = data.get("format")
        why = "is missing" if given is None else f"is {given!r}"
        raise InvalidBackup("format", f"{why}: not a fairpair backup (it says {FORMAT!r})")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise InvalidBackup("version", f"{version!r} is not a version number")
    return version


def migrated(data: Data) -> tuple[Data, int]:
    """``data`` brought to the current version, and the version it was written in.

    Refuses a version newer than this fairpair knows (upgrade fairpair to read it)."""
    version = first = version_of(data)
    if version > CURRENT_VERSION:
        raise InvalidBackup(
            "version",
            f"version {version} is newer than this fairpair reads (up to {CURRENT_VERSION}): "
            "upgrade fairpair to restore it",
        )
    while version < CURRENT_VERSION:
        data = STEPS[version](data)
        version += 1
    return data, first
