"""A league's leaderboard as a CSV file (a spreadsheet, the store's own website): rank,
player, points, events played and counted, the season's match record, then one column per
event with the league points it gave — in parentheses when best N dropped it, empty when the
player was not there. Written by ``interop.csv.tables.csv_text``, the one CSV writer (names
and event names guarded against spreadsheet formulas; the points columns numeric)."""

from __future__ import annotations

from fairpair.engine.points_text import points_text
from fairpair.interop.csv.tables import csv_text
from fairpair.service.leagues.board import LeagueBoard, league_board
from fairpair.store.database import Database


def leaderboard_rows(found: LeagueBoard) -> list[list[str]]:
    """The CSV's rows, its header first."""
    events = found.league.events
    header = ["Rank", "Player", "Key", "Points", "Events played", "Events counted", "Wins",
              "Losses", "Draws", *(f"{e.name} ({e.day.isoformat()})" for e in events)]  # fmt: skip
    out = [header]
    for row in found.board.rows:
        by_event = {s.event: s for s in row.scores}
        cells = []
        for event in events:
            score = by_event.get(event.slug)
            if score is None:
                cells.append("")
            else:
                text = points_text(score.points)
                cells.append(text if score.counted else f"({text})")
        out.append(
            [str(row.rank), row.name, row.person, points_text(row.points), str(row.played),
             str(row.counted), str(row.wins), str(row.losses), str(row.draws), *cells]
        )  # fmt: skip
    return out


def leaderboard_csv(db: Database, community: str, key: str) -> str:
    """League ``key``'s leaderboard as CSV text."""
    header, *rows = leaderboard_rows(league_board(db, community, key))
    # the rank, the points, the counts and each event's points ("(3)" when dropped) are numbers
    return csv_text(header, rows, numeric={header[0], *header[3:]})
