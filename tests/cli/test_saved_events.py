"""The saved-event commands as an organizer runs them: a whole small event from registration to
standings, export and import, against a temporary SQLite database (``--db``); then every bad
input of issue 8 ("Bad input at every command"): its exit code, one ``error:`` line, no
traceback, and nothing changed in the database."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cli_runner import CliRunner
from fairpair.cli.app import app
from fairpair.cli.exit_codes import ExitCode
from fairpair.service.accounts.logins import find_account
from fairpair.service.accounts.staff import roles_of
from fairpair.service.kernel.connection import Database

runner = CliRunner()

CSV = (
    "name,id,seed,rating,team\n"
    "Ann Lee,ann,1,1800,Red\n"
    "Bo Chen,bo,2,1700,\n"
    "Cy Dale,,3,,\n"
    "Di Eve,,4,1500,Blue\n"
    "Ed Fox,,5,,\n"
    "Flo Gray,,6,,\n"
)

Run = Callable[..., Any]


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'club.sqlite3'}"


@pytest.fixture
def cli(db: str) -> Run:
    """``cli(*args, code=0)``: run ``fairpair ARGS --db URL``; check the exit code."""

    def run(*args: str, code: int = 0) -> Any:
        result = runner.invoke(app, [*args, "--db", db])
        assert result.exit_code == code, (args, result.output)
        assert "Traceback" not in result.output
        return result

    return run


def as_json(result: Any) -> Any:
    return json.loads(result.stdout)


def registered(cli: Run, tmp_path: Path) -> str:
    """An event with seven players checked in (one no-show dropped), round 1 not drafted."""
    made = as_json(cli("event", "new", "Club Night", "--ruleset", "mtg", "--json"))
    slug: str = made["event"]
    players = tmp_path / "players.csv"
    players.write_text(CSV, encoding="utf-8")
    assert "added 6 players" in cli("player", "import", slug, str(players)).stdout
    cli("player", "add", slug, "Gus Hall", "--seed", "7", "--rating", "1200")
    cli("player", "add", slug, "Hal Ives")
    cli("player", "checkin", slug, "ann", "bo", "cy-dale", "di-eve", "ed-fox", "flo-gray")
    cli("player", "checkin", slug, "Gus Hall")
    dropped = as_json(cli("player", "drop", slug, "--no-shows", "--json"))
    assert dropped == {"event": slug, "dropped": ["hal-ives"]}
    return slug


def opened(cli: Run, tmp_path: Path) -> tuple[str, dict[str, Any]]:
    """``registered``, with round 1 released and open; its draft's JSON."""
    slug = registered(cli, tmp_path)
    draft = as_json(cli("round", "generate", slug, "--json"))
    cli("round", "release", slug)
    cli("round", "open", slug, "1")
    return slug, draft


def state(cli: Run, slug: str) -> tuple[str, int]:
    """What the database holds for ``slug``: its document and the audit log's length."""
    document = cli("export", slug).stdout
    entries = len(as_json(cli("log", slug, "--json"))["entries"])
    return document, entries


