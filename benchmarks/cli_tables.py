"""Whole-command time of the standings and Toss tables against their ``--json``, big events.

Builds random 3/1/0 events with the engine (``benchmarks/standings.py``'s generator), writes
each as a tournament document, then runs ``fairpair standings`` and ``fairpair toss`` as a
user does (a new process each time, output to a pipe or a forced 200-column terminal) and
prints a table of sizes × times (best of ``--runs``). The table path must stay within 1 s of
the JSON path at 20,000 players. Record the table in docs/performance.md.

    uv run python benchmarks/cli_tables.py [--sizes 4000 20000] [--rounds 10] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from calibrate import loop_seconds
from standings import random_event

from fairpair.interop.document import dump_document

#: (label, extra arguments, screen)
VARIANTS = [
    ("--json", ["--json"], "pipe"),
    ("top 50 (default)", [], "pipe"),
    ("--all, piped", ["--all"], "pipe"),
    ("--all, terminal", ["--all"], "terminal"),
]


def run_seconds(args: list[str], screen: str, runs: int) -> float:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if screen == "terminal":
        env.update({"FORCE_COLOR": "1", "COLUMNS": "200"})
    else:
        env["TTY_COMPATIBLE"] = "0"
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "fairpair", *args], capture_output=True, env=env, check=False
        )
        best = min(best, time.perf_counter() - start)
        if done.returncode != 0:
            raise SystemExit(done.stderr.decode(errors="replace"))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[4000, 20000])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    print(f"yardstick (10M-step loop): {loop_seconds():.2f} s")
    print()
    print("| players | command | " + " | ".join(v[0] for v in VARIANTS) + " | table − json |")
    print("|--:|---|" + "--:|" * len(VARIANTS) + "--:|")
    with tempfile.TemporaryDirectory() as folder:
        for size in options.sizes:
            path = Path(folder) / f"event-{size}.json"
            path.write_text(dump_document(random_event(size, options.rounds)), encoding="utf-8")
            for command in ("standings", "toss"):
                times = [
                    run_seconds([command, str(path), *extra], screen, options.runs)
                    for _, extra, screen in VARIANTS
                ]
                worst = max(times[1:]) - times[0]
                cells = " | ".join(f"{t:.2f}" for t in times)
                print(f"| {size:,} | {command} | {cells} | {worst:+.2f} |", flush=True)


if __name__ == "__main__":
    main()
