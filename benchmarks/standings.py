"""Time and peak memory to compute standings with the full tiebreak catalogue.

Random 3/1/0 events (BO3 with game scores, ~5% draws, ~3% forfeits, ~5% drops, byes when
odd) of 1,000 / 10,000 / 100,000 players × 15 rounds, paired by points (a quick generator,
not the pairing engine). Prints a table; record it in docs/performance.md.

    uv run python benchmarks/standings.py [--sizes 1000 10000 100000] [--rounds 15]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
import tracemalloc
from dataclasses import replace

from calibrate import loop_seconds

from fairpair.engine.drops import Drop
from fairpair.engine.players import Player
from fairpair.engine.results import GameScore, Result, ResultKind, Side
from fairpair.engine.rounds import Bye, Match, Round
from fairpair.engine.rulesets import MTG
from fairpair.engine.stage import Stage
from fairpair.engine.standings import compute_standings
from fairpair.engine.tiebreaks import REGISTRY
from fairpair.engine.tournament import Tournament
from fairpair.gc_pause import paused_gc


def random_event(players: int, rounds: int, seed: int = 1) -> Tournament:
    rng = random.Random(seed)
    people = tuple(
        Player(f"p{i}", f"Player {i}", seed=i + 1, rating=1000 + rng.randrange(1500))
        for i in range(players)
    )
    points = dict.fromkeys((p.id for p in people), 0)
    active = [p.id for p in people]
    drops: list[Drop] = []
    played: list[Round] = []
    outcomes = [GameScore(2, 0), GameScore(2, 1), GameScore(0, 2), GameScore(1, 2)]
    for number in range(1, rounds + 1):
        order = sorted(active, key=lambda pid: (-points[pid], rng.random()))
        byes: tuple[Bye, ...] = ()
        if len(order) % 2:
            byes = (Bye(order.pop()),)
            points[byes[0].player] += 3
        matches = []
        for table, i in enumerate(range(0, len(order), 2), start=1):
            a, b = order[i], order[i + 1]
            roll = rng.random()
            if roll < 0.05:
                result = Result.draw(GameScore(1, 1, 1))
                points[a] += 1
                points[b] += 1
            elif roll < 0.08:
                result = Result.forfeit(Side.A)
                points[a] += 3
            else:
                games = outcomes[rng.randrange(4)]
                result = Result(ResultKind.PLAYED, games.winner(), games)
                points[a if games.winner() is Side.A else b] += 3
            matches.append(Match(table, a, b, result))
        played.append(Round(number, tuple(matches), byes))
        leaving = [pid for pid in active if rng.random() < 0.05 / rounds]
        for pid in leaving:
            drops.append(Drop(pid, number))
        gone = set(leaving)
        active = [pid for pid in active if pid not in gone]
    stage = Stage(ruleset=replace(MTG, tiebreaks=tuple(REGISTRY)), rounds=tuple(played))
    return Tournament("benchmark", people, (stage,), tuple(drops))


def measure(players: int, rounds: int) -> tuple[float, float, float, int]:
    """First call, median of three more calls, peak traced memory, rows."""
    event = random_event(players, rounds)
    start = time.perf_counter()
    table = compute_standings(event)
    first = time.perf_counter() - start
    again = []
    for _ in range(3):
        del table  # free the previous result outside the timed part
        start = time.perf_counter()
        table = compute_standings(event)
        again.append(time.perf_counter() - start)
    tracemalloc.start()
    compute_standings(event)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return first, statistics.median(again), peak / 2**20, len(table.rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    print(f"# standings, full catalogue ({len(REGISTRY)} tiebreaks), {args.rounds} rounds")
    print(f"# {platform.python_implementation()} {platform.python_version()}, {platform.machine()}")
    print(
        f"# yardstick: a 10M-step Python loop took {loop_seconds():.2f} s (benchmarks/calibrate.py)"
    )
    print("# first: the first call after building the event; again: median of 3 more calls")
    print(f"{'players':>9} {'rows':>9} {'first (s)':>10} {'again (s)':>10} {'peak MiB':>9}")
    for size in args.sizes:
        first, again, peak, rows = measure(size, args.rounds)
        print(f"{size:>9,} {rows:>9,} {first:>10.3f} {again:>10.3f} {peak:>9.1f}", flush=True)


if __name__ == "__main__":
    # As the command line does: the collector is paused for the whole run (fairpair.gc_pause).
    with paused_gc():
        main()
