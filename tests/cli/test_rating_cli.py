"""`fairpair rating ...` on a saved community (made through the service; its events played
on the command line): `jobs run --once` rates the completed round, then `rating list` (and
--json), `rating show`, `rating event`, `rating settings --matches elo` (every event rated
again: FIDE Elo's K and expected score shown), a refused setting, `rating rebuild`, and an
unknown community."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cli_runner import CliRunner
from fairpair.cli.app import app
from fairpair.service.communities.communities import attach_event, create_community
from fairpair.service.kernel.connection import opened

runner = CliRunner()
Run = Callable[..., Any]


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'ratings.sqlite3'}"


@pytest.fixture
def cli(url: str) -> Run:
    def run(*args: str, code: int = 0) -> Any:
        result = runner.invoke(app, [*args, "--db", url])
        assert result.exit_code == code, (args, result.output)
        assert "Traceback" not in result.output
        return result

    return run


def test_rating_commands(cli: Run, url: str) -> None:
    slug = json.loads(cli("event", "new", "Club Rapid", "--ruleset", "fide", "--json").stdout)
    slug = slug["event"]
    for name, rating in (("Ann Lee", "2000"), ("Bob Ray", "1900")):
        cli("player", "add", slug, name, "--rating", rating)
    with opened(url) as db:
        club = create_community(db, "Chess Club", actor="td", kind="club")
        attach_event(db, club, slug, actor="td")
    cli("round", "next", slug)
    cli("result", "report", slug, "1", "1", "1-0")
    cli("round", "complete", slug, "1")
    runner.invoke(app, ["jobs", "run", "--once", "--db", url])

    listed = cli("rating", "list", club).stdout
    assert "Glicko-2 ratings, fide" in listed
    assert listed.index("Ann Lee") < listed.index("Bob Ray")
    data = json.loads(cli("rating", "list", club, "--json").stdout)
    assert data["format"] == "fairpair-rating-list" and data["system"] == "glicko2"
    assert [p["person"] for p in data["people"]] == ["ann-lee", "bob-ray"]
    shown = cli("rating", "show", club, "ann-lee").stdout
    assert "Glicko-2 · fide" in shown and "1500 →" in shown

    changed = cli("rating", "settings", club, "--matches", "elo", "--json").stdout
    assert json.loads(changed)["matches"] == "elo"
    elo = json.loads(cli("rating", "event", club, slug, "--json").stdout)
    ann = next(c for c in elo["changes"] if c["person"] == "ann-lee")
    # registered 2000 against 1900: PD .64, K 40 (new to the list): +14.4 → +14
    assert (ann["before"], ann["after"], ann["k"], ann["expected"]) == (2000, 2014, 40, 0.64)
    assert "expected 0.64, K 40" in cli("rating", "event", club, slug).stdout
    refused = cli("rating", "settings", club, "--matches", "trueskill", code=8)
    assert "glicko2, elo, openskill, off" in refused.output
    said = cli("rating", "settings", club).stdout
    assert said.startswith(f"{club}: matches elo, pods on")
    assert "2 ratings" in cli("rating", "rebuild", club).stdout
    unknown = cli("rating", "list", "no-such-club", code=7)
    assert "no community 'no-such-club'" in unknown.output
