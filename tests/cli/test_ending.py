"""The console script ends a command's process without freeing its large answer
(``fairpair.cli.ending``): the same output, exit code and messages as the usual exit, and the
exit handlers still run."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")

#: The console script (``python -m fairpair``: ``cli.app.console``), and ``main()`` as a
#: program would call it in its own process: the usual exit.
CONSOLE = [sys.executable, "-m", "fairpair"]
USUAL = [sys.executable, "-c", "import sys; from fairpair.cli.app import main; main()"]


def _environment(**extra: str) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "COLUMNS")}
    return {**keep, "TTY_COMPATIBLE": "0", **extra}


def _run(
    program: list[str], *args: str, stdout: int = subprocess.PIPE, **env: str
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*program, *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        env=_environment(**env),
        check=False,
        timeout=60,
    )


def _both(run: Callable[..., T], document: Path, args: tuple[str, ...]) -> tuple[T, T]:
    """``run`` of the command ``args`` on ``document`` by the console script, then by the
    usual exit."""
    command, *rest = args
    fast = run(CONSOLE, command, str(document), *rest)
    return fast, run(USUAL, command, str(document), *rest)


@pytest.mark.parametrize(
    "args",
    [
        ("standings", "--json"),
        ("standings",),
        ("pair", "--json"),
        ("pair",),
        ("standings", "--after-round", "99"),  # an error: nothing kept, the usual exit
    ],
)
def test_the_console_script_says_what_the_usual_exit_says(
    seed_001_path: Path, args: tuple[str, ...]
) -> None:
    fast, usual = _both(_run, seed_001_path, args)
    assert (fast.returncode, fast.stdout, fast.stderr) == (
        usual.returncode,
        usual.stdout,
        usual.stderr,
    )
    assert fast.stdout or fast.stderr


def test_the_exit_handlers_still_run(seed_001_path: Path, tmp_path: Path) -> None:
    """The compiled dataclass methods are written by an exit handler
    (``fairpair.dataclass_code``): a process that ends fast writes them all the same."""
    prefix = tmp_path / "pycache"
    done = _run(
        CONSOLE,
        "standings",
        str(seed_001_path),
        "--json",
        PYTHONPYCACHEPREFIX=str(prefix),
        PYTHONDONTWRITEBYTECODE="",
    )
    assert done.returncode == 0, done.stderr
    assert list(prefix.rglob("*.dataclass-code"))


def _into_a_closed_pipe(program: list[str], *args: str) -> tuple[int, bytes]:
    """``program`` writing into a pipe whose reader is gone before it writes
    (``| head -c 0``): its exit code and what it said on stderr."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = _run(program, *args, stdout=write_end)
    finally:
        os.close(write_end)
    return done.returncode, done.stderr


@pytest.mark.parametrize("args", [("standings", "--json"), ("pair",)])
def test_a_reader_gone_before_the_output_is_met_as_the_usual_exit_meets_it(
    seed_001_path: Path, args: tuple[str, ...]
) -> None:
    fast, usual = _both(_into_a_closed_pipe, seed_001_path, args)
    assert fast == usual
    assert b"Traceback" not in fast[1]


def test_a_saved_round_is_written_whole_by_the_console_script(
    seed_001_path: Path, tmp_path: Path
) -> None:
    """``pair --save`` writes the file before the command returns: the console script's file
    and answer are the usual exit's."""
    outcomes = []
    for name, program in (("fast", CONSOLE), ("usual", USUAL)):
        copy = tmp_path / name / "event.json"
        copy.parent.mkdir()
        copy.write_bytes(seed_001_path.read_bytes())
        done = _run(program, "pair", str(copy), "--save")
        outcomes.append(
            (done.returncode, done.stdout.replace(bytes(copy), b"FILE"), copy.read_bytes())
        )
    assert outcomes[0] == outcomes[1]
    assert outcomes[0][0] == 0
    assert outcomes[0][2] != seed_001_path.read_bytes()
