"""CSV exports of a saved event: the pairings of a round, the standings of a stage, every
result, the players — read at one moment (``unit.reading``) and written by
``fairpair.interop.csv``."""

from __future__ import annotations

from fairpair.engine.standings import compute_standings
from fairpair.interop.csv import CsvTable, pairings_csv, players_csv, results_csv, standings_csv
from fairpair.service.event.events import export_event
from fairpair.store.database import Database


def event_csv(
    db: Database,
    slug: str,
    table: CsvTable,
    *,
    stage: str | None = None,
    round_number: int | None = None,
) -> str:
    """Event ``slug``'s ``table`` as CSV text. ``stage``: the stage of the pairings or the
    standings (default: the last); ``round_number``: the pairings' round (default: the
    latest), or the round the standings are after (default: every round)."""
    tournament = export_event(db, slug)
    if table is CsvTable.PAIRINGS:
        return pairings_csv(tournament, stage, round_number)
    if table is CsvTable.STANDINGS:
        return standings_csv(compute_standings(tournament, tournament.stage(stage), round_number))
    if table is CsvTable.PLAYERS:
        return players_csv(tournament)
    return results_csv(tournament)


def csv_file_name(slug: str, table: CsvTable, round_number: int | None = None) -> str:
    """The name a download of ``table`` gets: ``friday-night-pairings-r3.csv``."""
    tail = (
        f"-r{round_number}"
        if round_number is not None and table in (CsvTable.PAIRINGS, CsvTable.STANDINGS)
        else ""
    )
    return f"{slug}-{table.value}{tail}.csv"