def test_a_whole_event_from_registration_to_import(cli: Run, tmp_path: Path) -> None:
    slug = registered(cli, tmp_path)
    assert slug == "club-night"
    shown = as_json(cli("event", "show", slug, "--json"))
    assert shown["format"] == "fairpair-event"
    by_id = {p["id"]: p for p in shown["players"]}
    assert by_id["ann"]["team"] == "Red" and by_id["ann"]["rating"] == 1800
    assert by_id["hal-ives"]["dropped_after"] == 0 and not by_id["hal-ives"]["checked_in"]
    assert "dropped before round 1" in cli("event", "show", slug).stdout
    listed = as_json(cli("event", "list", "--json"))
    assert [e["slug"] for e in listed["events"]] == [slug]

    # The draft: private, with its warnings and notes; nothing exists yet.
    draft = as_json(cli("round", "generate", slug, "--json"))
    assert draft["format"] == "fairpair-saved-draft" and draft["private"] is True
    assert draft["round"] == 1 and len(draft["pairings"]) == 3 and len(draft["byes"]) == 1
    view = cli("round", "draft", slug).stdout
    assert (
        "Draft of round 1" in view and "private: no round exists yet, players see nothing" in view
    )
    assert view.index("Warnings") < view.index("Table") < view.index("Why these pairings")
    assert shown["stages"][0]["rounds"] == []
    a = draft["pairings"][0]["a"]["id"]
    b = draft["pairings"][1]["b"]["id"]
    moved = as_json(cli("round", "rearrange", slug, a, b, "--json"))
    assert len(moved["moves"]) == 1 and moved["version"] == 2
    assert {moved["pairings"][0]["a"]["id"], moved["pairings"][1]["b"]["id"]} == {a, b}

    released = cli("round", "release", slug).stdout
    bye = moved["byes"][0]["player"]["name"]
    assert released.startswith("released round 1 of stage swiss: 3 tables, bye: " + bye)
    assert "opened round 1" in cli("round", "open", slug, "1").stdout

    tables = moved["pairings"]
    cli("result", "report", slug, "1", "1", "1-0", "--in-progress")
    first = as_json(cli("result", "report", slug, "1", "1", "2-1", "--json"))
    assert first["table"] == 1 and first["version"] == 1 and "wins 2-1" in first["result"]
    by_player = cli("result", "report", slug, "1", "--player", tables[1]["b"]["id"], "draw")
    assert by_player.stdout.startswith("recorded round 1 table 2: draw")
    cli("result", "report", slug, "1", "3", "b-forfeits")
    fixed = cli("result", "correct", slug, "1", "3", "2-0", "--reason", "typed wrong")
    assert "corrected round 1 table 3" in fixed.stdout and "typed wrong" in fixed.stdout
    assert "completed round 1" in cli("round", "complete", slug, "1").stdout

    # Standings: people's table and the documented JSON.
    table = cli("standings", slug).stdout
    assert "Club Night — Swiss, after round 1 (mtg)" in table
    payload = as_json(cli("standings", slug, "--json"))
    assert payload["after_round"] == 1 and len(payload["rows"]) == 7
    assert "Gus Hall" in cli("toss", "table", slug).stdout

    # Export, import, export: the same document.
    out = tmp_path / "club.json"
    cli("export", slug, "-o", str(out))
    assert out.read_text("utf-8") == cli("export", slug).stdout
    assert as_json(cli("import", str(out), "--json")) == {"event": "club-night-2", "owner": None}
    assert cli("export", "club-night-2").stdout == out.read_text("utf-8")
    again = cli("import", str(out), "--slug", "copy").stdout
    assert "copy" in again
    # The file and the saved event rank alike.
    assert as_json(cli("standings", str(out), "--json")) == payload

    log = as_json(cli("log", slug, "--json"))
    actions = [e["action"] for e in log["entries"]]
    for action in (
        "event.create",
        "player.add",
        "player.checkin",
        "player.drop_no_shows",
        "round.generate",
        "round.rearrange",
        "round.release",
        "round.open",
        "result.games",
        "result.report",
        "result.correct",
        "round.complete",
    ):
        assert action in actions, action
    assert {e["actor"] for e in log["entries"]} == {"tester"}  # $FAIRPAIR_ACTOR (conftest)
    people = cli("log", slug, "--limit", "2").stdout
    assert "round.complete" in people and "event.create" not in people


