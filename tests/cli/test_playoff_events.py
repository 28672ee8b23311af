"""Full playoff events through the CLI (issue 9, "What it must show"): a 32-player Swiss of 5
rounds, its top 8 cut drawn by itself, a single-elimination top 8 played to a champion shown
first in `standings --stage top8`; and an 8-player double elimination to its champion, with
draws refused and the bracket notes in the drafts."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from cli_runner import CliRunner
from fairpair.cli.app import app

runner = CliRunner()


@pytest.fixture
def cli(tmp_path: Path) -> Any:
    db = f"sqlite:///{tmp_path / 'playoff.sqlite3'}"

    def run(*args: str, code: int | None = 0) -> Any:
        result = runner.invoke(app, [*args, "--db", db])
        if code is not None:
            assert result.exit_code == code, (args, result.output)
        assert "Traceback" not in result.output
        return result

    return run


def _event(cli: Any, players: int) -> str:
    slug: str = json.loads(cli("event", "new", "Store Open", "--ruleset", "mtg", "--json").stdout)[
        "event"
    ]
    for k in range(1, players + 1):
        cli("player", "add", slug, f"Player {k:02}", "--seed", str(k))
    return slug


def _round(cli: Any, slug: str, stage: str, rng: random.Random) -> bool:
    """One round of ``stage`` generated, released, opened, reported (seeded random results)
    and completed; ``False`` when the stage refuses a next round: the bracket is decided."""
    made = cli("round", "generate", slug, "--stage", stage, "--json", code=None)
    if made.exit_code == 8:
        assert "the bracket is decided" in made.stderr and "is the champion" in made.stderr
        return False
    assert made.exit_code == 0, made.output
    number = str(json.loads(made.stdout)["round"])
    cli("round", "release", slug, "--stage", stage)
    cli("round", "open", slug, number, "--stage", stage)
    shown = json.loads(cli("round", "show", slug, number, "--stage", stage, "--json").stdout)
    if stage != "swiss":
        assert shown["notes"], "the bracket notes are kept with the round"
    for t in shown["tables"]:
        score = rng.choice(["2-0", "2-1", "0-2", "1-2"])
        cli("result", "report", slug, number, str(t["table"]), score, "--stage", stage)
    cli("round", "complete", slug, number, "--stage", stage)
    return True


@pytest.mark.slow
def test_a_swiss_top_8_played_to_a_champion(cli: Any) -> None:
    slug = _event(cli, 32)
    cli("stage", "edit", slug, "--stage", "swiss", "--max-rounds", "5")
    cli(
        "stage",
        "add",
        slug,
        "--format",
        "single_elimination",
        "--id",
        "top8",
        "--cut-from",
        "swiss",
        "--top",
        "8",
    )
    rng = random.Random(2026)
    for _ in range(5):
        assert _round(cli, slug, "swiss", rng)
    cut = json.loads(cli("cut", slug, "--json").stdout)  # drawn by itself on the last result
    assert cut["cut_stage"] == "top8" and [s["seed"] for s in cut["seats"]] == list(range(1, 9))
    seat = {s["id"]: s["seed"] for s in cut["seats"]}
    first = cli("round", "generate", slug, "--stage", "top8").stdout
    assert "Why these pairings" in first and "starts in slot" in first
    draft = json.loads(cli("round", "draft", slug, "--stage", "top8", "--json").stdout)
    assert [(seat[t["a"]["id"]], seat[t["b"]["id"]]) for t in draft["pairings"]] == [
        (1, 8),
        (4, 5),
        (2, 7),
        (3, 6),
    ]
    cli("round", "discard", slug, "--stage", "top8")
    played = 0
    while _round(cli, slug, "top8", rng):
        played += 1
    assert played == 3
    standings = json.loads(cli("standings", slug, "--stage", "top8", "--json").stdout)
    rows = standings["rows"]
    assert rows[0]["place"] == "1" and rows[0]["status"] is None
    assert [r["place"] for r in rows] == ["1", "2", "3–4", "3–4", *["5–8"] * 4]
    assert all(r["status"] == "eliminated" for r in rows[1:])
    shown = cli("standings", slug, "--stage", "top8").stdout
    champion = rows[0]["player"]["name"]
    listed = [line for line in shown.splitlines() if re.search(r"Player \d\d", line)]
    assert champion in listed[0] and "(Eliminated)" in listed[1]


def test_a_double_elimination_event(cli: Any) -> None:
    slug = _event(cli, 8)
    cli("stage", "add", slug, "--format", "double_elimination", "--id", "de")
    rng = random.Random(8)
    cli("round", "generate", slug, "--stage", "de")
    cli("round", "release", slug, "--stage", "de")
    cli("round", "open", slug, "1", "--stage", "de")
    drawn = cli("result", "report", slug, "1", "1", "1-1", "--stage", "de", code=5)
    assert "playoff match" in drawn.stderr and "cannot end in a draw" in drawn.stderr
    for table in range(1, 5):
        cli("result", "report", slug, "1", str(table), rng.choice(["2-0", "0-2"]), "--stage", "de")
    cli("round", "complete", slug, "1", "--stage", "de")
    second = cli("round", "generate", slug, "--stage", "de").stdout
    assert "Losers round 1" in second and "Winners round 2" in second  # both brackets in one round
    assert "by the reverse order" in second
    cli("round", "discard", slug, "--stage", "de")
    played = 1
    while _round(cli, slug, "de", rng):
        played += 1
    standings = json.loads(cli("standings", slug, "--stage", "de", "--json").stdout)
    places = [r["place"] for r in standings["rows"]]
    assert places == ["1", "2", "3", "4", "5–6", "5–6", "7–8", "7–8"]
    assert all(r["record"]["losses"] == 2 for r in standings["rows"][1:])
    assert played in (6, 7)  # 7 rounds when the bracket reset is played
