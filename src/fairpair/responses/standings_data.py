"""The standings response as plain JSON data (``standings_payload``): what ``fairpair
standings --json`` prints, with no pydantic import, and what ``responses.standings`` validates
into its model for the HTTP API. A test checks that both give the same JSON."""

from __future__ import annotations

from typing import Any

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


def standings_payload(
    standings: Standings, tournament_name: str, rows: slice | None = None
) -> dict[str, Any]:
    """The standings response as plain JSON data, in the shape of
    ``responses.standings.StandingsResponse`` (``fairpair standings --json`` writes it as it
    is, without pydantic; the HTTP API validates it into the model). ``rows``: only those
    rows (a page of a big table; the ranks are the whole table's)."""
    tiebreaks = standings.tiebreaks
    record = record_formatter(standings.stage.ruleset)
    in_decimals = columns_of(standings).tiebreaks_in_decimals  # one notation a column
    counted = rounds_up_to(standings.stage, standings.after_round)
    return {
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