def test_the_next_rounds_stages_tosses_and_dates(cli: Run, tmp_path: Path) -> None:
    slug, _ = opened(cli, tmp_path)
    for n in (1, 2, 3):
        cli("result", "report", slug, "1", str(n), "2-0")
    cli("round", "complete", slug, "1")
    edited = as_json(
        cli(
            "stage",
            "edit",
            slug,
            "--max-rounds",
            "3",
            "--toss",
            "on",
            "--toss-policy",
            "catch-up",
            "--json",
            "--as",
            "Mia",
        )
    )
    assert edited["settings"]["max_rounds"] == 3
    assert edited["settings"]["toss"] == {"enabled": True, "policy": "catch-up"}
    kept = as_json(cli("stage", "edit", slug, "--set", "prefer_repeat_bye=true", "--json"))
    assert kept["settings"]["toss"]["policy"] == "catch-up"  # other settings stay
    assert (
        "max_rounds"
        not in as_json(cli("stage", "edit", slug, "--max-rounds", "none", "--json"))["settings"]
    )
    cli("round", "generate", slug)
    assert "paired again" in cli("round", "regenerate", slug).stdout
    assert "discarded the draft of round 2" in cli("round", "discard", slug).stdout
    cli("round", "generate", slug)
    cli("round", "release", slug)
    swapped = cli("round", "swap", slug, "2", "ann", "bo")
    assert "in round 2 of stage swiss" in swapped.stdout
    flipped = as_json(cli("toss", "flip", slug, "2", "1", "--json"))
    assert flipped["manual"] is True
    assert "recalculated the tosses of round 2" in cli("toss", "recalc", slug, "2").stdout
    toss = cli("toss", slug).stdout  # `toss EVENT` is `toss table EVENT`
    assert "toss (catch-up)" in toss and "*" in toss
    dated = as_json(
        cli(
            "round",
            "dates",
            slug,
            "2",
            "--start",
            "2026-12-05T10:00",
            "--end",
            "2026-12-05T12:30+01:00",
            "--json",
        )
    )
    assert dated["starts_at"].startswith("2026-12-05T10:00") and dated["ends_at"]
    later = as_json(cli("round", "dates", slug, "2", "--end", "none", "--json"))
    assert later["starts_at"] == dated["starts_at"] and later["ends_at"] is None
    cli("round", "open", slug, "2")
    assert "reverted round 2" in cli("round", "revert", slug, "2").stdout
    assert "deleted round 2" in cli("round", "delete", slug, "2").stdout
    cli("player", "drop", slug, "ann", "--stage", "swiss", "--stage-only", "--reason", "ill")
    assert "reinstated ann" in cli("player", "reinstate", slug, "ann").stdout
    late = cli("player", "add", slug, "Ivy Jay", "--late-byes", "1", "--late-kind", "half")
    assert "late entry" in late.stdout
    added = as_json(
        cli("stage", "add", slug, "--id", "top", "--method", "fold", "--ruleset", "mtg", "--json")
    )
    assert added == {"event": slug, "stage": "top"}
    assert "Stage top (Swiss)" in cli("event", "show", slug).stdout
    actors = {e["actor"] for e in as_json(cli("log", slug, "--json"))["entries"]}
    assert "Mia" in actors


def test_demo_creates_an_event_and_says_where(cli: Run, db: str) -> None:
    made = as_json(cli("demo", "--json"))
    assert set(made) == {"event", "database"} and made["database"] == db
    shown = as_json(cli("event", "show", made["event"], "--json"))
    assert len(shown["players"]) == 40
    rounds = shown["stages"][0]["rounds"]
    assert [r["state"] for r in rounds] == ["completed", "completed", "completed", "open"]
    text = cli("demo").stdout
    assert "Created the demo event saturday-modern-open-demo-2 in " + db in text
    assert "fairpair event show saturday-modern-open-demo-2" in text
    assert json.loads(cli("demo", "--document").stdout)["format"] == "fairpair-tournament"


# -- bad input at every command ---------------------------------------------------------------


def refused(cli: Run, slug: str, args: list[str], code: int, *words: str) -> None:
    """``args`` exit ``code`` with one ``error:`` line naming ``words``; nothing changed."""
    before = state(cli, slug)
    result = cli(*args, code=code)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])
    assert result.stdout == ""
    assert state(cli, slug) == before


