"""Top cut math: who makes a top 8 (or top 4) after a Swiss? Prints a table, writes a plot.

Random Swiss events of 16/32/64/128 players over 4/5/6/7 rounds (⌈log₂ N⌉), paired round by
round by fairpair's own engine (``pair_next_round``, mtg ruleset, Adjacent method, no toss),
with random results and no draws: each match a best of three whose games are 50/50 coin flips,
so the game scores (2-0, 2-1) feed GW% and OGW% (``--no-games``: only the match winner is
recorded, a 50/50 flip; ``--skill SD``: each player an Elo-style rating drawn from
N(1500, SD), seeds by rating, each game won by the Elo expectation). The final standings rank
by points, then the mtg tiebreaks (OMW%, GW%, OGW%); the first ``top`` rows make the cut. Per
row it counts the X-0, X-1 and X-2 players (X-k: k losses) and how many of each made it,
beside the power-of-two expectation N·C(R, k)/2^R, the share of events in which every X-1
made it, the distribution "k of m X-2s made it", what decided the last seat (points, OMW%,
GW%, OGW%, or nothing: a tie on all of them, which the table's order then settles), and the
seed's sentence for the row (docs/topcut-math.md).

    uv run python benchmarks/topcut_math.py                 # 10,000 events per row, 2 workers
    uv run python benchmarks/topcut_math.py --events 500 --workers 1 --no-plot
    uv run python benchmarks/topcut_math.py --skill 200     # results by rating, not coin flips
    uv run python benchmarks/topcut_math.py --minutes 20    # at most 10,000 a row in ~20 min
"""

from __future__ import annotations

import argparse
import multiprocessing
import multiprocessing.pool
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from math import comb
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLOT = ROOT / "docs" / "topcut-math.png"

# (players, rounds, top, the seed's sentence) — the seed's "Top cut math" table.
ROWS: tuple[tuple[int, int, int, str], ...] = (
    (16, 4, 4, "4-0, and 3 of the four 3-1s"),
    (16, 4, 8, "4-0, all 3-1s, 3 of six 2-2s"),
    (32, 5, 8, "5-0, all 4-1s, 2 of ten 3-2s"),
    (64, 6, 8, "6-0, all 5-1s, 1 of fifteen 4-2s"),
    (128, 7, 8, "7-0 and all 6-1s, exactly"),
)
CHUNK = 100  # events per task handed to a worker


@dataclass
class Tally:
    """What a batch of events of one row produced (mergeable)."""

    events: int = 0
    count: list[int] = field(default_factory=lambda: [0, 0, 0])  # players
    made: list[int] = field(default_factory=lambda: [0, 0, 0])  # ... of them in the cut
    all_x1: int = 0  # events in which every X-1 made the cut
    x2_split: Counter[tuple[int, int]] = field(default_factory=Counter)  # (made, of) -> events
    deeper: int = 0  # cut seats taken by X-3 or worse
    line_tied: int = 0  # events whose last seat was tied on points and every tiebreak
    floats: int = 0  # events whose final record counts differ from the power-of-two split
    decided: Counter[str] = field(default_factory=Counter)  # what separated the last seat
    seconds: float = 0.0

    def merge(self, other: Tally) -> None:
        self.events += other.events
        for k in range(3):
            self.count[k] += other.count[k]
            self.made[k] += other.made[k]
        self.all_x1 += other.all_x1
        self.x2_split.update(other.x2_split)
        self.deeper += other.deeper
        self.line_tied += other.line_tied
        self.floats += other.floats
        self.decided.update(other.decided)
        self.seconds += other.seconds


TIEBREAKS = ("OMW%", "GW%", "OGW%")  # the mtg order (docs/rulesets.md)


def decider(last: tuple[object, ...], next_: tuple[object, ...]) -> str:
    """What put the last seat ahead of the first player out: points, a tiebreak, or nothing."""
    if last[2] != next_[2]:
        return "points"
    for name, mine, theirs in zip(TIEBREAKS, last[3], next_[3], strict=False):  # type: ignore[arg-type]
        if mine != theirs:
            return name
    return "tied"


