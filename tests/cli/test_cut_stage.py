"""A cut stage through the CLI (issue 9, point 1): `stage add --cut-from`, the cut drawn by
itself when the last Swiss result is reported, `fairpair cut EVENT` showing it, and a manual
cut drawn with `--draw` (refused while the Swiss is unfinished unless `--early`)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cli_runner import CliRunner
from fairpair.cli.app import app

runner = CliRunner()


@pytest.fixture
def cli(tmp_path: Path) -> Any:
    db = f"sqlite:///{tmp_path / 'cut.sqlite3'}"

    def run(*args: str, code: int = 0) -> Any:
        result = runner.invoke(app, [*args, "--db", db])
        assert result.exit_code == code, (args, result.output)
        assert "Traceback" not in result.output
        return result

    return run


def _event(cli: Any, *cut: str) -> str:
    slug: str = json.loads(cli("event", "new", "Store Open", "--ruleset", "mtg", "--json").stdout)[
        "event"
    ]
    for k in range(1, 13):
        cli("player", "add", slug, f"Player {k:02}", "--seed", str(k))
    cli("stage", "edit", slug, "--stage", "swiss", "--max-rounds", "2")
    cli("stage", "add", slug, "--id", "top4", "--format", "single_elimination", *cut)
    return slug


def _round(cli: Any, slug: str, number: int, rng: random.Random, *, leave: int = 0) -> list[int]:
    cli("round", "generate", slug)
    cli("round", "release", slug)
    cli("round", "open", slug, str(number))
    shown = json.loads(cli("round", "show", slug, str(number), "--json").stdout)
    tables = [t["table"] for t in shown["tables"]]
    for table in tables[: len(tables) - leave]:
        score = rng.choice(["2-0", "2-1", "0-2", "1-2"])
        cli("result", "report", slug, str(number), str(table), score)
    return tables[len(tables) - leave :]


def test_the_cut_is_drawn_when_the_last_swiss_result_is_reported(cli: Any) -> None:
    slug = _event(cli, "--cut-from", "swiss", "--top", "4")
    rng = random.Random(9)
    assert "the top cut of swiss, not drawn yet" in cli("event", "show", slug).stdout
    _round(cli, slug, 1, rng)
    cli("round", "complete", slug, "1")
    left = _round(cli, slug, 2, rng, leave=1)
    assert "not drawn yet" in cli("cut", slug).stdout
    cli("result", "report", slug, "2", str(left[0]), "2-0")
    shown = json.loads(cli("event", "show", slug, "--json").stdout)
    top4 = next(s for s in shown["stages"] if s["id"] == "top4")
    assert top4["cut_from"] == "swiss" and top4["seated"] == 4
    assert "the top 4 of swiss" in cli("event", "show", slug).stdout
    cut = json.loads(cli("cut", slug, "--json").stdout)
    assert cut["cut_stage"] == "top4" and [s["seed"] for s in cut["seats"]] == [1, 2, 3, 4]
    exported = json.loads(cli("export", slug).stdout)
    stage = next(s for s in exported["stages"] if s.get("id") == "top4")
    assert stage["participants"] == [s["id"] for s in cut["seats"]]
    assert stage["seeds"] == {s["id"]: s["seed"] for s in cut["seats"]}
    assert stage["cut"] == {"from_stage": "swiss", "top": 4}
    explained = cli("cut", slug, "--explain").stdout
    assert "cut stage top4, drawn: these are its players" in explained
    assert "Records: " in explained
    log = json.loads(cli("log", slug, "--json").stdout)["entries"]
    assert [e["action"] for e in log].count("cut.draw") == 1


def test_a_manual_cut_is_drawn_by_the_organizer(cli: Any) -> None:
    slug = _event(cli, "--cut-from", "swiss", "--percent", "40", "--auto-cut", "off")
    rng = random.Random(10)
    _round(cli, slug, 1, rng)
    refused = cli("cut", slug, "--draw", code=8)
    assert refused.stderr.startswith("error: ") and "is not finished" in refused.stderr
    early = json.loads(cli("cut", slug, "--draw", "--early", "--json").stdout)
    assert early["drawn"] is True and len(early["seats"]) == 4  # 40% of 12 = 4.8 → 4
    cli("round", "complete", slug, "1")
    _round(cli, slug, 2, rng)
    drawn = cli("cut", slug, "--draw").stdout
    assert "cut stage top4 drawn" in drawn


def test_bad_cut_options_are_named(cli: Any) -> None:
    slug = _event(cli, "--cut-from", "swiss", "--top", "4")
    no_stage = cli("stage", "add", slug, "--format", "pods", "--top", "4", code=2)
    assert "--cut-from" in no_stage.stderr
    both = cli(
        "stage",
        "add",
        slug,
        "--format",
        "pods",
        "--cut-from",
        "swiss",
        "--top",
        "4",
        "--percent",
        "20",
        code=2,
    )
    assert "--top" in both.stderr
    later = cli(
        "stage", "add", slug, "--format", "pods", "--cut-from", "final", "--top", "4", code=5
    )
    assert "earlier stage" in later.stderr
    assert cli("cut", slug, "--draw", "--top", "4", code=2).stderr.startswith("error: --draw")


def test_a_cut_stage_added_after_the_swiss_is_drawn_when_it_is_paired(cli: Any) -> None:
    slug: str = json.loads(cli("event", "new", "Late Cut", "--ruleset", "mtg", "--json").stdout)[
        "event"
    ]
    for k in range(1, 9):
        cli("player", "add", slug, f"Player {k:02}", "--seed", str(k))
    cli("stage", "edit", slug, "--max-rounds", "1")
    rng = random.Random(11)
    _round(cli, slug, 1, rng)
    cli("round", "complete", slug, "1")
    cli(
        "stage",
        "add",
        slug,
        "--id",
        "top4",
        "--format",
        "single_elimination",
        "--cut-from",
        "swiss",
        "--top",
        "4",
    )
    draft = json.loads(cli("round", "generate", slug, "--json").stdout)
    assert draft["stage"] == "top4" and len(draft["pairings"]) == 2
    seeds = json.loads(cli("cut", slug, "--json").stdout)["seats"]
    first = draft["pairings"][0]
    assert (first["a"]["id"], first["b"]["id"]) == (seeds[0]["id"], seeds[3]["id"])  # 1 v 4
    assert first["toss"]["reason"] == "higher-seed"
