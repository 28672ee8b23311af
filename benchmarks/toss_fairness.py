"""How fair is the toss over whole events? Prints a table and writes docs/toss-balance.png.

Random Swiss events of 8–200 players and 5–15 rounds with the toss on (Neutral policy unless
``--policy catch-up``): random results (5% draws), a bye when the field is odd. Pairings come
from ``fairpair.engine.pairing`` when it is importable, otherwise from the greedy
points-and-no-rematch pairer of the test fixture (tests/engine/toss/swiss_fixture.py), which
the output names. For the players who played every round (no bye), the table gives the largest
|balance| at the end and the share of players at each |balance|; and the reasons that decided
the tosses. The plot shows the spread of balances round by round.

    uv run python benchmarks/toss_fairness.py [--events 20] [--policy neutral] [--no-plot]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "engine" / "toss" / "swiss_fixture.py"
PLOT = ROOT / "docs" / "toss-balance.png"
SIZES = (8, 16, 32, 64, 128, 200)
ROUNDS = (5, 8, 12, 15)


def load_fixture() -> ModuleType:
    spec = importlib.util.spec_from_file_location("swiss_fixture", FIXTURE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["swiss_fixture"] = module
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=20, help="events per field size and length")
    parser.add_argument("--policy", choices=("neutral", "catch-up"), default="neutral")
    parser.add_argument("--no-plot", action="store_true")
    args = parser.parse_args()

    from fairpair.engine.stage import TossPolicy
    from fairpair.engine.toss import toss_history

    fixture = load_fixture()
    policy = TossPolicy(args.policy)
    rng = random.Random(20240601)
    header = (
        f"{'players':>7} {'rounds':>6} {'events':>6} {'max|b|':>6} "
        f"{'|b|=0':>7} {'|b|=1':>7} {'|b|=2':>7} {'|b|>=3':>7} {'<=1':>7}   "
        f"{'balance':>7} {'history':>7} {'policy':>7}"
    )
    print(f"toss fairness — policy {policy.value}, {args.events} events per row")
    pairer_name = ""
    print(header)
    overall: Counter[int] = Counter()
    overall_max = 0
    toss_times: list[float] = []
    for size in SIZES:
        for rounds in ROUNDS:
            spread: Counter[int] = Counter()
            reasons: Counter[str] = Counter()
            worst = 0
            for _ in range(args.events):
                start = time.perf_counter()
                sim = fixture.simulate(size, rounds, rng, policy=policy)
                toss_times.append((time.perf_counter() - start) / rounds)
                pairer_name = sim.pairer
                stage = sim.tournament.stage()
                for record in toss_history(stage).records.values():
                    if record.matches == rounds:  # played every round, no bye
                        spread[abs(record.balance)] += 1
                        worst = max(worst, abs(record.balance))
                for rnd in stage.rounds:
                    for match in rnd.matches:
                        reasons[match.toss.reason.value] += 1
            total = sum(spread.values()) or 1
            tossed = sum(reasons.values()) or 1

            def pct(n: int, of: int) -> str:
                return f"{100 * n / of:6.1f}%"

            policy_share = reasons["neutral"] + reasons["catch-up"]
            print(
                f"{size:>7} {rounds:>6} {args.events:>6} {worst:>6} "
                f"{pct(spread[0], total)} {pct(spread[1], total)} {pct(spread[2], total)} "
                f"{pct(sum(v for k, v in spread.items() if k >= 3), total)} "
                f"{pct(spread[0] + spread[1], total)}   "
                f"{pct(reasons['balance'], tossed)} {pct(reasons['history'], tossed)} "
                f"{pct(policy_share, tossed)}"
            )
            overall.update(spread)
            overall_max = max(overall_max, worst)
    everyone = sum(overall.values())
    print(f"pairings: {pairer_name}")
    print(
        f"all rows: max |balance| {overall_max}; within ±1: "
        f"{100 * (overall[0] + overall[1]) / everyone:.1f}% of {everyone} player-events; "
        "distribution of |balance|: "
        + ", ".join(f"{k}: {100 * v / everyone:.1f}%" for k, v in sorted(overall.items()))
    )
    print(
        f"simulated round incl. pairing and toss: median {1000 * statistics.median(toss_times):.2f}"
        f" ms, max {1000 * max(toss_times):.2f} ms"
    )
    timing(fixture)
    if not args.no_plot:
        plot(fixture, policy)


def timing(fixture: ModuleType) -> None:
    """Time ``assign_tosses`` alone for round 15 of a 14-round event (best of 5)."""
    from fairpair.engine.stage import TossPolicy
    from fairpair.engine.toss import assign_tosses

    print("assign_tosses for round 15 (best of 5):")
    for players in (1_000, 5_000):
        for policy in TossPolicy:
            sim = fixture.simulate(players, 14, random.Random(players), policy=policy)
            t = sim.tournament
            stage = t.stage()
            pairs, _ = (fixture.real_pairer() or fixture.greedy_pairer)(t, stage)
            best = float("inf")
            for _ in range(5):
                start = time.perf_counter()
                assign_tosses(t, stage, 15, pairs)
                best = min(best, time.perf_counter() - start)
            print(f"  {players:>6} players, {policy.value:<9}: {1000 * best:8.1f} ms")


def plot(fixture: ModuleType, policy: object) -> None:
    """Stacked shares of |balance| 0 / 1 / 2 / 3+ after each round, 128 players, 15 rounds."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rng = random.Random(7)
    players, rounds, events = 128, 15, 40
    counts = [Counter[int]() for _ in range(rounds)]
    for _ in range(events):
        sim = fixture.simulate(players, rounds, rng, policy=policy)
        for index, after in enumerate(sim.balances):
            for value in after.values():
                counts[index][min(abs(value), 3)] += 1
    print(f"spread by round — {players} players, {rounds} rounds, {events} events (all players)")
    print(f"{'after':>5} {'|b|=0':>7} {'|b|=1':>7} {'|b|=2':>7} {'|b|>=3':>7}")
    for index, count in enumerate(counts, start=1):
        total = max(1, sum(count.values()))
        print(f"{index:>5} " + " ".join(f"{100 * count[k] / total:6.1f}%" for k in range(4)))
    xs = list(range(1, rounds + 1))
    labels = ["|balance| 0", "|balance| 1", "|balance| 2", "|balance| 3+"]
    colours = ["#2e7d32", "#f9a825", "#e53935", "#7b1fa2"]
    fig, ax = plt.subplots(figsize=(8, 4.2), dpi=120)
    bottom = [0.0] * rounds
    for level, (label, colour) in enumerate(zip(labels, colours, strict=True)):
        share = [100 * counts[i][level] / max(1, sum(counts[i].values())) for i in range(rounds)]
        ax.bar(xs, share, bottom=bottom, label=label, color=colour, width=0.8)
        bottom = [b + s for b, s in zip(bottom, share, strict=True)]
    ax.set_xlabel("after round")
    ax.set_ylabel("% of players")
    ax.set_xticks(xs)
    ax.set_ylim(0, 100)
    ax.set_title(f"Toss balance by round — {players} players, {events} random events")
    ax.legend(loc="lower left", fontsize=8, framealpha=0.9)
    fig.tight_layout()
    PLOT.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(PLOT)
    print(f"plot: {PLOT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
