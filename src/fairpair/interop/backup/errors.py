"""The one refusal of a backup file: it names the field (a JSON path, ``audit_log[3].at``)
and the reason."""

from __future__ import annotations

from fairpair.engine.errors import FairpairError


class InvalidBackup(FairpairError):
    """Not a fairpair backup, a version newer than this fairpair, or a damaged file."""

    code = "invalid_backup"
