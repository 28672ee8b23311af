"""A saved event's private draft (``fairpair round draft EVENT --json``; the HTTP API later):
the pairing draft's tables, byes and notes, plus who made it, its warnings and the moves made
by hand."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer


class SavedDraft(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["fairpair-saved-draft"] = "fairpair-saved-draft"
    stage: str
    round: int
    made_by: str
    made_at: datetime
    version: int
    private: bool
    """Always true: a draft is not public; players see nothing until it is released."""
    pairings: list[dict[str, Any]]
    """Each table as in the pairing draft (docs/schemas/pairing-draft.schema.json)."""
    byes: list[dict[str, Any]]
    notes: list[dict[str, Any]]
    warnings: list[str]
    """Rematches and forbidden pairs, one sentence each; release shows them before it happens."""
    moves: list[str]
    pods: list[dict[str, Any]] = Field(default_factory=list)
    """A pod stage's tables, as in the pairing draft's ``pods`` (absent for two-player
    stages)."""
    repeat_pairing: bool = Field(
        default=False,
        description="No rematch-free draw exists: the draft pairs players who met before "
        "(a forced rematch, a forced repeat pod-mate), and once released the round is "
        'labelled "Repeat pairing" (docs/pairing.md#repeat-pairing).',
    )

    @model_serializer(mode="wrap")
    def _without_empty_pods(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if not data.get("pods"):
            data.pop("pods", None)
        return data
