"""The standings response: ``fairpair standings --json`` now, the HTTP API later.

The shape is documented in docs/cli.md ("Standings") and published as a JSON Schema in
docs/schemas/standings.schema.json. ``points`` and ``value`` are decimals with up to 10
places; ``points_exact`` and ``exact`` the exact fractions ("27/50", "8"). Percent tiebreaks
are fractions of 1 (0.54 is 54%).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from fairpair.engine.standings import Standings
from fairpair.responses.standings_data import standings_payload as standings_payload

Number = int | float
Status = Literal["withdrawn", "advanced", "eliminated"]
Kind = Literal["points", "percent", "count", "rating", "seed", "random"]


class _Response(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TiebreakColumn(_Response):
    name: str = Field(description="The registry name, e.g. `omw`.")
    label: str
    short: str = Field(description="The column header, e.g. `OMW%`.")
    kind: Kind
    higher_is_better: bool


class PlayerRef(_Response):
    id: str
    name: str


class Record(_Response):
    wins: int
    draws: int
    losses: int
    text: str = Field(
        description='As the game writes it (``engine.record_text``): wins-losses-draws, "2-1-1", '
        "always three numbers; a chess ruleset (scored 1/½/0) writes points out of rounds "
        'played, "2½/4".'
    )


class TiebreakValue(_Response):
    value: Number | None = Field(description="A decimal (10 places); null when it does not apply.")
    exact: str | None = Field(description='The exact fraction, "27/50"; null when not applicable.')
    display: str = Field(
        description='As a person reads it: "54.0%", "4½", "—" — one notation a column: when '
        "a value of the column is neither whole nor a half, every value reads as a decimal "
        'with two places ("10.75", "10.50").'
    )


class StandingsRow(_Response):
    rank: int | None = Field(
        description="Null for a dropped player, and for a player still in a playoff "
        "(single or double elimination: the rank is the first place of the range)."
    )
    player: PlayerRef
    points: Number
    points_exact: str
    record: Record
    played: int = Field(description="Rounds played, byes included.")
    byes: int
    forfeits: int
    dropped_after: int | None
    status: Status | None
    place: str | None = Field(
        description='A playoff stage: the final place from the bracket ("1", "3–4", "5–8") '
        "once decided; null while the player is still in, and in other formats."
    )
    tiebreaks: dict[str, TiebreakValue]


class RoundInProgress(_Response):
    round: int
    results_in: int = Field(description="Tables of the round with a result.")
    tables: int


class StandingsResponse(_Response):
    """Standings of one stage: points, then the tiebreaks in order; ties share a rank."""

    model_config = ConfigDict(title="fairpair standings")

    tournament: str
    stage: str
    ruleset: str
    after_round: int
    tiebreaks: list[TiebreakColumn]
    record_heading: str | None = Field(
        description='The heading of the record column ("W-L-D"); null for a chess ruleset, '
        "whose record is its score (the points)."
    )
    rows: list[StandingsRow]
    complete_through: int = Field(
        description="The last round up to which every result is in (`after_round` is the last "
        "round counted, which may still miss results)."
    )
    rounds_in_progress: list[RoundInProgress] = Field(
        description="Rounds counted in these standings that still miss results."
    )


def standings_response(
    standings: Standings, tournament_name: str, rows: slice | None = None
) -> StandingsResponse:
    """The response of ``standings``: built as plain data (``standings_payload``), validated
    once into the model (pydantic's validator builds the nested models faster than Python
    constructors). ``rows``: only those rows (a page of a big table; the ranks are the whole
    table's)."""
    return StandingsResponse.model_validate(standings_payload(standings, tournament_name, rows))
