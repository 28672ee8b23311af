"""``fairpair round show`` of a Repeat pairing round (seed 001; docs/pairing.md#repeat-pairing):
four players, four rounds — round 4 has no new opponent left, so it is labelled, in words and
in ``--json``; ``event show`` marks it in the list of rounds; the draft says it will be."""

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
    db = f"sqlite:///{tmp_path / 'repeat.sqlite3'}"

    def run(*args: str) -> Any:
        result = runner.invoke(app, [*args, "--db", db])
        assert result.exit_code == 0, (args, result.output)
        assert "Traceback" not in result.output
        return result

    return run


def test_round_show_labels_a_repeat_pairing(cli: Run) -> None:
    slug = json.loads(cli("event", "new", "Four Friends", "--json").stdout)["event"]
    for name in ("Ann Lee", "Bob Ray", "Cy Dunn", "Di Moss"):
        cli("player", "add", slug, name)
    for number in (1, 2, 3, 4):
        draft = cli("round", "generate", slug).stdout
        assert ("labelled Repeat pairing" in draft) == (number == 4)
        cli("round", "release", slug)
        shown = cli("round", "show", slug, str(number)).stdout
        view = json.loads(cli("round", "show", slug, str(number), "--json").stdout)
        assert view["repeat_pairing"] is (number == 4)
        if number < 4:
            assert "Repeat pairing" not in shown and view["repeats"] == []
            cli("round", "open", slug, str(number))
            for table in (1, 2):
                cli("result", "report", slug, str(number), str(table), "2-0")
            cli("round", "complete", slug, str(number))
    assert len(view["repeats"]) == 2
    assert "Repeat pairing: players who met earlier in the stage meet again" in shown
    for repeat in view["repeats"]:
        a, b = (p["name"] for p in repeat["players"])
        rounds = " and ".join(str(n) for n in repeat["met_in"])
        assert f"Table {repeat['table']}: {a} and {b} met in round {rounds}" in shown
    listed = cli("event", "show", slug).stdout
    assert "scheduled (Repeat pairing)" in listed