def expected(players: int, rounds: int, losses: int) -> float:
    """Players on ``losses`` losses after ``rounds`` in a field that halves cleanly."""
    return players * comb(rounds, losses) / 2**rounds


def simulate(
    players: int, rounds: int, rng: random.Random, skill: float, games: bool
) -> list[tuple[int, int, object, tuple[object, ...]]]:
    """One event through the engine; the final standings in table order as (losses, rank,
    points, tiebreak values)."""
    from fairpair import (
        Player,
        Result,
        Side,
        Stage,
        Tournament,
        complete_round,
        get_ruleset,
        open_round,
        pair_next_round,
        record_result,
        release_round,
        standings,
    )

    ratings = [rng.gauss(1500, skill) if skill else 1500.0 for _ in range(players)]
    order = sorted(range(players), key=lambda k: -ratings[k])
    ids = [f"p{k:03d}" for k in range(players)]
    rating = {ids[k]: ratings[k] for k in range(players)}
    roster = tuple(Player(ids[k], ids[k], seed=s + 1) for s, k in enumerate(order))
    stage = Stage(ruleset=get_ruleset("mtg"), seed=f"{rng.getrandbits(64):016x}")
    event = Tournament("top cut math", roster, (stage,))
    for number in range(1, rounds + 1):
        event = open_round(release_round(event, pair_next_round(event)), number)
        played = event.stage().round(number)
        assert played is not None and not played.byes
        for match in played.matches:
            p_a = 1 / (1 + 10 ** ((rating[match.b] - rating[match.a]) / 400))  # 0.5 if skill 0
            if games:  # best of three, each game by p_a: 2-0, 2-1, 1-2 or 0-2
                a = b = 0
                while a < 2 and b < 2:
                    a, b = (a + 1, b) if rng.random() < p_a else (a, b + 1)
                result = Result.from_games(a, b)
            else:
                result = Result.win(Side.A if rng.random() < p_a else Side.B)
            event = record_result(event, number, match.id, result)
        event = complete_round(event, number)
    table = standings(event)
    assert all(row.draws == 0 for row in table.rows)
    return [(row.losses, row.rank or 0, row.points, row.tiebreaks) for row in table.rows]


def run_chunk(task: tuple[int, int, tuple[int, ...], int, int, float, bool]) -> list[Tally]:
    """``events`` events of one field; a Tally per cut size (the same events for each cut)."""
    players, rounds, tops, chunk, events, skill, games = task
    from fairpair.gc_pause import paused_gc

    rng = random.Random(f"topcut-{players}-{rounds}-{chunk}-{skill}-{games}")
    split = [round(expected(players, rounds, k)) for k in range(rounds + 1)]
    tallies = [Tally() for _ in tops]
    started = time.perf_counter()
    with paused_gc():
        for _ in range(events):
            rows = simulate(players, rounds, rng, skill, games)
            counts = Counter(row[0] for row in rows)
            floated = any(counts[k] != split[k] for k in range(rounds + 1))
            for top, tally in zip(tops, tallies, strict=True):
                cut = Counter(row[0] for row in rows[:top])
                tally.events += 1
                for k in range(3):
                    tally.count[k] += counts[k]
                    tally.made[k] += cut[k]
                tally.all_x1 += cut[1] == counts[1]
                tally.x2_split[(cut[2], counts[2])] += 1
                tally.deeper += sum(v for k, v in cut.items() if k >= 3)
                tally.line_tied += len(rows) > top and rows[top - 1][1] == rows[top][1]
                if len(rows) > top:
                    tally.decided[decider(rows[top - 1], rows[top])] += 1
                tally.floats += floated
    for tally in tallies:
        tally.seconds = time.perf_counter() - started  # the same events for every cut
    return tallies


