"""``fairpair validate FILE --json``: what a valid file holds and which results are missing;
an invalid file gets the error object (exit code as documented)."""

from __future__ import annotations

import json
from typing import Any

from cli_runner import CliRunner
from fairpair.cli.app import app
from fairpair.cli.exit_codes import ExitCode
from fairpair.responses.validation import ValidationResponse

runner = CliRunner()


def test_a_valid_document_with_missing_results(
    seed_001_data: dict[str, Any], write_json: Any
) -> None:
    seed_001_data["stages"][0]["rounds"][3]["matches"][1].pop("result")
    result = runner.invoke(app, ["validate", str(write_json(seed_001_data)), "--json"])
    assert result.exit_code == 0
    payload = json.loads(result.stdout)
    ValidationResponse.model_validate(payload)  # the published shape
    assert payload["valid"] is True and payload["players"] == 9 and payload["rounds"] == 4
    table = seed_001_data["stages"][0]["rounds"][3]["matches"][1]["table"]
    assert payload["missing_results"] == [
        {"stage": "swiss", "round": 4, "missing": 1, "tables": 4, "table_numbers": [table]}
    ]


def test_an_invalid_document_gets_the_error_object(
    seed_001_data: dict[str, Any], write_json: Any
) -> None:
    seed_001_data["stages"][0]["rounds"][0]["matches"][0]["a"] = "nobody"
    result = runner.invoke(app, ["validate", str(write_json(seed_001_data)), "--json"])
    assert result.exit_code == ExitCode.INCONSISTENT
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "inconsistent"
    assert error["problems"][0]["where"] == "stages[0].rounds[0].matches[0].a"