def test_bad_input_is_one_line_its_exit_code_and_changes_nothing(cli: Run, tmp_path: Path) -> None:
    slug, draft = opened(cli, tmp_path)
    bye = draft["byes"][0]["player"]["id"]
    refused(cli, slug, ["result", "report", "nope", "1", "1", "2-0"], 7, "no event 'nope'")
    refused(cli, slug, ["player", "drop", slug, "zed"], 7, "no player 'zed'")
    refused(cli, slug, ["player", "checkin", slug, "ann", "zed"], 7, "zed")
    refused(cli, slug, ["result", "report", slug, "1", "--player", bye, "2-0"], 8, "bye")
    refused(cli, slug, ["result", "report", slug, "1", "1", "2-x"], 2, "RESULT", "'2-x'")
    refused(cli, slug, ["result", "report", slug, "1", "1", "3-0"], 5, "games")
    refused(cli, slug, ["result", "report", slug, "1", "9", "2-0"], 7, "no table 9")
    refused(cli, slug, ["result", "report", slug, "7", "1", "2-0"], 7, "no round 7")
    refused(cli, slug, ["round", "open", slug, "1", "--stage", "top"], 7, "no stage 'top'")
    refused(cli, slug, ["round", "generate", slug], 8, "round 1")  # a second live round
    refused(cli, slug, ["round", "complete", slug, "1"], 8, "3")  # results outstanding
    refused(cli, slug, ["round", "dates", slug, "1", "--start", "soon"], 2, "--start", "'soon'")
    refused(cli, slug, ["stage", "edit", slug, "--set", "seed=abc"], 2, "--set")
    refused(cli, slug, ["stage", "edit", slug, "--max-rounds", "x"], 2, "--max-rounds")
    refused(cli, slug, ["event", "new", "Again", "--slug", slug], 9, "exists")
    refused(cli, slug, ["player", "add", slug, "Ann", "--id", "ann"], 8, "'ann'")
    for n in (1, 2, 3):
        cli("result", "report", slug, "1", str(n), "2-1")
    refused(cli, slug, ["result", "report", slug, "1", "2", "0-2"], 9, "already has a result")
    cli("round", "complete", slug, "1")
    refused(cli, slug, ["result", "report", slug, "1", "1", "0-2"], 9, "already has a result")
    refused(cli, slug, ["result", "correct", slug, "1", "1", "clear"], 8, "completed")
    cli("round", "generate", slug)
    cli("player", "drop", slug, "ann")
    refused(cli, slug, ["round", "release", slug], 8, "ann", "withdrew")


def test_a_bad_csv_row_names_its_line_and_column_and_adds_nobody(cli: Run, tmp_path: Path) -> None:
    slug = as_json(cli("event", "new", "Csv", "--json"))["event"]
    cases: dict[str, tuple[int, *tuple[str, ...]]] = {
        "name,seed\nAnn,1\nBo,two\n": (5, "line 3, column seed", "'two'"),
        "name,rank\nAnn,1\n": (5, "line 1", "'rank'"),
        "seed\n1\n": (5, "line 1", "name"),
        "name,seed\nAnn,1\n,2\n": (5, "line 3, column name", "needs a name"),
        "name,id\nAnn,ann\nBo,ann\n": (5, "line 3, column id", "'ann'", "line 2"),
        "name,id\nAnn,a b\n": (5, "line 2, column id", "not a player id"),
        "name,seed\nAnn,1,9\n": (5, "line 2", "3 cells"),
        "name\n": (5, "line 2", "no players"),
    }
    for n, (text, (code, *words)) in enumerate(cases.items()):
        path = tmp_path / f"bad{n}.csv"
        path.write_text(text, encoding="utf-8")
        refused(cli, slug, ["player", "import", slug, str(path)], code, str(path), *words)
    refused(cli, slug, ["player", "import", slug, str(tmp_path / "none.csv")], 3, "none.csv")
    assert as_json(cli("event", "show", slug, "--json"))["players"] == []


def test_errors_with_json_are_one_object_and_the_database_says_why(
    cli: Run, tmp_path: Path
) -> None:
    result = cli("round", "release", "nope", "--json", code=ExitCode.UNKNOWN_NAME)
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "unknown_event" and error["exit_code"] == 7
    down = runner.invoke(app, ["event", "list", "--db", "postgresql://nobody@127.0.0.1:1/x"])
    assert down.exit_code == ExitCode.DATABASE
    assert down.stderr.startswith("error: database: postgresql")
    assert len(down.stderr.splitlines()) == 1
    other = runner.invoke(app, ["event", "list", "--db", "mysql://x/y"])
    assert other.exit_code == ExitCode.DATABASE and "SQLite or PostgreSQL" in other.stderr


def test_every_group_has_help_in_ascii() -> None:
    import importlib

    for group in ("event", "player", "stage", "round", "result", "toss"):
        top = runner.invoke(app, [group, "-h"])
        assert top.exit_code == 0 and top.output.isascii(), group
        module = importlib.import_module(f"fairpair.cli.{group}")
        names = list(module.GROUP.commands)
        assert names and all(name in top.output for name in names), group
        for name in names:
            sub = runner.invoke(app, [group, name, "-h"])
            assert sub.exit_code == 0 and sub.output.isascii(), (group, name)
            assert "{" not in sub.output and "<" not in sub.output, (group, name)


