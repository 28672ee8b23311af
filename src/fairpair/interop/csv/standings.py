"""The standings of a stage as CSV, with the columns and the formatting of the standings
table the pages show (``web/standings_table.py``): rank (a playoff's place), player, id,
the title, rating, federation and FIDE id when any player has one (``title``, ``rating``,
``federation``, ``fide_id``), points, each configured tiebreak under its short name
(``OMW%``) as the table writes it (``54.0%``, ``4½``, ``—``; one notation a column:
``engine.points_text``), the record as the game writes it (``W-L-D``: ``2-1-1``,
``engine.record_text``; no record column in chess, whose points are its score), rounds
played, forfeits (once anyone forfeited), and the
status (``withdrawn``, ``advanced``, ``eliminated``; empty otherwise). The rank, rating, FIDE
id, points, tiebreaks, rounds played and forfeits are its numeric columns (``tables.csv_text``:
a plain number there is written as it is; every other cell is guarded against formulas)."""

from __future__ import annotations

from fairpair.engine.record_text import record_formatter, record_heading
from fairpair.engine.standings import Standings
from fairpair.interop.csv.tables import csv_text
from fairpair.responses.player_columns import fact_text, player_columns
from fairpair.responses.values import columns_of, status_text


def standings_csv(standings: Standings) -> str:
    """``standings`` as CSV, one row a player in table order."""
    tiebreaks = standings.tiebreaks
    forfeits = standings.has_forfeits
    columns = columns_of(standings)  # one notation a column, as the pages write it
    heading = record_heading(standings.stage.ruleset)
    record = record_formatter(standings.stage.ruleset)
    playoff = standings.stage.is_playoff
    facts = player_columns(standings)
    header = [
        "rank",
        "player",
        "id",
        *facts,
        "points",
        *(tb.short for tb in tiebreaks),
        *([heading] if heading else []),
        "played",
        *(["forfeits"] if forfeits else []),
        "status",
    ]
    rows: list[list[object]] = []
    status = status_text(standings)
    for row in standings.rows:
        if playoff:
            rank: object = row.place.text if row.place is not None else ""
        else:
            rank = row.rank if row.rank is not None else ""
        rows.append(
            [
                rank,
                row.player.name,
                row.player.id,
                *(fact_text(row.player, f) for f in facts),
                columns.points(row.points),
                *columns.tiebreaks(standings, row),
                *([record(row)] if heading else []),
                row.played,
                *([row.forfeits or ""] if forfeits else []),
                status(row) or "",
            ]
        )
    numeric = {"rank", "rating", "fide_id", "points", *(tb.short for tb in tiebreaks)}
    return csv_text(header, rows, numeric=numeric | {"played", "forfeits"})