def run_field(
    pool: multiprocessing.pool.Pool | None, players: int, rounds: int, tops: tuple[int, ...],
    events: int, skill: float, games: bool, deadline: float, workers: int,
) -> list[Tally]:  # fmt: skip
    """``events`` events in chunks, a wave of one chunk per worker at a time; no new wave
    starts after ``deadline`` (the tallies say how many events were run)."""
    tasks = [
        (players, rounds, tops, c, min(CHUNK, events - c * CHUNK), skill, games)
        for c in range((events + CHUNK - 1) // CHUNK)
    ]
    totals = [Tally() for _ in tops]
    for start in range(0, len(tasks), workers):
        if start and time.monotonic() > deadline:
            break
        wave = tasks[start : start + workers]
        for parts in pool.map(run_chunk, wave) if pool else map(run_chunk, wave):
            for total, part in zip(totals, parts, strict=True):
                total.merge(part)
    return totals


def describe(tally: Tally, rounds: int) -> str:
    """The row as the seed says it: '4-0, all 3-1s, 3 of six 2-2s' (averages, rounded)."""
    n = tally.events
    parts = []
    for k in range(3):
        have, made = tally.count[k] / n, tally.made[k] / n
        record = f"{rounds - k}-{k}"
        if have == 0:
            continue
        if made == 0:
            parts.append(f"no {record}s")
        elif abs(made - have) < 0.005:
            parts.append(record if have == 1 else f"all {record}s")
        else:
            parts.append(f"{made:.2f} of {have:.2f} {record}s")
    return ", ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000, help="events per row")
    parser.add_argument("--workers", type=int, default=2, help="processes (1: no pool)")
    parser.add_argument(
        "--skill", type=float, default=0.0, help="rating SD (0: every match a coin flip)"
    )
    parser.add_argument(
        "--no-games", action="store_true", help="match results only (GW%%, OGW%% have no value)"
    )
    parser.add_argument(
        "--minutes",
        type=float,
        default=0.0,
        help="time budget (0: none); a field that runs out reports the events it ran",
    )
    parser.add_argument("--no-plot", action="store_true")
    args = parser.parse_args()

    model = f"Elo ratings N(1500, {args.skill:g})" if args.skill else "50/50 coin flips"
    model += ", match results only" if args.no_games else ", best-of-three game scores"
    print(
        f"top cut math — up to {args.events:,} events per row, fairpair's pairing, "
        f"mtg tiebreaks, {model}, no draws"
    )
    context = multiprocessing.get_context("fork")
    pool = context.Pool(args.workers) if args.workers > 1 else None
    results: list[tuple[tuple[int, int, int, str], Tally]] = []
    try:
        fields = list(dict.fromkeys((players, rounds) for players, rounds, _, _ in ROWS))
        end = time.monotonic() + 60 * args.minutes if args.minutes else float("inf")
        for index, (players, rounds) in enumerate(fields):
            rows = [row for row in ROWS if row[:2] == (players, rounds)]
            tops = tuple(row[2] for row in rows)
            # Each field gets an equal share of the time left; what a field leaves unused
            # goes to the fields after it.
            now = time.monotonic()
            deadline = now + (end - now) / (len(fields) - index)
            tallies = run_field(
                pool, players, rounds, tops, args.events, args.skill, not args.no_games,
                deadline, args.workers,
            )  # fmt: skip
            results.extend(zip(rows, tallies, strict=True))
            print(
                f"  {players} players, {rounds} rounds: {tallies[0].events:,} events",
                file=sys.stderr,
                flush=True,
            )
    finally:
        if pool:
            pool.close()
            pool.join()

    print()
    print(
        "| players | rounds | top | events | X-0 (exp.) | X-1 (exp.) | X-2 (exp.) "
        "| X-0 in | X-1 in | X-2 in | deeper in | all X-1 in | last seat tied | off power-of-two |"
    )
    print("|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for (players, rounds, top, _), t in results:
        n = t.events
        have = [f"{t.count[k] / n:.2f} ({expected(players, rounds, k):g})" for k in range(3)]
        made = [f"{t.made[k] / n:.2f}" for k in range(3)]
        print(
            f"| {players} | {rounds} | {top} | {n:,} | {' | '.join(have)} | {' | '.join(made)} "
            f"| {t.deeper / n:.2f} | {100 * t.all_x1 / n:.1f}% | {100 * t.line_tied / n:.1f}% "
            f"| {100 * t.floats / n:.1f}% |"
        )
    print()
    print("What decided the last seat (the cut's last player against the first one out):")
    for (players, rounds, top, _), t in results:
        shares = ", ".join(
            f"{name} {100 * t.decided[name] / t.events:.1f}%"
            for name in ("points", *TIEBREAKS, "tied")
        )
        print(f"  {players:>3} players, {rounds} rounds, top {top}: {shares}")
    print()
    print("| players | rounds | top | the seed says | simulated (averages) |")
    print("|--:|--:|--:|---|---|")
    for (players, rounds, top, seed), t in results:
        print(f"| {players} | {rounds} | {top} | {seed} | {describe(t, rounds)} |")
    print()
    print("X-2s in the cut, 'k of m made it' (share of events):")
    for (players, rounds, top, _), t in results:
        split = ", ".join(
            f"{made} of {of}: {100 * c / t.events:.1f}%"
            for (made, of), c in sorted(t.x2_split.items(), key=lambda kv: -kv[1])[:6]
        )
        print(f"  {players:>3} players, {rounds} rounds, top {top}: {split}")
    print()
    total = sum(t.seconds for (_, _, top, _), t in results if top == 8)  # one per field
    per = ", ".join(
        f"{players}p/{rounds}r {1000 * t.seconds / t.events:.1f} ms"
        for (players, rounds, top, _), t in results
        if top == 8
    )
    print(f"simulated event (pairing, results, standings) on one core: {per}; {total:.0f} CPU-s")
    if not args.no_plot:
        plot(results, model)


def plot(results: list[tuple[tuple[int, int, int, str], Tally]], model: str) -> None:
    """Per row: the share of X-0, X-1 and X-2 players who made the cut; the seed's as marks."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    seed_share = {  # the seed's sentences as shares of each record group
        (16, 4, 4): (1, 3 / 4, 0),
        (16, 4, 8): (1, 1, 3 / 6),
        (32, 5, 8): (1, 1, 2 / 10),
        (64, 6, 8): (1, 1, 1 / 15),
        (128, 7, 8): (1, 1, 0),
    }
    labels = [f"{p} players\n{r} rounds, top {top}" for (p, r, top, _), _ in results]
    colours = ["#1565c0", "#2e7d32", "#f9a825"]
    width = 0.26
    fig, ax = plt.subplots(figsize=(9, 4.4), dpi=120)
    for k in range(3):
        xs = [i + (k - 1) * width for i in range(len(results))]
        share = [100 * t.made[k] / max(1, t.count[k]) for _, t in results]
        ax.bar(xs, share, width=width, color=colours[k], label=f"X-{k} who made it")
        marks = [100 * seed_share[(p, r, top)][k] for (p, r, top, _), _ in results]
        ax.scatter(xs, marks, marker="_", s=300, color="black", zorder=3,
                   label="the seed's figure" if k == 0 else None)  # fmt: skip
        for x, s in zip(xs, share, strict=True):
            ax.text(x, s + 1.5, f"{s:.0f}", ha="center", fontsize=7)
    fewest, most = min(t.events for _, t in results), max(t.events for _, t in results)
    events = f"{most:,}" if fewest == most else f"{fewest:,}–{most:,}"
    ax.set_xticks(range(len(results)), labels, fontsize=8)
    ax.set_ylabel("% of the record group in the cut")
    ax.set_ylim(0, 112)
    ax.set_title(f"Who makes the top cut — {events} random events per row ({model})")
    ax.legend(loc="upper right", fontsize=8, framealpha=0.9, ncol=4)
    fig.tight_layout()
    PLOT.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(PLOT)
    print(f"plot: {PLOT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
