"""``fairpair league``: a season started with its rule from the options, events attached,
the leaderboard shown (and as JSON), CSV, an event taken out, the season closed (changes
refused after, with the error's exit code), a bad rule refused naming the option."""

from __future__ import annotations

import json
from pathlib import Path

from cli_runner import CliRunner
from fairpair.cli.app import app
from fairpair.service.communities import communities
from fairpair.service.kernel.connection import opened
from fairpair.service.players.registration import NewPlayer
from service.league_weeks import week

runner = CliRunner()


def _run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_a_season_from_the_command_line(own_database: str, tmp_path: Path) -> None:
    with opened(own_database) as db:
        store = communities.create_community(db, "Sam's Games", actor="td")
        one = week(
            db,
            store,
            "Friday 1",
            [NewPlayer("Ann", seed=1), NewPlayer("Bob", seed=2)],
            {frozenset(("Ann", "Bob")): "Ann"},
        )
        two = week(db, store, "Friday 2", [NewPlayer("Ann", person="ann"), NewPlayer("Cat")],
                   {frozenset(("Ann", "Cat")): "Cat"})  # fmt: skip
    said = _run("league", "new", store, "Spring 2027", "--win", "3", "--attend", "1",
                "--places", "5,3", "--best", "1", "--event", one)  # fmt: skip
    assert "league spring-2027 of sam-s-games started" in said
    _run("league", "attach", store, "spring-2027", two)
    shown = _run("league", "show", store, "spring-2027")
    # Ann: week 1 3+1+5 = 9, week 2 0+1+3 = 4 (dropped); Cat 3+1+5 = 9 (1 event); Bob 1+3
    assert "1. Ann" in shown and "9" in shown and "2. Cat" in shown and "3. Bob" in shown
    data = json.loads(_run("league", "show", store, "spring-2027", "--json"))
    assert data["format"] == "fairpair-league-leaderboard" and not data["final"]
    assert [(r["name"], r["points"], r["played"], r["counted"]) for r in data["rows"]] == [
        ("Ann", 9, 2, 1), ("Cat", 9, 1, 1), ("Bob", 4, 1, 1),
    ]  # fmt: skip
    assert data["league"]["rule"]["places"] == [5, 3] and data["league"]["rule"]["best"] == 1
    out = tmp_path / "spring.csv"
    _run("league", "csv", store, "spring-2027", "--out", str(out))
    lines = out.read_text().splitlines()
    assert lines[0].startswith("Rank,Player,Key,Points,Events played,Events counted")
    assert lines[1].startswith("1,Ann,ann,9,2,1,1,1,0,9,(4)")
    listed = json.loads(_run("league", "list", store, "--json"))
    assert [lg["key"] for lg in listed["leagues"]] == ["spring-2027"]
    _run("league", "detach", store, "spring-2027", two)
    _run("league", "edit", store, "spring-2027", "--name", "Spring", "--best", "all")
    closed = _run("league", "close", store, "spring-2027")
    assert "closed: Ann leads" in closed
    refused = runner.invoke(app, ["league", "attach", store, "spring-2027", two])
    assert refused.exit_code == 8 and "closed" in refused.output
    bad = runner.invoke(app, ["league", "new", store, "Summer", "--places", "3,5"])
    assert bad.exit_code == 5 and "places" in bad.output and "from 1st down" in bad.output
    unknown = runner.invoke(app, ["league", "show", store, "nope"])
    assert unknown.exit_code == 7 and "no league 'nope'" in unknown.output
