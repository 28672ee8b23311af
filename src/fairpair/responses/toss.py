"""The Toss table response: ``fairpair toss --json`` now, the HTTP API later.

Documented in docs/toss.md ("The Toss table as JSON"); JSON Schema in
docs/schemas/toss-table.schema.json.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from fairpair.engine.toss import TossEntry, TossRow, TossTable
from fairpair.engine.tournament import Tournament

Tag = Literal["T", "-", "B", "?"]


class _Response(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class StageToss(_Response):
    enabled: bool
    policy: str
    applies: bool = Field(description="True when the stage is a Swiss with the toss on.")


class StageRef(_Response):
    id: str
    name: str
    format: str
    toss: StageToss


class EmptyCell(_Response):
    """A round the player was not in."""

    round: int
    tag: None = None


class TossCell(_Response):
    round: int
    tag: Tag
    opponent: str | None
    reason: str | None = Field(description="The toss's reason; null for a bye or no toss.")
    manual: bool
    counted: bool = Field(description="False for byes, no toss, and matches not played.")


class TossPlayer(_Response):
    id: str
    name: str
    rounds: list[TossCell | EmptyCell]
    toss_wins: int
    matches: int
    rate: float | None = Field(description="A percentage rounded to 0.1; null before a match.")
    balance: int
    balance_class: Literal["ok", "warn", "alert"]
    manual: int


class TossTableResponse(_Response):
    """Who played first in each round of a stage, toss wins, rate and balance."""

    model_config = ConfigDict(title="fairpair toss table")

    tournament: str
    stage: StageRef
    rounds: list[int]
    max_abs_balance: int
    players: list[TossPlayer]


def rate_percent(row: TossRow) -> float | None:
    """The rate as a percentage rounded to 0.1 (display only; the engine keeps a Fraction)."""
    rate = row.rate
    return None if rate is None else round(float(rate * 100), 1)


def _cell(number: int, entry: TossEntry | None) -> dict[str, Any]:
    if entry is None:
        return {"round": number, "tag": None}
    return {
        "round": number,
        "tag": entry.tag.value,
        "opponent": entry.opponent,
        "reason": entry.reason.value if entry.reason is not None else None,
        "manual": entry.manual,
        "counted": entry.counted,
    }


def toss_response(table: TossTable, tournament: Tournament) -> TossTableResponse:
    """The response of ``toss``: built as plain data, validated once into the model."""
    stage = table.stage
    payload = {
        "tournament": tournament.name,
        "stage": {
            "id": stage.id,
            "name": stage.name,
            "format": stage.format.value,
            "toss": {
                "enabled": stage.toss.enabled,
                "policy": stage.toss.policy.value,
                "applies": table.enabled,
            },
        },
        "rounds": list(table.rounds),
        "max_abs_balance": table.max_abs_balance,
        "players": [
            {
                "id": row.player.id,
                "name": row.player.name,
                "rounds": [_cell(n, c) for n, c in zip(table.rounds, row.cells, strict=True)],
                "toss_wins": row.wins,
                "matches": row.matches,
                "rate": rate_percent(row),
                "balance": row.balance,
                "balance_class": row.balance_class.value,
                "manual": row.manual,
            }
            for row in table.rows
        ],
    }
    return TossTableResponse.model_validate(payload)
