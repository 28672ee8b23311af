"""Benchmark: one round of the FIDE Dutch system, whole command, against bbpPairings and py4swiss.

    uv run python benchmarks/dutch_speed.py                      # 100, 1,000 and 4,000 players
    uv run python benchmarks/dutch_speed.py 100 300 --repeat 3 --timeout 120
    FAIRPAIR_BBP=/path/to/bbpPairings.exe FAIRPAIR_PY4SWISS=/tmp/py4swiss-venv/bin/py4swiss \\
        uv run python benchmarks/dutch_speed.py

For each size it writes one TRF file: 5 rounds played of a 9-round tournament (``XXR 9``),
made by a cheap generator (score groups from the top, each player against the next one they
have not met, colours by the Dutch preference, then random results: 40 % White wins, 20 %
draws, 40 % Black wins), and times round 6 on that same file by each program, as a whole
process:

- fairpair: ``fairpair pair FILE --method dutch`` (the installed command of this checkout);
- bbpPairings: ``bbpPairings.exe --dutch FILE -p OUT`` when ``FAIRPAIR_BBP`` (or ``--bbp``)
  names a binary built from its public source (nothing of it is in fairpair);
- py4swiss: ``py4swiss -t FILE -p OUT`` when ``FAIRPAIR_PY4SWISS`` (or ``--py4swiss``) names
  its command, installed in a venv of its own (``uv venv /tmp/py4swiss-venv`` then
  ``VIRTUAL_ENV=/tmp/py4swiss-venv uv pip install py4swiss``; never a fairpair dependency).

A program that is not given is shown as "—"; one that runs past ``--timeout`` seconds is
stopped and shown as "> N s". Each time is the minimum of ``--repeat`` runs (the machine is
shared: the load average is printed beside the table); fairpair's CPU time (user + system, of
the run with the fastest wall clock) is shown too, as it depends less on the other work of a
shared machine. Results go in docs/performance.md
("Dutch system").
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

SIZES = (100, 1_000, 4_000)
PLAYED = 5
TOTAL = 9


def trf_file(n: int, seed: int = 6) -> str:
    """A 9-round tournament of ``n`` players after 5 rounds, as TRF text."""
    rng = random.Random(seed)
    numbers = list(range(1, n + 1))
    halves = dict.fromkeys(numbers, 0)  # points in half-points
    met: dict[int, set[int]] = {p: set() for p in numbers}
    colours: dict[int, list[str]] = {p: [] for p in numbers}
    rounds: dict[int, list[str]] = {p: [] for p in numbers}

    def wants_white(p: int) -> bool:
        whites = colours[p].count("w")
        blacks = len(colours[p]) - whites
        if whites != blacks:
            return whites < blacks
        return not colours[p] or colours[p][-1] == "b"

    for _ in range(PLAYED):
        order = sorted(numbers, key=lambda p: (-halves[p], p))
        if len(order) % 2:
            bye = order.pop()
            rounds[bye].append("0000 - U")
            halves[bye] += 2
            met[bye].add(0)
        free = set(order)
        for p in order:
            if p not in free:
                continue
            free.discard(p)
            q = next((o for o in order if o in free and o not in met[p]), None)
            if q is None:
                q = next(o for o in order if o in free)
            free.discard(q)
            met[p].add(q)
            met[q].add(p)
            white, black = (p, q) if wants_white(p) or not wants_white(q) else (q, p)
            draw = rng.random()
            w, b = ("1", "0") if draw < 0.4 else ("=", "=") if draw < 0.6 else ("0", "1")
            gain = {"1": 2, "=": 1, "0": 0}
            halves[white] += gain[w]
            halves[black] += gain[b]
            colours[white].append("w")
            colours[black].append("b")
            rounds[white].append(f"{black:4d} w {w}")
            rounds[black].append(f"{white:4d} b {b}")
    ranked = sorted(numbers, key=lambda p: (-halves[p], p))
    place = {p: k for k, p in enumerate(ranked, start=1)}
    lines = ["012 fairpair Dutch speed benchmark", f"XXR {TOTAL}", "XXC white1"]
    for p in numbers:
        name = f"Test{p:04d} Player{p:04d}"
        static = (
            f"001 {p:4d}      {name:<34}{2700 - p // 4:4d}{'':28}{halves[p] / 2:4.1f} {place[p]:4d}"
        )
        lines.append(static + "".join(f"  {r}" for r in rounds[p]))
    return "\n".join(lines) + "\n"


def timed(command: list[str], timeout: float, repeat: int) -> float | None:
    """The fastest of ``repeat`` runs, in seconds; ``None`` when a run passed ``timeout``."""
    best = timed_cpu(command, timeout, repeat)
    return None if best is None else best[0]


def timed_cpu(command: list[str], timeout: float, repeat: int) -> tuple[float, float] | None:
    """The fastest of ``repeat`` runs: wall clock and CPU time (user + system) of the
    process, in seconds; ``None`` when a run passed ``timeout``."""
    best: tuple[float, float] | None = None
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        try:
            subprocess.run(command, check=True, capture_output=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
        spent = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best = (spent, cpu) if best is None or spent < best[0] else best
    return best


def cell(value: float | None, given: bool, timeout: float) -> str:
    if not given:
        return "—"
    if value is None:
        return f"> {timeout:.0f} s"
    return f"{value:.2f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", type=int, nargs="*", default=list(SIZES))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--bbp", default=os.environ.get("FAIRPAIR_BBP"))
    parser.add_argument("--py4swiss", default=os.environ.get("FAIRPAIR_PY4SWISS"))
    parser.add_argument("--keep", type=Path, default=None, help="keep the TRF files here")
    args = parser.parse_args()
    fairpair = shutil.which("fairpair") or str(Path(sys.executable).with_name("fairpair"))
    bbp = args.bbp if args.bbp and Path(args.bbp).is_file() else None
    py4swiss = args.py4swiss if args.py4swiss and Path(args.py4swiss).is_file() else None
    folder = args.keep or Path(tempfile.mkdtemp(prefix="dutch-speed-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(
        f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, "
        f"{date.today()}; round {PLAYED + 1} of {TOTAL}; minimum of {args.repeat} runs"
    )
    print(
        "| players | fairpair (whole command) | fairpair CPU | bbpPairings | py4swiss "
        "| load average |"
    )
    print("|---|---|---|---|---|---|")
    for n in args.sizes:
        path = folder / f"dutch_{n}.trf"
        path.write_text(trf_file(n))
        out = folder / f"out_{n}.txt"
        ours_both = timed_cpu(
            [fairpair, "pair", str(path), "--method", "dutch"], args.timeout, args.repeat
        )
        ours = None if ours_both is None else ours_both[0]
        ours_cpu = None if ours_both is None else ours_both[1]
        theirs = (
            timed([bbp, "--dutch", str(path), "-p", str(out)], args.timeout, args.repeat)
            if bbp
            else None
        )
        python = (
            timed([py4swiss, "-t", str(path), "-p", str(out)], args.timeout, args.repeat)
            if py4swiss
            else None
        )
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        cells = (
            cell(ours, True, args.timeout),
            cell(ours_cpu, True, args.timeout),
            cell(theirs, bbp is not None, args.timeout),
            cell(python, py4swiss is not None, args.timeout),
        )
        print(f"| {n:,} | {' | '.join(cells)} | {load} |", flush=True)
    if args.keep is None:
        shutil.rmtree(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
