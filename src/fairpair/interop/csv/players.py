"""The players of an event as CSV, in registration order, with the columns the players CSV
import reads back (``service.players.csv_columns``): name, id, seed, rating, team, and the
chess facts title, federation, fide_id, sex, birth_date. Contacts are not in it (they are
for staff's eyes on the Players tab)."""

from __future__ import annotations

from fairpair.engine.tournament import Tournament
from fairpair.interop.csv.tables import csv_text

HEADER = (
    "name",
    "id",
    "seed",
    "rating",
    "team",
    "title",
    "federation",
    "fide_id",
    "sex",
    "birth_date",
)


def players_csv(tournament: Tournament) -> str:
    """Every registered player of ``tournament``, one row each."""
    rows = [[getattr(p, column) for column in HEADER] for p in tournament.players]
    return csv_text(HEADER, rows, numeric=("seed", "rating", "fide_id"))