@pytest.mark.slow
def test_as_a_user_runs_it_in_any_encoding(db: str, tmp_path: Path) -> None:
    """Real processes: names that the output cannot hold degrade, nothing crashes."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "TTY_COMPATIBLE": "0"}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "fairpair", *args, "--db", db],
            capture_output=True,
            text=True,
            encoding="ascii",
            env=env,
            check=False,
            timeout=60,
        )

    made = run("event", "new", "Café Night", "--json")
    assert made.returncode == 0, made.stderr
    slug = json.loads(made.stdout)["event"]
    assert slug == "cafe-night"
    control = run("player", "add", slug, "Chloé \x1b[31mRed")
    assert control.returncode == 8 and "control codes" in control.stderr
    # a text-direction override could make a name pass for another: refused, named
    hidden = run("player", "add", slug, "Chloé \u202eRed")
    assert hidden.returncode == 8 and "Traceback" not in hidden.stderr
    assert run("player", "add", slug, "Chloé Red").returncode == 0
    assert run("player", "add", slug, "Zoë").returncode == 0
    shown = run("event", "show", slug)
    assert shown.returncode == 0 and "Chlo" in shown.stdout and "Red" in shown.stdout
    assert json.loads(run("event", "show", slug, "--json").stdout)["players"][1]["name"] == "Zoë"
    exported = run("export", slug)
    assert json.loads(exported.stdout)["players"][0]["name"].startswith("Chloé")
    bad = run("result", "report", slug, "1", "1", "2-1")
    assert bad.returncode == ExitCode.UNKNOWN_NAME and "Traceback" not in bad.stderr


def test_the_draft_lists_a_forced_rematch_before_its_tables(cli: Run) -> None:
    cli("event", "new", "Two", "--slug", "two")
    cli("player", "add", "two", "Ann")
    cli("player", "add", "two", "Bo")
    cli("round", "generate", "two")
    cli("round", "release", "two")
    cli("round", "open", "two", "1")
    cli("result", "report", "two", "1", "1", "2-0")
    cli("round", "complete", "two", "1")
    draft = as_json(cli("round", "generate", "two", "--json"))
    assert len(draft["warnings"]) == 1 and "rematch" in draft["warnings"][0]
    view = cli("round", "draft", "two").stdout
    assert "Warnings (1):" in view and "forced rematch" in view
    assert view.index("have met before") < view.index("Table") < view.index("Forced rematch")


def test_a_document_command_never_imports_the_database(seed_001_path: Path, db: str) -> None:
    """The document commands import neither the database nor the service; a command on a
    saved event in SQLite does not import PostgreSQL's driver."""
    probe = (
        "import atexit, json, sys\n"
        "atexit.register(lambda: sys.stderr.write('\\nMODULES ' + json.dumps(list(sys.modules))))\n"
        "sys.argv = ['fairpair', *sys.argv[1:]]\n"
        "from fairpair.cli.app import main\n"
        "main()\n"
    )

    def modules(*args: str) -> set[str]:
        done = subprocess.run(
            [sys.executable, "-c", probe, *args],
            capture_output=True,
            text=True,
            env={**os.environ, "TTY_COMPATIBLE": "0"},
            check=False,
            timeout=60,
        )
        return set(json.loads(done.stderr.rsplit("MODULES ", 1)[1]))

    for args in (("standings", str(seed_001_path)), ("toss", str(seed_001_path))):
        loaded = modules(*args)
        assert not {m for m in loaded if m.startswith(("sqlalchemy", "fairpair.service"))}, args
        assert not {m for m in loaded if m.startswith(("fairpair.store", "alembic"))}, args
    assert "fairpair.cli.round" not in modules("event", "-h")
    # A command on a saved event in SQLite never imports PostgreSQL's driver
    # (fairpair.store.commit_with takes its error class from the connection's driver).
    saved = modules("event", "new", "Probe", "--db", db)
    assert "fairpair.store.commit_with" in saved and "psycopg" not in saved


