"""Benchmark: the tournament document path — load (read + validate) and save — at many sizes.

    uv run python benchmarks/document.py            # 1,000, 10,000, 100,000 players
    uv run python benchmarks/document.py 10000      # chosen sizes

For each size it builds an event with the pairing benchmark's generator (``build_event``:
a 3/1/0 Swiss with draws and drops, ⌈log₂ N⌉ rounds capped to 9–15, every round but the last
played), writes it with ``dump_document``, then times ``load_document`` on the file (best of
three) and ``load_large_document`` (a round at a time, rounds and players read by msgspec:
how the command line reads a file of 2 MiB or more), the save of one more round into the file
(``save_with_new_round``: walking the text, writing the round in the file's layout, an atomic
write; best of three on fresh copies), the same through ``save_document`` (which first reads
the file to see that only a round was added), and measures the peak memory of a fresh process
that only loads the file (VmHWM, Python included), by each reader. As the command line does,
the garbage collector is paused while timing (``fairpair.gc_pause``). Results go in
docs/performance.md ("Document").
"""

from __future__ import annotations

import platform
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from datetime import date
from pathlib import Path

from calibrate import loop_seconds
from pairing import build_event, rounds_for

from fairpair.engine.pairing import pair_next_round
from fairpair.gc_pause import paused_gc
from fairpair.interop.document import dump_document, load_document
from fairpair.interop.document.large import load_large_document
from fairpair.interop.save import save_document, save_with_new_round

SIZES = (1_000, 10_000, 100_000)

#: The peak resident memory of a process that only loads the file. VmHWM, not ru_maxrss: on
#: Linux ru_maxrss survives fork + exec, so a child would report this benchmark's own peak.
PEAK = """
import gc, sys
from fairpair.interop.document import load_document
from fairpair.interop.document.large import load_large_document
gc.disable()
(load_large_document if sys.argv[2] == "rounds" else load_document)(sys.argv[1])
status = open("/proc/self/status").read().split("VmHWM:")[1]
print(int(status.split()[0]) / 1024)
"""


def best(seconds: list[float]) -> float:
    return min(seconds)


def measure(n: int, folder: Path) -> dict[str, float]:
    rounds = rounds_for(n)
    tournament = build_event(n, rounds)
    path = folder / f"event-{n}.json"
    path.write_text(dump_document(tournament), encoding="utf-8")
    loads, by_rounds = [], []
    for _ in range(3):
        started = time.perf_counter()
        loaded = load_document(path)
        loads.append(time.perf_counter() - started)
        started = time.perf_counter()
        load_large_document(path)
        by_rounds.append(time.perf_counter() - started)
    new_round = pair_next_round(loaded).to_round()
    stage = loaded.stage()
    with_new = replace(loaded, stages=(replace(stage, rounds=(*stage.rounds, new_round)),))
    saves, whole_saves = [], []
    for k in range(3):
        copy = folder / f"copy-{k}.json"
        shutil.copyfile(path, copy)
        started = time.perf_counter()
        save_with_new_round(copy, stage.id, new_round)
        saves.append(time.perf_counter() - started)
        shutil.copyfile(path, copy)
        started = time.perf_counter()
        save_document(with_new, copy)
        whole_saves.append(time.perf_counter() - started)
        copy.unlink()
    peak, rounds_peak = (
        subprocess.run(
            [sys.executable, "-c", PEAK, str(path), how], capture_output=True, text=True, check=True
        )
        for how in ("whole", "rounds")
    )
    return {
        "players": n,
        "rounds": rounds - 1,
        "mb": path.stat().st_size / 1e6,
        "load": best(loads),
        "by_rounds": best(by_rounds),
        "save": best(saves),
        "save_document": best(whole_saves),
        "peak": float(peak.stdout.strip()),
        "rounds_peak": float(rounds_peak.stdout.strip()),
    }


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or list(SIZES)
    uname = platform.uname()
    print(f"# {uname.system} {uname.release} {uname.machine}, Python {platform.python_version()}")
    print(f"# {date.today()}, yardstick: a 10M-step Python loop took {loop_seconds():.2f} s")
    print(
        "| players | rounds | file (MB) | load (s) | save a round (s) | save_document (s) "
        "| load process peak (MiB) | load a round at a time (s) | its peak (MiB) |"
    )
    print("|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    with tempfile.TemporaryDirectory() as folder:
        for n in sizes:
            with paused_gc():
                r = measure(n, Path(folder))
            print(
                f"| {r['players']:,} | {r['rounds']:.0f} | {r['mb']:.1f} | {r['load']:.2f} | "
                f"{r['save']:.2f} | {r['save_document']:.2f} | {r['peak']:.0f} | "
                f"{r['by_rounds']:.2f} | {r['rounds_peak']:.0f} |",
                flush=True,
            )


if __name__ == "__main__":
    main(sys.argv[1:])
