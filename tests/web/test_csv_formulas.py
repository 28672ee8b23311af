"""CSV formula injection (issue 33, point 1): players named as spreadsheet formulas —
``=HYPERLINK(...)``, ``=cmd|' /C calc'!A0``, ``+1``, ``-2``, ``@SUM(1)`` — reach every CSV
fairpair writes (the public pairings and standings, the console's pairings, standings,
results and players, a league's leaderboard on the web and the command line, ``fairpair
export --format csv`` of each table) and not one cell of any of them starts a formula; the
players CSV reads back the names as they were registered."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cli_runner import CliRunner
from fairpair.cli.app import app as cli_app
from fairpair.engine.results import Side
from fairpair.interop.csv import CsvTable
from fairpair.interop.csv.tables import FORMULA_STARTS, PLAIN_NUMBER, csv_text, unguarded
from fairpair.service.accounts.logins import Account
from fairpair.service.communities.communities import attach_event, create_community
from fairpair.service.event import events
from fairpair.service.event.csv_exports import event_csv
from fairpair.service.kernel.connection import Database
from fairpair.service.leagues.leagues import create_league
from fairpair.service.players import roster
from fairpair.service.players.csv_import import import_players_csv
from fairpair.service.players.registration import NewPlayer

from .helpers import account, log_in
from .swiss_events import ACTOR, play_round, swiss_event

FORMULAS = ['=HYPERLINK("http://x","y")', "=cmd|' /C calc'!A0", "+1", "-2", "@SUM(1)"]
#: The columns of each table whose cells may be plain numbers (``-12``: not a formula).
NUMERIC = {
    "rank",
    "round",
    "table",
    "seed",
    "rating",
    "fide_id",
    "points",
    "played",
    "forfeits",
    "Rank",
    "Points",
    "Events played",
    "Events counted",
    "Wins",
    "Losses",
    "Draws",
}
#: A leaderboard's column of one event's points: "Formula Night (2026-05-01)".
EVENT_COLUMN = re.compile(r".+ \(\d{4}-\d{2}-\d{2}\)")


def formula_cells(text: str, numeric: set[str]) -> list[str]:
    """Every cell of CSV ``text`` a spreadsheet would run as a formula (a plain number in a
    numeric column is a number, not a formula)."""
    rows = list(csv.reader(io.StringIO(text, newline="")))
    header = rows[0]
    found = []
    for row in rows:
        for i, cell in enumerate(row):
            column = header[i] if row is not header and i < len(header) else ""
            if not cell.startswith(FORMULA_STARTS):
                continue
            number = column in numeric or EVENT_COLUMN.fullmatch(column)
            if number and PLAIN_NUMBER.fullmatch(cell):
                continue
            found.append(cell)
    return found


def guarded_names(text: str) -> set[str]:
    return {
        cell
        for row in csv.reader(io.StringIO(text, newline=""))
        for cell in row
        if cell.startswith("'")
    }


def formula_players(db: Database, name: str, owner: Account | None = None) -> str:
    """A Swiss event of Ann and the five players named as formulas (in that order)."""
    slug = swiss_event(db, name, ["Ann"], owner=owner)
    roster.add_players(db, slug, [NewPlayer(f) for f in FORMULAS], actor=ACTOR)
    return slug


@pytest.fixture
def formula_event(sqlite_db: Database) -> str:
    owner = account(sqlite_db, "olga")
    slug = formula_players(sqlite_db, "Formula Night", owner)
    play_round(sqlite_db, slug)
    play_round(sqlite_db, slug, winner=lambda m: Side.B)
    return slug


def test_the_writer_guards_text_and_keeps_numbers() -> None:
    text = csv_text(
        ["player", "points", "=head"],
        [["=1+1", "-12", "x"], ["-2", -3, None], ["@a", "-1+cmd", "\tx"], ["Ann", "+1½", "1"]],
        numeric={"points"},
    )
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0] == ["player", "points", "'=head"]
    assert rows[1] == ["'=1+1", "-12", "x"]  # a plain number in a numeric column stays
    assert rows[2] == ["'-2", "-3", ""]  # a name is never numeric
    assert rows[3] == ["'@a", "'-1+cmd", "'\tx"]  # not a plain number: guarded anyway
    assert rows[4] == ["Ann", "+1½", "1"]
    assert [unguarded(c) for c in rows[3]] == ["@a", "-1+cmd", "\tx"]
    assert unguarded("'quoted") == "'quoted" and unguarded("'") == "'"


def test_no_csv_on_the_web_holds_a_formula(
    sqlite_db: Database, web_client: TestClient, formula_event: str
) -> None:
    slug = formula_event
    downloads = {
        "public pairings": f"/e/{slug}/pairings.csv",
        "public pairings round 1": f"/e/{slug}/pairings.csv?round=1",
        "public standings": f"/e/{slug}/standings.csv",
    }
    for name, url in downloads.items():
        got = web_client.get(url)
        assert got.status_code == 200, name
        assert formula_cells(got.text, NUMERIC) == [], name
        assert {f"'{f}" for f in FORMULAS} <= guarded_names(got.text), name
    log_in(web_client, "olga")
    for table in ("pairings", "standings", "results", "players"):
        got = web_client.get(f"/console/{slug}/csv/{table}")
        assert got.status_code == 200, table
        assert formula_cells(got.text, NUMERIC) == [], table
        assert {f"'{f}" for f in FORMULAS} <= guarded_names(got.text), table

    club = create_community(sqlite_db, "Formula Club", actor=ACTOR, slug="formula-club")
    attach_event(sqlite_db, club, slug, actor=ACTOR)
    create_league(sqlite_db, club, "=Season", actor=ACTOR, key="season", events=[slug])
    board = web_client.get(f"/c/{club}/leagues/season/leaderboard.csv")
    assert board.status_code == 200
    assert formula_cells(board.text, NUMERIC) == []
    assert {f"'{f}" for f in FORMULAS} <= guarded_names(board.text)


def test_the_players_csv_reads_back_the_names_as_registered(
    sqlite_db: Database, formula_event: str
) -> None:
    text = event_csv(sqlite_db, formula_event, CsvTable.PLAYERS)
    again = events.create_event(sqlite_db, "Formula Again", actor=ACTOR)
    import_players_csv(sqlite_db, again, text, actor=ACTOR)
    names = [p.name for p in events.export_event(sqlite_db, again).players]
    assert names == ["Ann", *FORMULAS]


def test_no_csv_the_command_line_writes_holds_a_formula(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    db = Database.open(url)
    slug = formula_players(db, "Formula Cli")
    play_round(db, slug)
    club = create_community(db, "Cli Club", actor=ACTOR, slug="cli-club")
    attach_event(db, club, slug, actor=ACTOR)
    create_league(db, club, "Season", actor=ACTOR, key="season", events=[slug])
    db.close()
    runner = CliRunner()
    outputs = {}
    for table in ("pairings", "standings", "results", "players"):
        out = tmp_path / f"{table}.csv"
        done = runner.invoke(
            cli_app,
            ["export", slug, "--format", "csv", "--table", table, "-o", str(out), "--db", url],
        )
        assert done.exit_code == 0, done.output
        outputs[table] = out.read_text(encoding="utf-8")
    board = tmp_path / "board.csv"
    done = runner.invoke(
        cli_app, ["league", "csv", club, "season", "--out", str(board), "--db", url]
    )
    assert done.exit_code == 0, done.output
    outputs["leaderboard"] = board.read_text(encoding="utf-8")
    for name, text in outputs.items():
        assert formula_cells(text, NUMERIC) == [], name
        assert {f"'{f}" for f in FORMULAS} <= guarded_names(text), name
