"""``fairpair cut``: a preview of the top cut, on a document or a saved event."""

from __future__ import annotations

import json
from pathlib import Path

from cli_runner import CliRunner
from fairpair.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
DEMO = str(ROOT / "examples" / "friday-night-magic.json")


def test_cut_shows_the_seats_and_explains_the_line() -> None:
    runner = CliRunner()
    plain = runner.invoke(app, ["cut", DEMO, "--top", "8"])
    assert plain.exit_code == 0, plain.output
    lines = plain.stdout.splitlines()
    assert "a preview: nothing is changed" in lines[0] and lines[1] == "Top 8:"
    assert not any(line.startswith("The line") for line in lines)
    explained = runner.invoke(app, ["cut", DEMO, "--percent", "20", "--explain"]).stdout
    assert "Top 4:" in explained and "Records: " in explained and "The line: " in explained
    data = json.loads(runner.invoke(app, ["cut", DEMO, "--top", "4", "--json"]).stdout)
    assert data["format"] == "fairpair-top-cut" and [s["seed"] for s in data["seats"]] == [
        1,
        2,
        3,
        4,
    ]
    assert data["line"]["last_in"] == data["seats"][-1]["id"]


def test_cut_names_a_bad_option() -> None:
    runner = CliRunner()
    both = runner.invoke(app, ["cut", DEMO, "--top", "8", "--percent", "20"])
    assert both.exit_code == 2 and both.stderr.startswith("error: --top:")
    sizes = runner.invoke(app, ["cut", DEMO, "--percent", "20", "--sizes", "4,x"])
    assert sizes.exit_code == 2 and "--sizes" in sizes.stderr
