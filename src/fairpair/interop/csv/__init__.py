"""CSV exports of a tournament (a saved event's or a document's): the pairings of a round,
the standings of a stage, every result, and the players. Plain functions of the engine's
``Tournament`` and ``Standings`` returning UTF-8 text with the ``csv`` module's quoting; see
docs/csv.md."""

from fairpair.interop.csv.pairings import pairings_csv
from fairpair.interop.csv.players import players_csv
from fairpair.interop.csv.results import results_csv
from fairpair.interop.csv.standings import standings_csv
from fairpair.interop.csv.tables import CsvTable

__all__ = ["CsvTable", "pairings_csv", "players_csv", "results_csv", "standings_csv"]
