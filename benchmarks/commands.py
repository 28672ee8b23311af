"""Benchmark: whole `fairpair` commands as a user runs them — process start to exit.

    uv run python benchmarks/commands.py                 # start-up, 10,000 and 100,000 players
    uv run python benchmarks/commands.py --sizes 10000   # chosen sizes
    uv run python benchmarks/commands.py --runs 5        # more runs per command

Start-up: `fairpair standings` on the nine-player seed document (and a bare `python -c pass`
for scale). Big events: a document of N players with 14 rounds played (15 past 10,000
players), built as benchmarks/pairing.py builds them, with the `mtg` preset and its tiebreaks,
written by `dump_document`; then `fairpair pair FILE`,
`fairpair pair FILE --json`, `fairpair standings FILE --json` and `fairpair validate FILE`.
Each command runs in a fresh process; the table gives the median and the slowest wall time,
the CPU time (user + system) of the median run and the process's peak memory (max RSS).
Results go in docs/performance.md ("Whole commands").
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from datetime import date
from pathlib import Path

from calibrate import loop_seconds
from pairing import build_event

from fairpair import dump_document, get_ruleset

ROOT = Path(__file__).resolve().parent.parent
SEED = ROOT / "examples" / "seed-001-nine-players.json"


def fairpair_command() -> list[str]:
    """The installed `fairpair` script next to this Python (as a user runs it)."""
    script = Path(sys.executable).with_name("fairpair")
    return [str(script)] if script.exists() else [sys.executable, "-m", "fairpair"]


GNU_TIME = shutil.which("time", path="/usr/bin:/bin")


def run(argv: list[str]) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds, peak RSS MiB and exit code of one process.

    GNU time, when installed, starts the command (its own memory is tiny, so the peak is the
    command's own; a child forked from this Python would report this process's size)."""
    if GNU_TIME is not None:
        with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
            with open(os.devnull, "wb") as sink:
                code = subprocess.run(
                    [GNU_TIME, "-q", "-o", report.name, "-f", "%e %U %S %M", *argv],
                    stdout=sink,
                    stderr=subprocess.DEVNULL,
                    check=False,
                ).returncode
            wall, user, system, rss = report.read().split()[-4:]
        return float(wall), float(user) + float(system), int(rss) / 1024, code
    started = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        proc = subprocess.Popen(argv, stdout=sink, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    code = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code


def measure(label: str, argv: list[str], runs: int) -> dict[str, object]:
    results = [run(argv) for _ in range(runs)]
    codes = {r[3] for r in results}
    walls = sorted(r[0] for r in results)
    median = statistics.median(walls)
    mid = min(results, key=lambda r: abs(r[0] - median))
    return {
        "command": label,
        "median": median,
        "max": walls[-1],
        "cpu": mid[1],
        "rss": max(r[2] for r in results),
        "exit": ",".join(str(c) for c in sorted(codes)),
    }


def row(r: dict[str, object]) -> str:
    return (
        f"| {r['command']} | {r['median']:.2f} | {r['max']:.2f} | {r['cpu']:.2f} "
        f"| {r['rss']:.0f} | {r['exit']} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[10_000, 100_000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--played", type=int, default=0, help="rounds played (default 14 to 10,000, else 15)"
    )
    args = parser.parse_args()
    fairpair = fairpair_command()
    print(f"# {platform.machine()}, Python {platform.python_version()}, {date.today()}")
    print(f"# yardstick: a 10M-step Python loop took {loop_seconds():.2f} s")
    print("| command | median wall (s) | slowest (s) | CPU (s) | peak RSS (MiB) | exit |")
    print("|---|--:|--:|--:|--:|--:|")
    print(row(measure("python -c pass", [sys.executable, "-c", "pass"], max(args.runs, 5))))
    for argv, label in (
        (["standings", str(SEED)], "fairpair standings (9 players)"),
        (["standings", str(SEED), "--json"], "fairpair standings --json (9 players)"),
        (["pair", str(SEED)], "fairpair pair (9 players)"),
        (["--help"], "fairpair --help"),
    ):
        print(row(measure(label, [*fairpair, *argv], max(args.runs, 5))), flush=True)
    folder = Path(tempfile.mkdtemp(prefix="fairpair-bench-"))
    try:
        for n in args.sizes:
            played = args.played or (14 if n <= 10_000 else 15)
            path = folder / f"event-{n}.json"
            event = build_event(n, played + 1)
            # The Magic preset with its tiebreaks (OMW%, GW%, OGW%), as an event would have.
            stage = replace(event.stage(), ruleset=get_ruleset("mtg"))
            path.write_text(dump_document(replace(event, stages=(stage,))), encoding="utf-8")
            size = path.stat().st_size / 2**20
            print(f"| *{n:,} players, {played} rounds played, mtg, {size:.1f} MB* | | | | | |")
            for argv in (
                ["validate", str(path)],
                ["standings", str(path), "--json"],
                ["pair", str(path)],
                ["pair", str(path), "--json"],
            ):
                label = "fairpair " + " ".join(a for a in argv if a != str(path))
                print(row(measure(label, [*fairpair, *argv], args.runs)), flush=True)
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
