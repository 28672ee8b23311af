"""Large pod events through the pods format (docs/performance.md "Large pod fields").

For each field size, one event of ``--rounds`` rounds: each round paired by
``pair_next_round`` on a ``pods`` stage (the ``pods`` preset, tables of 4), released, and
every table given random finishing places. Printed per row: seconds per round, the repeat
pod-mate pairs over the event, the largest first-seat spread (max − min), and peak RSS.

    uv run python benchmarks/pod_rounds.py [--sizes 100 200 400 800] [--rounds 6]
"""

from __future__ import annotations

import argparse
import platform
import random
import resource
import time
from collections import Counter
from datetime import UTC, datetime
from itertools import combinations

from fairpair.engine.changes import record_places, release_round
from fairpair.engine.formats import pair_next_round
from fairpair.engine.players import Player
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import StageFormat, stage_from_settings
from fairpair.engine.tournament import Tournament


def run(n: int, rounds: int, seed: int) -> tuple[list[float], int, int]:
    players = tuple(Player(f"p{k}", f"P{k}", seed=k) for k in range(1, n + 1))
    stage = stage_from_settings(
        id="pods", format=StageFormat.PODS, ruleset=PRESETS["pods"], max_rounds=rounds
    )
    t = Tournament("bench", players, (stage,))
    rng = random.Random(seed)
    times: list[float] = []
    met: set[frozenset[str]] = set()
    repeats = 0
    first: Counter[str] = Counter({p.id: 0 for p in players})
    for number in range(1, rounds + 1):
        start = time.perf_counter()
        draft = pair_next_round(t)
        times.append(time.perf_counter() - start)
        for pod in draft.pods:
            first[pod.seats[0]] += 1
            for a, b in combinations(pod.seats, 2):
                pair = frozenset((a, b))
                repeats += pair in met
                met.add(pair)
        t = release_round(t, draft, state=None)
        for pod in draft.pods:
            places = list(range(1, len(pod.seats) + 1))
            rng.shuffle(places)
            t = record_places(t, number, pod.table, tuple(places))
    return times, repeats, max(first.values()) - min(first.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 200, 400, 800])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"# pod rounds: {args.rounds} rounds, tables of 4, pods preset, random places")
    print(
        f"# {platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC"
    )
    print(
        f"{'players':>7}  {'seconds per round':<40} {'max':>5} {'repeats':>7} "
        f"{'spread':>6} {'RSS MiB':>7}"
    )
    for n in args.sizes:
        times, repeats, spread = run(n, args.rounds, args.seed)
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        shown = " ".join(f"{x:.2f}" for x in times)
        print(f"{n:>7}  {shown:<40} {max(times):>5.2f} {repeats:>7} {spread:>6} {rss:>7.0f}")


if __name__ == "__main__":
    main()
