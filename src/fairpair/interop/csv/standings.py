"""The standings of a stage as CSV, with the columns and the formatting of the standings
table the pages show (``web/standings_table.py``): rank (a playoff's place), player, id,
the title, rating, federation and FIDE id when any player has one (``title``, ``rating``,
``federation``, ``fide_id``), points, each configured tiebreak under its short name
(``OMW%``) as the table writes it (``54.0%``, ``4½``, ``—``), the record (``W-L``, or
``W-D-L`` once a match was drawn), rounds played, forfeits (once anyone forfeited), and the
status (``withdrawn``, ``advanced``, ``eliminated``; empty otherwise)."""

from __future__ import annotations

from fairpair.engine.points_text import points_text
from fairpair.engine.standings import Standings
from fairpair.interop.csv.tables import csv_text
from fairpair.responses.player_columns import fact_text, player_columns
from fairpair.responses.values import display, status_of


def standings_csv(standings: Standings) -> str:
    """``standings`` as CSV, one row a player in table order."""
    tiebreaks = standings.tiebreaks
    draws, forfeits = standings.has_draws, standings.has_forfeits
    playoff = standings.stage.is_playoff
    facts = player_columns(standings)
    header = [
        "rank",
        "player",
        "id",
        *facts,
        "points",
        *(tb.short for tb in tiebreaks),
        "W-D-L" if draws else "W-L",
        "played",
        *(["forfeits"] if forfeits else []),
        "status",
    ]
    rows: list[list[object]] = []
    for row in standings.rows:
        if playoff:
            rank: object = row.place.text if row.place is not None else ""
        else:
            rank = row.rank if row.rank is not None else ""
        record = f"{row.wins}-{row.draws}-{row.losses}" if draws else f"{row.wins}-{row.losses}"
        rows.append(
            [
                rank,
                row.player.name,
                row.player.id,
                *(fact_text(row.player, f) for f in facts),
                points_text(row.points),
                *(display(v, tb) for tb, v in zip(tiebreaks, row.tiebreaks, strict=True)),
                record,
                row.played,
                *([row.forfeits or ""] if forfeits else []),
                status_of(standings, row) or "",
            ]
        )
    return csv_text(header, rows)
