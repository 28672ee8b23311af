"""No input can crash the reader (issue 7.9, 14.8): every hostile file gets a clear error
with its place and the documented exit code, in bounded time, through ``load_document`` and
through ``fairpair validate`` in a fresh process (no traceback)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from fairpair.cli.exit_codes import ExitCode
from fairpair.engine.errors import FairpairError
from fairpair.interop.document import load_document
from fairpair.interop.errors import DocumentError, MalformedJson

SEED_001 = Path(__file__).resolve().parents[2] / "examples" / "seed-001-nine-players.json"


def small(**changes: Any) -> str:
    data: dict[str, Any] = {"name": "x", "players": [{"id": "a", "name": "A"}]}
    data.update(changes)
    return json.dumps(data)


HOSTILE: dict[str, tuple[bytes, ExitCode, str]] = {
    "deeply nested list": (b"[" * 100_000 + b"]" * 100_000, ExitCode.INVALID, "nested too deeply"),
    "deeply nested players": (
        b'{"name": "x", "players": ' + b"[" * 5_000 + b"]" * 5_000 + b"}",
        ExitCode.INVALID,
        "nested too deeply",
    ),
    "an integer of 5,000 digits": (
        b'{"name": "x", "players": [{"id": "a", "name": "A", "seed": ' + b"9" * 5_000 + b"}]}",
        ExitCode.INVALID,
        "a number too large to read",
    ),
    "an integer of 1,000 digits": (
        b'{"name": "x", "players": [{"id": "a", "name": "A", "seed": ' + b"9" * 1_000 + b"}]}",
        ExitCode.INVALID,
        "less than or equal to",
    ),
    "an unpaired surrogate in a name": (
        b'{"name": "x", "players": [{"id": "a", "name": "\\ud800"}]}',
        ExitCode.MALFORMED,
        "unpaired surrogate",
    ),
    "a lone low surrogate": (
        b'{"name": "x\\udc00y", "players": []}',
        ExitCode.MALFORMED,
        "unpaired surrogate",
    ),
    "an escaped NUL in a name": (
        small(name="x\u0000").encode(),
        ExitCode.INVALID,
        "control character U+0000",
    ),
    "an ANSI escape in an id": (
        small(players=[{"id": "a\x1b[2J\x1b]0;title\x07", "name": "A"}]).encode(),
        ExitCode.INVALID,
        "control character U+001B",
    ),
    "1e999 as a floor": (
        b'{"name": "x", "players": [], "stages": [{"ruleset": {"base": "mtg", '
        b'"percentage_floor": 1e999}}]}',
        ExitCode.INVALID,
        "is not an exact number",
    ),
    "an exponent in an exact number": (
        small(stages=[{"ruleset": {"base": "mtg", "scoring": {"win": "1e5000"}}}]).encode(),
        ExitCode.INVALID,
        "is not an exact number",
    ),
    "a round number of 10**9": (
        small(stages=[{"rounds": [{"number": 10**9}]}]).encode(),
        ExitCode.INVALID,
        "less than or equal to 1000",
    ),
    "an empty file": (b"", ExitCode.MALFORMED, "not valid JSON"),
    "a number, not an object": (b"42", ExitCode.INVALID, "object"),
    "trailing text": (b'{"name": "x", "players": []} more', ExitCode.MALFORMED, "trailing"),
    "not UTF-8": ('{"name": "Jos\xe9"}'.encode("latin-1"), ExitCode.UNREADABLE, "UTF-8"),
}


@pytest.mark.parametrize(("content", "code", "reason"), HOSTILE.values(), ids=HOSTILE.keys())
def test_load_document_refuses_clearly(
    tmp_path: Path, content: bytes, code: ExitCode, reason: str
) -> None:
    path = tmp_path / "event.json"
    path.write_bytes(content)
    with pytest.raises(FairpairError) as caught:
        load_document(path)
    error = caught.value
    problems = getattr(error, "problems", None) or [error]
    assert any(reason in p.reason for p in problems), problems
    if code is ExitCode.MALFORMED:
        assert isinstance(error, MalformedJson)
        assert error.where.startswith(str(path) + ":1:")
    elif code is ExitCode.INVALID:
        assert isinstance(error, DocumentError)


def run_validate(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fairpair", "validate", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(("content", "code", "reason"), HOSTILE.values(), ids=HOSTILE.keys())
def test_fairpair_validate_exits_with_the_documented_code(
    tmp_path: Path, content: bytes, code: ExitCode, reason: str
) -> None:
    path = tmp_path / "event.json"
    path.write_bytes(content)
    done = run_validate(path)
    assert done.returncode == code, done.stderr
    assert "Traceback" not in done.stderr
    assert reason in done.stderr.replace("\n", " ") or reason in done.stderr, done.stderr


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "event.json"
    path.write_bytes(b"\xef\xbb\xbf" + SEED_001.read_bytes())
    assert load_document(path) == load_document(SEED_001)
    done = run_validate(path)
    assert done.returncode == 0, done.stderr


def test_a_file_cut_short_after_a_line_is_placed_at_the_next_lines_first_column(
    tmp_path: Path,
) -> None:
    path = tmp_path / "event.json"
    path.write_bytes(b'{"name": "x",\n')  # the parser says "line 2 column 0"
    with pytest.raises(MalformedJson) as caught:
        load_document(path)
    assert caught.value.where == f"{path}:2:1"
