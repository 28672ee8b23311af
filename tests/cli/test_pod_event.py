"""A 17-player pod event through the CLI: 5 rounds of pods, every table's places reported with
``fairpair result places``, then a final stage (the top 4 of the pods stage at one table of 4)
played and its standings shown (docs/pods.md, docs/cli.md)."""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from cli_runner import CliRunner
from fairpair.cli.app import app

runner = CliRunner()
Run = Callable[..., Any]


@pytest.fixture
def cli(tmp_path: Path) -> Run:
    db = f"sqlite:///{tmp_path / 'pods.sqlite3'}"

    def run(*args: str, code: int | None = 0) -> Any:
        result = runner.invoke(app, [*args, "--db", db])
        if code is not None:
            assert result.exit_code == code, (args, result.output)
        assert "Traceback" not in result.output
        return result

    return run


def play_round(cli: Run, slug: str, number: int, stage: str) -> dict[str, Any]:
    """Generate, release and open round ``number``; report every table (the seat ``number``
    places first, the others in seat order; tables of 4 share second place), complete it."""
    draft: dict[str, Any] = json.loads(
        cli("round", "generate", slug, "--stage", stage, "--json").stdout
    )
    cli("round", "release", slug, "--stage", stage)
    cli("round", "open", slug, str(number), "--stage", stage)
    for pod in draft["pods"]:
        seats = [s["id"] for s in pod["seats"]]
        k = number % len(seats)
        order = seats[k:] + seats[:k]
        places = [1, 2, 2, 4] if len(order) == 4 else list(range(1, len(order) + 1))
        given = ",".join(f"{p}={place}" for p, place in zip(order, places, strict=True))
        out = cli(
            "result",
            "places",
            slug,
            str(number),
            str(pod["table"]),
            "--places",
            given,
            "--stage",
            stage,
        ).stdout
        assert out.startswith(f"recorded round {number} table {pod['table']}: ")
    cli("round", "complete", slug, str(number), "--stage", stage)
    return draft


def test_a_pod_event_with_a_final_table(cli: Run, tmp_path: Path) -> None:
    slug = json.loads(cli("event", "new", "Commander Night", "--json").stdout)["event"]
    csv = tmp_path / "players.csv"
    csv.write_text(
        "name,id,seed\n" + "".join(f"Player {i},p{i:02},{i}\n" for i in range(1, 18)),
        encoding="utf-8",
    )
    cli("player", "import", slug, str(csv))
    cli(
        "stage",
        "add",
        slug,
        "--id",
        "pods",
        "--format",
        "pods",
        "--pod-size",
        "4",
        "--remainder",
        "smaller",
        "--max-rounds",
        "5",
        "--ruleset",
        "pods",
    )
    met: set[frozenset[str]] = set()
    for number in range(1, 6):
        draft = play_round(cli, slug, number, "pods")
        assert [len(p["seats"]) for p in draft["pods"]] == [4, 4, 3, 3, 3]
        kinds = {n["kind"] for n in draft["notes"]}
        assert {"pod_tables", "pod_seats"} <= kinds
        pairs = {
            frozenset(pair)
            for p in draft["pods"]
            for pair in combinations([s["id"] for s in p["seats"]], 2)
        }
        if "pod_forced_repeats" not in kinds:
            assert not pairs & met, number
        met |= pairs
    shown = cli("round", "show", slug, "5", "--stage", "pods").stdout
    assert "Seats (seat 1 plays first)" in shown and "every result in" in shown
    table = cli("standings", slug, "--stage", "pods").stdout
    assert "Player" in table
    rows = json.loads(cli("standings", slug, "--stage", "pods", "--json").stdout)["rows"]
    assert len(rows) == 17

    cli(
        "stage",
        "add",
        slug,
        "--id",
        "final",
        "--format",
        "pods",
        "--cut-from",
        "pods",
        "--top",
        "4",
        "--max-rounds",
        "1",
        "--ruleset",
        "pods",
    )
    cli("cut", slug, "--draw", "--stage", "final")
    final = play_round(cli, slug, 1, "final")
    top = [r["player"]["id"] for r in rows[:4]]
    assert [len(p["seats"]) for p in final["pods"]] == [4]
    assert sorted(s["id"] for s in final["pods"][0]["seats"]) == sorted(top)
    standings = json.loads(cli("standings", slug, "--stage", "final", "--json").stdout)
    assert len(standings["rows"]) == 4
