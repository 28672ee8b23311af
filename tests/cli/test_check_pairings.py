"""``fairpair check-pairings FILE.trf``: every round replayed by the Dutch system; exit 0 when
all match, 11 when one differs, with the round and the boards named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cli_runner import CliRunner
from fairpair.cli.app import app
from fairpair.cli.exit_codes import ExitCode

runner = CliRunner()
SAMPLE = Path(__file__).resolve().parents[1] / "engine" / "pairing" / "dutch" / "bbp"
FILE = SAMPLE / "t0007_10p_6r.trf"


def run(*args: str) -> Any:
    return runner.invoke(app, list(args))


def swapped_colours(text: str, round_number: int, a: int, b: int) -> str:
    """The file with the colours of ``a`` and ``b``'s game of ``round_number`` swapped."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    column = 91 + 10 * (round_number - 1) + 5
    out = []
    for line in lines:
        if line.startswith("001") and int(line[4:8]) in (a, b):
            colour = line[column]
            line = line[:column] + ("b" if colour == "w" else "w") + line[column + 1 :]
        out.append(line)
    return "\n".join(out)


def test_a_file_paired_by_the_dutch_system_matches_in_every_round() -> None:
    result = run("check-pairings", str(FILE))
    assert result.exit_code == ExitCode.OK, result.output
    assert "Round 1: matches" in result.output
    assert "every round matches" in result.output
    assert "initial colour" in result.output


def test_a_round_with_other_colours_differs_and_exits_11(tmp_path: Path) -> None:
    text = FILE.read_text()
    line = next(ln for ln in text.replace("\r", "\n").split("\n") if ln.startswith("001    1"))
    opponent = int(line[91 + 50 : 95 + 50])  # the last round, 6: later rounds would follow it
    changed = tmp_path / "changed.trf"
    changed.write_text(swapped_colours(text, 6, 1, opponent))
    result = run("check-pairings", str(changed))
    assert result.exit_code == ExitCode.PAIRINGS_DIFFER, result.output
    assert int(ExitCode.PAIRINGS_DIFFER) == 11
    assert "Round 6: differs" in result.output
    assert "1 of 6 rounds differ" in result.output

    as_json = run("check-pairings", str(changed), "--json")
    assert as_json.exit_code == 11
    payload = json.loads(as_json.output)
    assert payload["format"] == "fairpair-pairing-check"
    assert (payload["matching"], payload["differing"]) == (5, 1)
    last = payload["rounds"][5]
    assert last["matches"] is False
    assert {b["white"] for b in last["only_dutch"]} | {b["black"] for b in last["only_dutch"]} == {
        "1",
        str(opponent),
    }


def test_a_json_document_is_refused() -> None:
    result = run("check-pairings", str(Path(__file__)))
    assert result.exit_code == ExitCode.UNREADABLE
