"""Every command × output encoding × screen, run as a user runs it.

Encodings: UTF-8, cp1252 (a Windows redirect), ASCII. Screens: a 120-column terminal and a
60-column one (forced with Rich's ``FORCE_COLOR``, so the Rich path is taken), and a pipe.
Each run: exit 0 or a documented refusal, no traceback, nothing cut ("…" absent, the long
name whole), output that is valid in its encoding with no escape sequence but colour, JSON
that parses back to the names as written, and ``--save`` leaving the file new exactly when
it exits 0 and untouched otherwise.

Each encoding × screen runs one command in a real process (``python -m fairpair``, the
environment and ``PYTHONIOENCODING`` set: ``REAL_PROCESS``); every other case runs the command
line's ``fairpair.cli.app.main`` in this process (what the console script runs, without its
fast end: ``cli/ending.py``), with the same arguments, the same
environment and standard streams made as Python makes them for that ``PYTHONIOENCODING``
(strict on stdout), and is checked with the same assertions. A process start costs about
half a second, 99 of them most of a minute.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from fairpair.cli.app import main

SEED_001 = Path(__file__).resolve().parents[2] / "examples" / "seed-001-nine-players.json"

LONG = "Maximiliana Wolfeschlegelsteinhausen"
NAMES = {
    "ash": "Ash Yılmaz",
    "bea": "Chloé ½ Zoë",
    "cole": "Cole \x1b[31mRed\x1b]0;owned\x07",
    "dev": LONG,
}
ENCODINGS = ["utf-8", "cp1252", "ascii"]
SCREENS = {
    "terminal-120": {"FORCE_COLOR": "1", "COLUMNS": "120"},
    "terminal-60": {"FORCE_COLOR": "1", "COLUMNS": "60"},
    "pipe": {"TTY_COMPATIBLE": "0"},
}
#: (id, arguments; FILE is the document) — every command, tables and JSON.
COMMANDS: list[tuple[str, list[str]]] = [
    ("standings", ["standings", "FILE"]),
    ("standings-json", ["standings", "FILE", "--json", "--ruleset", "mtg"]),
    ("toss", ["toss", "FILE"]),
    ("toss-json", ["toss", "FILE", "--json"]),
    ("pair", ["pair", "FILE"]),
    ("pair-json", ["pair", "FILE", "--json"]),
    ("pair-save", ["pair", "FILE", "--save"]),
    ("validate", ["validate", "FILE"]),
    ("rounds", ["rounds", "230"]),
    ("demo", ["demo"]),
    ("schema", ["schema"]),
]
#: (encoding, screen) → the command run there in a real process; the table commands in the
#: narrowest encodings. ``rounds`` and ``schema`` (no document, plain output) run in-process only.
REAL_PROCESS: dict[tuple[str, str], str] = {
    ("utf-8", "terminal-120"): "toss-json",
    ("utf-8", "terminal-60"): "validate",
    ("utf-8", "pipe"): "pair-json",
    ("cp1252", "terminal-120"): "demo",
    ("cp1252", "terminal-60"): "toss",
    ("cp1252", "pipe"): "standings-json",
    ("ascii", "terminal-120"): "pair",
    ("ascii", "terminal-60"): "standings",
    ("ascii", "pipe"): "pair-save",
}
#: Only colour (SGR) sequences may appear, and only on a terminal.
SGR = re.compile(r"\x1b\[[0-9;]*m")


def document() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SEED_001.read_text(encoding="utf-8"))
    for player in data["players"]:
        player["name"] = NAMES.get(player["id"], player["name"])
    stage = data["stages"][0]
    stage["toss"] = {"enabled": True}
    stage["drops"] = [{"player": "fay", "after_round": 4}]
    stage["rounds"][3]["matches"][3]["result"] = {"kind": "forfeit", "winner": "a"}
    return data


def names_in(value: Any) -> set[str]:
    if isinstance(value, dict):
        found = {value["name"]} if isinstance(value.get("name"), str) else set()
        return found.union(*(names_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(names_in(v) for v in value))
    return set()


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("pycache")


#: Set by each screen (and removed when the screen does not set them).
SCREEN_VARIABLES = ("FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS", "NO_COLOR")


def run(
    args: list[str], encoding: str, screen: str, cache: Path
) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in SCREEN_VARIABLES}
    env.update(SCREENS[screen])
    env["PYTHONIOENCODING"] = encoding
    env["PYTHONPYCACHEPREFIX"] = str(cache)  # bytecode cached outside the tree: a fast matrix
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return subprocess.run(
        [sys.executable, "-m", "fairpair", *args],
        capture_output=True,
        env=env,
        timeout=60,
        check=False,
    )


def run_here(
    args: list[str], encoding: str, screen: str, monkeypatch: pytest.MonkeyPatch
) -> subprocess.CompletedProcess[bytes]:
    """``run``'s case in this process: ``main()`` with the same argv and environment, and
    stdout/stderr as Python makes them for a pipe under ``PYTHONIOENCODING=encoding`` (stdout
    strict, stderr backslashreplace, no newline translation). An exception propagates (where
    the process would print a traceback and exit 1)."""
    out, err = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding=encoding, errors="strict", newline="\n")
    stderr = io.TextIOWrapper(
        err, encoding=encoding, errors="backslashreplace", newline="\n", line_buffering=True
    )
    with monkeypatch.context() as patch:
        for name in SCREEN_VARIABLES:
            patch.delenv(name, raising=False)
        for name, value in SCREENS[screen].items():
            patch.setenv(name, value)
        patch.setenv("PYTHONIOENCODING", encoding)
        patch.setattr(sys, "argv", ["fairpair", *args])
        patch.setattr(sys, "stdout", stdout)
        patch.setattr(sys, "stderr", stderr)
        try:
            main()
            code: object = 0
        except SystemExit as stop:
            code = stop.code
        finally:
            stdout.flush()
            stderr.flush()
    if code is None:
        code = 0
    elif not isinstance(code, int):  # sys.exit("message"): printed to stderr, exit status 1
        err.write(f"{code}\n".encode(encoding, "backslashreplace"))
        code = 1
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize(("name", "args"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_every_command_on_every_output(
    name: str,
    args: list[str],
    encoding: str,
    screen: str,
    tmp_path: Path,
    cache: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document(), ensure_ascii=False), encoding="utf-8")
    before = path.read_bytes()
    argv = [str(path) if a == "FILE" else a for a in args]
    if REAL_PROCESS[encoding, screen] == name:
        done = run(argv, encoding, screen, cache)
    else:
        done = run_here(argv, encoding, screen, monkeypatch)
    out = done.stdout.decode(encoding)  # strict: the output is valid in its encoding
    err = done.stderr.decode(encoding, errors="replace")
    assert done.returncode == 0, err
    assert "Traceback" not in out + err
    assert "\u2026" not in out  # no value cut to "Chl…"
    bare = SGR.sub("", out) if screen != "pipe" else out
    if screen == "pipe":
        assert "\x1b" not in out
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", bare), repr(bare[:200])
    if name.endswith("-json") or name == "schema":
        payload = json.loads(out)
        if name != "schema":
            assert set(NAMES.values()) <= names_in(payload)  # escaped if need be, never lost
    elif name in ("standings", "pair", "pair-save"):
        assert LONG in bare.replace("\n", " ") or LONG in bare
        assert "(Withdrew)" in bare or name != "standings"
    if screen == "terminal-60" and name in ("standings", "toss"):
        assert all(len(line) <= 60 for line in bare.splitlines()), bare  # fitted, not folded
    if name == "toss":
        assert "(T)" in bare or "not counted" in bare
    if name == "pair-save":
        saved = json.loads(path.read_text(encoding="utf-8"))
        assert len(saved["stages"][0]["rounds"]) == 5
        assert "saved:" in out
    else:
        assert path.read_bytes() == before


def test_a_failed_save_leaves_the_file_untouched_and_says_so(tmp_path: Path, cache: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "event.json"
    path.write_text(json.dumps(document(), ensure_ascii=False), encoding="utf-8")
    before = path.read_bytes()
    folder.chmod(0o555)
    try:
        done = run(["pair", str(path), "--save"], "ascii", "pipe", cache)
    finally:
        folder.chmod(0o755)
    if os.geteuid() == 0:  # root writes anyway: then the save succeeded and says so
        assert done.returncode == 0 and b"saved:" in done.stdout
        return
    assert done.returncode == 3
    assert b"saved:" not in done.stdout
    assert path.read_bytes() == before
