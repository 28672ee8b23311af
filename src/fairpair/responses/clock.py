"""A round's timer as JSON: ``fairpair round clock EVENT --json`` and
``/api/v1/events/{slug}/rounds/{number}/clock`` answer the same model."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class RoundClockView(BaseModel):
    """Round ``round`` of stage ``stage``'s timer at moment ``at``: ``running`` (time up at
    ``ends_at``), ``paused`` (``left_seconds`` kept), or ``off`` (none started, or the round is
    not In Progress: the timer runs only then). ``left_seconds``: what the big screen shows
    at ``at`` (0 when time is up)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["fairpair-round-clock"] = "fairpair-round-clock"
    event: str
    stage: str
    round: int
    round_state: Literal["scheduled", "open", "completed"] | None = Field(
        description="The round's state (the timer runs while it is open)."
    )
    state: Literal["running", "paused", "off"]
    ends_at: datetime | None
    left_seconds: int | None
    at: datetime
