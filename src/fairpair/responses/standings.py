"""The standings response: ``fairpair standings --json`` now, the HTTP API later.

The shape is documented in docs/cli.md ("Standings") and published as a JSON Schema in
docs/schemas/standings.schema.json. ``points`` and ``value`` are decimals with up to 10
places; ``points_exact`` and ``exact`` the exact fractions ("27/50", "8"). Percent tiebreaks
are fractions of 1 (0.54 is 54%).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from fairpair.engine.record_text import record_formatter, record_heading
from fairpair.engine.standings import Standings
from fairpair.responses.values import (
    columns_of,
    complete_through,
    decimal,
    display,
    exact_text,
    rounds_up_to,
    status_of,
)

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
    """The response of ``standings``: built as plain data, validated once into the model
    (pydantic's validator builds the nested models faster than Python constructors).
    ``rows``: only those rows (a page of a big table; the ranks are the whole table's)."""
    tiebreaks = standings.tiebreaks
    record = record_formatter(standings.stage.ruleset)
    in_decimals = columns_of(standings).tiebreaks_in_decimals  # one notation a column
    counted = rounds_up_to(standings.stage, standings.after_round)
    payload = {
        "tournament": tournament_name,
        "stage": standings.stage.id,
        "ruleset": standings.stage.ruleset.name,
        "after_round": standings.after_round,
        "tiebreaks": [
            {
                "name": tb.name,
                "label": tb.label,
                "short": tb.short,
                "kind": tb.kind.value,
                "higher_is_better": tb.higher_is_better,
            }
            for tb in tiebreaks
        ],
        "record_heading": record_heading(standings.stage.ruleset),
        "rows": [
            {
                "rank": row.rank,
                "player": {"id": row.player.id, "name": row.player.name},
                "points": decimal(row.points),
                "points_exact": exact_text(row.points),
                "record": {
                    "wins": row.wins,
                    "draws": row.draws,
                    "losses": row.losses,
                    "text": record(row),
                },
                "played": row.played,
                "byes": row.byes,
                "forfeits": row.forfeits,
                "dropped_after": row.dropped_after,
                "status": status_of(standings, row),
                "place": row.place.text if row.place is not None else None,
                "tiebreaks": {
                    tb.name: {
                        "value": None if v is None else decimal(v),
                        "exact": None if v is None else exact_text(v),
                        "display": display(v, tb, dec),
                    }
                    for tb, v, dec in zip(tiebreaks, row.tiebreaks, in_decimals, strict=True)
                },
            }
            for row in (standings.rows if rows is None else standings.rows[rows])
        ],
        "complete_through": complete_through(counted),
        "rounds_in_progress": [
            {
                "round": r.number,
                "results_in": len(r.tables) - r.outstanding,
                "tables": len(r.tables),
            }
            for r in counted
            if not r.is_complete
        ],
    }
    return StandingsResponse.model_validate(payload)
