"""Pod seat fairness and repeat pod-mates over random 10-round pod events (docs/performance.md
"Pods"; docs/pods.md "Seat rotation").

For each field size 3..40 and remainder mode (pod size 4), ``--seeds`` random events of
``--rounds`` rounds: each round is paired by ``engine.pods.pair_pods`` (with the first-seat
counts, as the pods format pairs) and seated by ``seat_order``; one seat per table, drawn,
wins (5 points). Printed per row: the largest first-seat spread (max − min over every player
of the event, and over players with equally many rounds played), the most repeat pod-mate
pairs in one event, and the time per event.

    uv run python benchmarks/pod_seats.py [--seeds 5] [--rounds 10] [--low 3] [--high 40]
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from datetime import UTC, datetime

from fairpair.engine.pods import (
    RemainderMode,
    first_seat_spread,
    pair_pods,
    plan_pods,
    pod_tables,
    seat_history,
)
from fairpair.engine.rounds import Round


def event(n: int, mode: RemainderMode, seed: int, rounds: int) -> tuple[int, int, int]:
    """(spread over everyone, spread among equal rounds played, repeat pod-mate pairs)."""
    rng = random.Random(seed)
    ids = [f"p{i:02}" for i in range(n)]
    points = dict.fromkeys(ids, 0)
    met: dict[str, set[str]] = {p: set() for p in ids}
    had_bye: set[str] = set()
    played: list[Round] = []
    plan = plan_pods(n, 4, mode)
    repeats = 0
    for number in range(1, rounds + 1):
        ranked = sorted(ids, key=lambda p: (-points[p], p))
        history = seat_history(played)
        firsts = {p: sum(1 for s in history.get(p, ()) if s == 1) for p in ids}
        pairing = pair_pods(ranked, met, plan, had_bye=had_bye, first_seats=firsts)
        repeats += pairing.repeats
        played.append(Round(number, pods=pod_tables(pairing.tables, history)))
        had_bye.update(pairing.byes)
        for table in pairing.tables:
            for p in table:
                met[p].update(q for q in table if q != p)
            points[rng.choice(table)] += 5
    history = seat_history(played)
    counts = [sum(1 for s in history.get(p, ()) if s == 1) for p in ids]
    return max(counts) - min(counts), first_seat_spread(history), repeats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--low", type=int, default=3)
    parser.add_argument("--high", type=int, default=40)
    args = parser.parse_args()
    print(
        f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC; {args.seeds} events per row, "
        f"{args.rounds} rounds, pod size 4"
    )
    print(
        "| players | mode | max spread (all) | max spread (equal rounds) | max repeats | s/event |"
    )
    print("|---:|---|---:|---:|---:|---:|")
    worst = {m: [0, 0, 0] for m in RemainderMode}
    for n in range(args.low, args.high + 1):
        for mode in RemainderMode:
            start = time.perf_counter()
            results = [event(n, mode, seed, args.rounds) for seed in range(args.seeds)]
            took = (time.perf_counter() - start) / args.seeds
            spread = max(r[0] for r in results)
            equal = max(r[1] for r in results)
            repeats = max(r[2] for r in results)
            w = worst[mode]
            w[0], w[1], w[2] = max(w[0], spread), max(w[1], equal), max(w[2], repeats)
            print(f"| {n} | {mode} | {spread} | {equal} | {repeats} | {took:.3f} |")
    for mode, (spread, equal, repeats) in worst.items():
        print(f"# worst {mode}: spread {spread} (equal rounds {equal}), repeats {repeats}")


if __name__ == "__main__":
    main()
