"""`fairpair pair --json` (version 2: structured notes) and one standings computation per
command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from unittest import mock

from cli_runner import CliRunner
from fairpair.cli.app import app
from fairpair.engine.standings import table as standings_table
from fairpair.responses.draft import PairingDraftModel

runner = CliRunner()


def test_pair_json_notes_are_structured(seed_001_path: Path) -> None:
    result = runner.invoke(app, ["pair", str(seed_001_path), "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert payload["version"] == 2
    PairingDraftModel.model_validate(payload)
    bye = [n for n in payload["notes"] if n["kind"] == "bye"]
    assert bye == [
        {
            "kind": "bye",
            "group": None,
            "player": "gus",
            "rule": "lowest_without_bye",
            "repeat": False,
            "forced": 0,
            "instead_of": None,
            "instead_forced": None,
            "text": "Gus has the bye: the lowest-ranked player without a bye in this stage.",
        }
    ]
    groups = [n for n in payload["notes"] if n["kind"] == "score_group"]
    assert groups and all(set(n["score"]) == {"points", "points_exact", "pool"} for n in groups)


def test_pair_computes_the_standings_once(seed_001_data: dict[str, Any], write_json) -> None:  # type: ignore[no-untyped-def]
    seed_001_data["stages"][0]["toss"] = {"enabled": True, "policy": "catch-up"}
    path = write_json(seed_001_data)
    calls: list[str] = []

    def counted(name: str) -> Any:
        real = getattr(standings_table, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            calls.append(name)
            return real(*args, **kwargs)

        return call

    # Every place the command could compute them: the pairing (from the ledger it builds),
    # and Catch-up's ranks.
    with (
        mock.patch(
            "fairpair.engine.pairing.next_round.standings_from_ledger",
            counted("standings_from_ledger"),
        ),
        mock.patch("fairpair.engine.toss.catch_up.compute_standings", counted("compute_standings")),
    ):
        result = runner.invoke(app, ["pair", str(path), "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert all("toss" in p for p in payload["pairings"])
    assert len(calls) == 1
