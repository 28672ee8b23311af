"""Communities on the command line (issue 30): `fairpair community new|list|show|attach|
detach|staff|people|merge|rename-person|forget|export-person`, `event new --community`,
`player add --returning`, and `restore --community` keeping the players linked — each with
`--json`, refusals with their exit code and no traceback."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cli_runner import CliRunner
from fairpair.cli.app import app

runner = CliRunner()
Run = Callable[..., Any]


@pytest.fixture
def cli(tmp_path: Path) -> Run:
    db = f"sqlite:///{tmp_path / 'community.sqlite3'}"

    def run(*args: str, code: int = 0) -> Any:
        result = runner.invoke(app, [*args, "--db", db])
        assert result.exit_code == code, (args, result.output)
        assert "Traceback" not in result.output
        return result

    return run


def test_a_store_its_weeks_its_staff_and_its_directory(cli: Run, tmp_path: Path) -> None:
    made = json.loads(cli("community", "new", "Sam's Games", "--json").stdout)
    assert made["slug"] == "sam-s-games" and made["kind"] == "store"
    cli("community", "new", "Chess Club", "--kind", "club", "--slug", "chess")
    cli("community", "new", "Pub", "--kind", "pub", code=2)
    listed = cli("community", "list").stdout
    assert "chess  Chess Club  (club)" in listed and "sam-s-games  Sam's Games" in listed

    week1 = json.loads(cli("event", "new", "Week 1", "--json").stdout)["event"]
    for name in ("Ann Lee", "Bo Chen"):
        cli("player", "add", week1, name)
    said = cli("community", "attach", "sam-s-games", week1).stdout
    assert "2 players linked" in said
    week2 = json.loads(cli("event", "new", "Week 2", "--community", "sam-s-games", "--json").stdout)
    assert week2["community"] == "sam-s-games"
    cli("event", "new", "Nowhere", "--community", "nope", code=7)
    assert "nowhere" not in cli("event", "list").stdout
    back = cli("player", "add", week2["event"], "Ann", "--returning", "ann-lee").stdout
    assert "returning player ann-lee" in back
    cli("player", "add", week2["event"], "Bo C.")
    cli("player", "add", week2["event"], "Zed", "--returning", "nobody", code=8)

    shown = json.loads(cli("community", "show", "sam-s-games", "--json").stdout)
    assert [e["slug"] for e in shown["events"]] == ["week-2", "week-1"]
    assert "upcoming: 2" in cli("community", "show", "sam-s-games").stdout

    people = json.loads(cli("community", "people", "sam-s-games", "--json").stdout)
    assert {p["key"]: p["events"] for p in people["people"]} == {
        "ann-lee": 2,
        "bo-c": 1,
        "bo-chen": 1,
    }
    assert "bo-c  Bo C." in cli("community", "people", "sam-s-games", "--search", "bo").stdout
    merged = json.loads(
        cli("community", "merge", "sam-s-games", "bo-chen", "bo-c", "--json").stdout
    )
    assert merged["moved"] == 1
    cli("community", "merge", "sam-s-games", "ann-lee", "bo-chen", code=8)
    cli("community", "rename-person", "sam-s-games", "bo-chen", "Bo Chén")
    exported = json.loads(cli("community", "export-person", "sam-s-games", "bo-chen").stdout)
    assert exported["person"]["name"] == "Bo Chén"
    assert [e["player"]["name"] for e in exported["events"]] == ["Bo C.", "Bo Chen"]

    # staff: grant, list, revoke (the last owner stays)
    cli("user", "add", "jo", "--name", "Jo", "--password", "correct horse battery")
    cli("community", "staff", "sam-s-games", "grant", "jo", "judge")
    staff = json.loads(cli("community", "staff", "sam-s-games", "--json").stdout)
    assert [(m["username"], m["role"]) for m in staff["staff"]] == [("jo", "judge")]
    cli("community", "staff", "sam-s-games", "revoke", "jo")
    cli("community", "staff", "sam-s-games", "fire", "jo", code=8)

    # a backup of week 2 restored into the community keeps its players linked
    backup = tmp_path / "week2.json"
    cli("backup", week2["event"], "--output", str(backup))
    cli("community", "detach", "sam-s-games", week2["event"])
    restored = json.loads(cli("restore", str(backup), "--json").stdout)
    assert restored["community"] == "sam-s-games"
    people = json.loads(cli("community", "people", "sam-s-games", "--json").stdout)
    assert {p["key"]: p["events"] for p in people["people"]} == {"ann-lee": 2, "bo-chen": 2}
    plain = json.loads(cli("restore", str(backup), "--community", "none", "--json").stdout)
    assert plain["community"] is None

    gone = json.loads(cli("community", "forget", "sam-s-games", "ann-lee", "--json").stdout)
    assert gone["events"] == 2
    assert "Ann Lee" not in cli("community", "people", "sam-s-games").stdout
