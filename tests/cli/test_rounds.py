"""`fairpair rounds N`: ⌈log₂ N⌉, the Magic table, and the expected records."""

from __future__ import annotations

import json

from cli_runner import CliRunner
from fairpair.cli.app import app

runner = CliRunner()


def payload(n: int) -> dict[str, object]:
    result = runner.invoke(app, ["rounds", str(n), "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


def test_log2_and_the_magic_table() -> None:
    assert payload(8)["log2_rounds"] == 3
    assert payload(9)["log2_rounds"] == 4
    assert payload(226)["magic_rounds"] == 8
    assert payload(227)["magic_rounds"] == 9
    assert payload(409)["magic_rounds"] == 9
    assert payload(410)["magic_rounds"] == 10
    assert payload(257)["log2_rounds"] == 9


def test_expected_records_follow_seed_001_table() -> None:
    # 64 players, 6 rounds: 1 undefeated, 6 with one loss, 15 with two.
    assert payload(64)["expected"] == {"6": {"0": 1, "1": 6, "2": 15}}


def test_the_table_is_printed_for_people() -> None:
    result = runner.invoke(app, ["rounds", "128"])
    assert result.exit_code == 0
    assert "7 rounds" in result.output
    assert "Undefeated" in result.output


def test_fewer_than_two_players_is_a_usage_error() -> None:
    assert runner.invoke(app, ["rounds", "1"]).exit_code == 2