def test_round_show_announces_a_released_round_with_its_notes(cli: Run, tmp_path: Path) -> None:
    slug, draft = opened(cli, tmp_path)
    first = draft["pairings"][0]
    cli("result", "report", slug, "1", "1", "0-2")
    shown = as_json(cli("round", "show", slug, "1", "--json"))
    assert shown["state"] == "open" and shown["outstanding"] == len(draft["pairings"]) - 1
    table = shown["tables"][0]
    assert (table["a"]["id"], table["b"]["id"]) == (first["a"]["id"], first["b"]["id"])
    assert table["result"] == f"{first['b']['name']} wins 2-0" and table["result_version"] == 1
    assert [b["player"]["id"] for b in shown["byes"]] == [b["player"]["id"] for b in draft["byes"]]
    assert [n["kind"] for n in shown["notes"]] == [n["kind"] for n in draft["notes"]]
    text = cli("round", "show", slug, "1").stdout
    assert "In Progress" in text and "Why these pairings" in text
    assert f"{first['b']['name']} wins 2-0" in text
    cli("round", "show", slug, "2", code=7)


def test_an_event_made_as_an_account_is_in_its_console(cli: Run, db: str) -> None:
    """``--as`` names an account that exists: the event is theirs (owner), as when made in
    the browser; otherwise the command says nobody owns it in the console yet."""
    cli("user", "add", "rhea", "--password", "correct horse battery")
    made = as_json(cli("event", "new", "Rhea's Friday", "--as", "rhea", "--json"))
    assert made["owner"] == "rhea"
    said = cli("event", "new", "Nobody's Friday", "--as", "nobody").stdout
    assert "no account 'nobody'" in said and "fairpair staff add nobody-s-friday" in said
    base = Database.open(db)
    try:
        roles = roles_of(base, find_account(base, "rhea"))
    finally:
        base.close()
    assert {slug: role.label for slug, role in roles.items()} == {made["event"]: "owner"}


def test_the_round_timer_from_the_command_line(cli: Run, tmp_path: Path) -> None:
    slug, _ = opened(cli, tmp_path)
    assert cli("round", "clock", slug).stdout == "round 1 of stage swiss: no timer\n"
    said = cli("round", "clock", slug, "start", "50").stdout
    assert re.match(r"round 1 of stage swiss: running, (50:00|49:\d\d) left \(time up at ", said)
    paused = as_json(cli("round", "clock", slug, "pause", "--json"))
    assert paused["format"] == "fairpair-round-clock" and paused["state"] == "paused"
    assert (paused["event"], paused["stage"], paused["round"]) == (slug, "swiss", 1)
    left = paused["left_seconds"]
    more = as_json(cli("round", "clock", slug, "add", "5", "--round", "1", "--json"))
    assert more["left_seconds"] == left + 300
    less = as_json(cli("round", "clock", slug, "remove", "10", "--json"))
    assert less["left_seconds"] == left - 300
    assert ": running, " in cli("round", "clock", slug, "resume").stdout
    assert as_json(cli("round", "clock", slug, "--json"))["state"] == "running"
    assert cli("round", "clock", slug, "reset").stdout == "round 1 of stage swiss: no timer\n"
    log = [e["action"] for e in as_json(cli("log", slug, "--json"))["entries"]]
    assert log[-6:] == [
        "round.clock_start",
        "round.clock_pause",
        "round.clock_extend",
        "round.clock_extend",
        "round.clock_resume",
        "round.clock_reset",
    ]

    refused(cli, slug, ["round", "clock", slug, "pause"], 8, "not running")
    refused(cli, slug, ["round", "clock", slug, "start"], 2, "MINUTES", "start 5")
    refused(cli, slug, ["round", "clock", slug, "pause", "5"], 2, "takes no minutes")
    refused(cli, slug, ["round", "clock", slug, "stop"], 2, "'stop'", "resume")
    refused(cli, slug, ["round", "clock", slug, "start", "0"], 8, "a whole number from 1")
    refused(cli, slug, ["round", "clock", slug, "start", "5", "--round", "2"], 7, "no round 2")
    for n in (1, 2, 3):
        cli("result", "report", slug, "1", str(n), "2-1")
    cli("round", "complete", slug, "1")
    refused(cli, slug, ["round", "clock", slug, "start", "50"], 8, "no round", "In Progress")
    refused(cli, slug, ["round", "clock", slug, "start", "5", "--round", "1"], 8, "Completed")
