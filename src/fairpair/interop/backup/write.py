"""Writing a backup: its JSON text, 2-space indented, UTF-8 (not escaped)."""

from __future__ import annotations

import json

from fairpair.interop.backup.model import Backup


def dump_backup(backup: Backup) -> str:
    """The JSON text of ``backup`` (its fields in the model's order)."""
    return json.dumps(backup.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
