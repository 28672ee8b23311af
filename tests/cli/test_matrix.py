"""Every command × output encoding × screen, run as a user runs it (a real process).

Encodings: UTF-8, cp1252 (a Windows redirect), ASCII. Screens: a 120-column terminal and a
60-column one (forced with Rich's ``FORCE_COLOR``, so the Rich path is taken), and a pipe.
Each run: exit 0 or a documented refusal, no traceback, nothing cut ("…" absent, the long
name whole), output that is valid in its encoding with no escape sequence but colour, JSON
that parses back to the names as written, and ``--save`` leaving the file new exactly when
it exits 0 and untouched otherwise.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

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


def run(
    args: list[str], encoding: str, screen: str, cache: Path
) -> subprocess.CompletedProcess[bytes]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS", "NO_COLOR")
    }
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


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize(("name", "args"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_every_command_on_every_output(
    name: str, args: list[str], encoding: str, screen: str, tmp_path: Path, cache: Path
) -> None:
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document(), ensure_ascii=False), encoding="utf-8")
    before = path.read_bytes()
    done = run([str(path) if a == "FILE" else a for a in args], encoding, screen, cache)
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
