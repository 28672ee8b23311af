"""Benchmark: start-up of the `fairpair` command, and what a command-line framework costs.

    uv run python benchmarks/startup.py              # 15 runs a row
    uv run python benchmarks/startup.py --runs 31    # more runs a row

Each row is a fresh process; its CPU time (user + system) is read with
``getrusage(RUSAGE_CHILDREN)`` around the run, to the microsecond (GNU time rounds to 10 ms,
as large as the differences measured here). The table gives the smallest and the median CPU
time over the runs (the smallest is the least disturbed by other work on the machine; read the
median when the machine is quiet) and the median wall time. Rows: the bare interpreter, the
import of each framework a command line could use (argparse, click, typer, and typer running
one command, which imports its parameter adapters), then `fairpair --version`,
`fairpair -h` and `fairpair standings` on the nine-player seed document (target ≤ 0.1 s CPU,
issue 35). Results go in docs/performance.md ("Start-up").

Bytecode must be cached for a fair figure: the script compiles the package once (and says
so) before it measures, since ``PYTHONDONTWRITEBYTECODE`` would make every run compile.
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import os
import platform
import resource
import statistics
import subprocess
import sys
import sysconfig
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED = ROOT / "examples" / "seed-001-nine-players.json"
PY = sys.executable

#: Typer running one command: what any Typer command imports (its parameter adapters).
TYPER_COMMAND = (
    "import typer\n"
    "app = typer.Typer()\n"
    "@app.command()\n"
    "def run(name: str, count: int = 1) -> None: ...\n"
    "typer.main.get_command(app).main(['x'], standalone_mode=False)\n"
)


def fairpair_command() -> list[str]:
    """The installed `fairpair` script next to this Python (as a user runs it)."""
    script = Path(sys.executable).with_name("fairpair")
    return [str(script)] if script.exists() else [PY, "-m", "fairpair"]


def rows() -> list[tuple[str, list[str]]]:
    """The rows to measure; a framework that is not installed is left out (Typer is no
    dependency of fairpair: ``uv run --with typer python benchmarks/startup.py`` adds it)."""
    fairpair = fairpair_command()
    frameworks = [
        ("python -c 'import argparse'", "argparse", [PY, "-c", "import argparse"]),
        ("python -c 'import click'", "click", [PY, "-c", "import click"]),
        ("python -c 'import typer'", "typer", [PY, "-c", "import typer"]),
        ("typer, one command run", "typer", [PY, "-c", TYPER_COMMAND]),
    ]
    return [
        ("python -c pass", [PY, "-c", "pass"]),
        *((label, argv) for label, name, argv in frameworks if importlib.util.find_spec(name)),
        ("fairpair --version", [*fairpair, "--version"]),
        ("fairpair -h", [*fairpair, "-h"]),
        ("fairpair standings seed-001", [*fairpair, "standings", str(SEED)]),
    ]


def cpu_of_children() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run_once(argv: list[str]) -> tuple[float, float]:
    """CPU and wall seconds of one process (its output thrown away)."""
    before = cpu_of_children()
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.decode()}")
    return cpu_of_children() - before, wall


def compile_package() -> None:
    """Write the bytecode of fairpair and its libraries once, as an installer would."""
    import fairpair

    paths = sysconfig.get_paths()
    folders = {Path(fairpair.__file__).parent, Path(paths["purelib"]), Path(paths["platlib"])}
    for folder in sorted(folders):
        compileall.compile_dir(folder, quiet=1, workers=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="Processes a row (default 15).")
    args = parser.parse_args()
    compile_package()
    env_note = "PYTHONDONTWRITEBYTECODE set" if os.environ.get("PYTHONDONTWRITEBYTECODE") else ""
    # The children inherit the environment; bytecode is now cached, so they only read it.
    load = os.getloadavg()[0]
    print(
        f"{date.today()}, {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, load average {load:.1f}, {args.runs} runs a row"
        + (f", {env_note}" if env_note else "")
    )
    print()
    print("| command | CPU min (s) | CPU median (s) | wall median (s) |")
    print("|---|--:|--:|--:|")
    for label, argv in rows():
        run_once(argv)  # warm the page cache
        cpu, wall = zip(*(run_once(argv) for _ in range(args.runs)), strict=True)
        print(
            f"| `{label}` | {min(cpu):.3f} | {statistics.median(cpu):.3f} "
            f"| {statistics.median(wall):.3f} |"
        )


if __name__ == "__main__":
    main()
