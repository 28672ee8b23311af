"""The audit log as JSON (``fairpair log EVENT --json``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict


class AuditEntry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: int
    at: datetime
    actor: str
    action: str
    """What was done: ``result.report``, ``round.release``, ``player.drop``, ..."""
    subject: str
    before: Any
    after: Any


class AuditLog(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["fairpair-audit-log"] = "fairpair-audit-log"
    event: str
    entries: list[AuditEntry]
