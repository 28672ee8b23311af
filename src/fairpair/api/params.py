"""The query and path parameters the API's routes share, with their limits."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path, Query

Slug = Annotated[str, Path(max_length=80, description="The event's slug.")]
StageQuery = Annotated[
    str | None,
    Query(max_length=80, description="The stage's id (default: the stage the action means)."),
]
RoundNumber = Annotated[int, Path(ge=1, le=10_000, description="The round's number.")]
TableNumber = Annotated[int, Path(ge=1, le=100_000, description="The table's number.")]
PlayerKey = Annotated[str, Path(max_length=80, description="The player's id.")]
StageKey = Annotated[str, Path(max_length=80, description="The stage's id.")]
