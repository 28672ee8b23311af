"""The standings response as plain JSON data (``standings_payload``): what ``fairpair
standings --json`` prints, with no pydantic import, and what ``responses.standings`` validates
into its model for the HTTP API. A test checks that both give the same JSON."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import call
from typing import Any, TypeVar

from fairpair.engine.record_text import record_formatter, record_heading
from fairpair.engine.standings import Standings, StandingsRow
from fairpair.engine.tiebreaks import Tiebreak, Value
from fairpair.responses.values import (
    columns_of,
    complete_through,
    decimal,
    display,
    exact_text,
    rounds_up_to,
    status_text,
)


def standings_payload(
    standings: Standings, tournament_name: str, rows: slice | None = None
) -> dict[str, Any]:
    """The standings response as plain JSON data, in the shape of
    ``responses.standings.StandingsResponse`` (``fairpair standings --json`` writes it as it
    is, without pydantic; the HTTP API validates it into the model). ``rows``: only those
    rows (a page of a big table; the ranks are the whole table's)."""
    payload, rows_data = standings_parts(standings, tournament_name)
    payload["rows"] = rows_data(standings.rows if rows is None else standings.rows[rows])
    return payload


def standings_parts(
    standings: Standings, tournament_name: str
) -> tuple[dict[str, Any], Callable[[Sequence[StandingsRow]], list[dict[str, Any]]]]:
    """``standings_payload`` in two parts: the payload with its ``rows`` empty, and what makes
    the data of some of the standings' rows (the command line writes a big table's rows a
    part at a time)."""
    tiebreaks = standings.tiebreaks
    record = record_formatter(standings.stage.ruleset)
    in_decimals = columns_of(standings).tiebreaks_in_decimals  # one notation a column
    counted = rounds_up_to(standings.stage, standings.after_round)
    names = [tb.name for tb in tiebreaks]
    cells = _cells(standings, in_decimals)
    point_cell = _memo(lambda v: (decimal(v), exact_text(v)))
    status = status_text(standings)

    def rows_data(rows: Sequence[StandingsRow]) -> list[dict[str, Any]]:
        return [
            {
                "rank": row.rank,
                "player": {"id": row.player.id, "name": row.player.name},
                "points": points[0],
                "points_exact": points[1],
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
                "status": status(row),
                "place": row.place.text if row.place is not None else None,
                "tiebreaks": dict(zip(names, map(call, cells, row.tiebreaks), strict=True)),
            }
            for row in rows
            for points in (point_cell(row.points),)
        ]

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
        "rows": [],
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
    return payload, rows_data


V = TypeVar("V")
#: A tiebreak cell: ``{"value": float | int | None, "exact": str | None, "display": str}``.
Cell = dict[str, Any]


def _memo(make: Callable[[Any], V]) -> Callable[[Any], V]:
    """``make``, remembering its answer for each value: a column of 10,000 rows holds a few
    dozen points values and a few thousand tiebreak values, each written once. A value is
    looked up by its exact ratio (hashing a ``Fraction`` costs ten times a tuple's)."""
    seen: dict[tuple[int, int] | None, V] = {}

    def made(value: Any) -> V:
        key = None if value is None else value.as_integer_ratio()
        found = seen.get(key)
        if found is None:
            found = seen[key] = make(value)
        return found

    return made


def _cells(standings: Standings, in_decimals: Sequence[bool]) -> list[Callable[[Value], Cell]]:
    """Each tiebreak column's cell of a value: value, exact fraction and display text, made
    once per distinct value of the column (``_memo``) and shared by the rows that hold it (the
    payload is written, never changed)."""

    def column(tb: Tiebreak, dec: bool) -> Callable[[Value], Cell]:
        def cell(v: Value) -> Cell:
            if v is None:
                return {"value": None, "exact": None, "display": display(v, tb, dec)}
            return {"value": decimal(v), "exact": exact_text(v), "display": display(v, tb, dec)}

        return _memo(cell)

    return [column(tb, dec) for tb, dec in zip(standings.tiebreaks, in_decimals, strict=True)]
