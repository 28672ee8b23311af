"""The autopilot and "Next round" on the command line: `fairpair round next` (complete,
pair, release and open in one step, refused while a result is missing), a teamup event whose
rounds then run themselves as results are reported (`result report` says what followed),
`stage autopilot` status, pause and resume, and `stage edit --auto off`."""

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
    db = f"sqlite:///{tmp_path / 'autopilot.sqlite3'}"

    def run(*args: str, code: int = 0) -> Any:
        result = runner.invoke(app, [*args, "--db", db])
        assert result.exit_code == code, (args, result.output)
        assert "Traceback" not in result.output
        return result

    return run


def test_round_next_then_the_autopilot_runs_the_rounds(cli: Run) -> None:
    made = cli("event", "new", "Cli Night", "--ruleset", "teamup", "--json").stdout
    slug = json.loads(made)["event"]
    for name in ("Ann Lee", "Bob Ray", "Cy Dunn", "Di Moss"):
        cli("player", "add", slug, name)
    cli("stage", "edit", slug, "--max-rounds", "2")
    said = cli("stage", "autopilot", slug).stdout
    assert said.startswith("Autopilot on (Swiss): Start round 1 by hand")
    assert "Round 1 (round 1 of stage swiss) is open" in cli("round", "next", slug).stdout
    refused = cli("round", "next", slug, code=8)
    assert "2 matches have no result yet" in refused.output
    cli("result", "report", slug, "1", "1", "1-0")
    last = cli("result", "report", slug, "1", "2", "0-1").stdout
    assert last.strip().endswith("; the autopilot completed round 1 and opened round 2")
    assert cli("stage", "autopilot", slug, "pause").stdout.startswith("Autopilot paused")
    cli("result", "report", slug, "2", "1", "1-0")
    assert "autopilot" not in cli("result", "report", slug, "2", "2", "1-0").stdout
    resumed = cli("stage", "autopilot", slug, "resume", "--json").stdout
    assert json.loads(resumed)["completed"] == 2
    assert "Autopilot done" in cli("stage", "autopilot", slug).stdout
    cli("stage", "edit", slug, "--auto", "off")
    assert "the autopilot is off" in cli("stage", "autopilot", slug).stdout
