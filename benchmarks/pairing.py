"""Benchmark: pair the last round of a random 3/1/0 Swiss (draws and drops) of many sizes.

    uv run python benchmarks/pairing.py            # 100, 1,000, 4,000, 10,000, 100,000
    uv run python benchmarks/pairing.py 1000 4000  # chosen sizes

For each size it builds an event of 9–15 rounds (more rounds for bigger fields, as ⌈log₂ N⌉
suggests), paired round by round with a cheap generator (score groups, adjacent, a greedy
rematch dodge) so the history looks like a real Swiss, then times ``pair_next_round`` on the
last round and runs the invariant helper on its draft. Time is the first call; peak memory is
tracemalloc's peak during a second, traced call (tracing slows Python, so it is not timed);
CPU is the process time of the first call (steadier than wall time on a loaded machine);
the process's own peak (ru_maxrss, history included) is shown too. Results go in
docs/performance.md ("Pairing").
"""

from __future__ import annotations

import platform
import random
import resource
import sys
import time
import tracemalloc
from dataclasses import replace
from datetime import date

from calibrate import loop_seconds

from fairpair.engine.drops import Drop
from fairpair.engine.pairing import RematchRepairedNote, check_pairing, pair_next_round
from fairpair.engine.players import Player
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Bye, Match, Round
from fairpair.engine.rulesets import get_ruleset
from fairpair.engine.stage import Stage
from fairpair.engine.tournament import Tournament
from fairpair.gc_pause import paused_gc

SIZES = (100, 1_000, 4_000, 10_000, 100_000)


def rounds_for(n: int) -> int:
    return min(15, max(9, (n - 1).bit_length()))


def build_event(n: int, rounds: int, seed: int = 1) -> Tournament:
    """``rounds - 1`` rounds played by a cheap Swiss generator; the last is left to pair."""
    rng = random.Random(seed)
    ids = [f"p{k:06d}" for k in range(n)]
    points = dict.fromkeys(ids, 0)
    met: dict[str, set[str]] = {p: set() for p in ids}
    dropped: dict[str, int] = {}
    history: list[Round] = []
    for number in range(1, rounds):
        active = [p for p in ids if p not in dropped]
        active.sort(key=lambda p: (-points[p], p))
        byes: tuple[Bye, ...] = ()
        if len(active) % 2:
            byes = (Bye(active.pop()),)
            points[byes[0].player] += 3
        matches: list[Match] = []
        taken: set[str] = set()
        for i, a in enumerate(active):
            if a in taken:
                continue
            taken.add(a)
            b = None
            for c in active[i + 1 : i + 60]:
                if c not in taken:
                    if b is None:
                        b = c  # the nearest free player, in case all nearby met a
                    if c not in met[a]:
                        b = c
                        break
            if b is None:  # everyone nearby is taken: the next free player further down
                b = next(c for c in active[i + 60 :] if c not in taken)
            taken.add(b)
            roll = rng.random()
            if roll < 0.1:
                res, pa, pb = Result.draw(), 1, 1
            elif roll < 0.55:
                res, pa, pb = Result.win(Side.A), 3, 0
            else:
                res, pa, pb = Result.win(Side.B), 0, 3
            points[a] += pa
            points[b] += pb
            met[a].add(b)
            met[b].add(a)
            matches.append(Match(len(matches) + 1, a, b, res))
        history.append(Round(number, tuple(matches), byes))
        for p in active:
            if rng.random() < 0.01:
                dropped[p] = number
    stage = Stage(
        ruleset=replace(get_ruleset("mtg"), tiebreaks=()), seed="bench", rounds=tuple(history)
    )
    players = tuple(Player(p, p, seed=k + 1) for k, p in enumerate(ids))
    drops = tuple(Drop(p, r) for p, r in dropped.items())
    return Tournament("benchmark", players, (stage,), drops)


def measure(n: int) -> dict[str, object]:
    rounds = rounds_for(n)
    started = time.perf_counter()
    t = build_event(n, rounds)
    built = time.perf_counter() - started
    started, cpu_started = time.perf_counter(), time.process_time()
    draft = pair_next_round(t)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    tracemalloc.start()
    pair_next_round(t)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    check_pairing(t, draft)
    floats = sum(1 for note in draft.notes if note.kind.value == "float")
    return {
        "players": n,
        "round": draft.round_number,
        "time": elapsed,
        "cpu": cpu,
        "peak": peak / 2**20,
        "rematches": sum(1 for p in draft.pairings if p.forced_rematch),
        "floats": floats,
        "repaired": sum(len(n.pairs) for n in draft.notes if isinstance(n, RematchRepairedNote)),
        "build": built,
        "maxrss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or list(SIZES)
    machine = platform.processor() or platform.machine()
    print(f"# {machine}, Python {platform.python_version()}, {date.today()}")
    print(
        f"# yardstick: a 10M-step Python loop took {loop_seconds():.2f} s (benchmarks/calibrate.py)"
    )
    print(
        "| players | round | pair time (s) | pair CPU (s) | pairing peak (MiB) "
        "| process peak (MiB) | rematches | floats | repaired | history built (s) |"
    )
    print("|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for n in sizes:
        r = measure(n)
        print(
            f"| {r['players']:,} | {r['round']} | {r['time']:.2f} | {r['cpu']:.2f} | "
            f"{r['peak']:.0f} | "
            f"{r['maxrss']:.0f} | "
            f"{r['rematches']} | {r['floats']} | {r['repaired']} | {r['build']:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    # As the command line does: the collector is paused for the whole run (fairpair.gc_pause).
    with paused_gc():
        main(sys.argv[1:])
