"""Benchmark and check: fairpair's Dutch system against bbpPairings on random tournaments.

    FAIRPAIR_BBP=/path/to/bbpPairings.exe uv run python benchmarks/dutch_compare.py
    FAIRPAIR_BBP=... uv run python benchmarks/dutch_compare.py --count 50 --seed 1 --keep DIR

bbpPairings (v6.0.0 and later implement the 2025 text, C.04.3 in force from 1 February 2026)
is not part of fairpair: build it yourself from its public source and point ``FAIRPAIR_BBP``
at the binary. Its random tournament generator (``--dutch -g CONFIG -o FILE -s SEED``) plays
whole tournaments, pairing every round with its Dutch engine; fairpair then replays each file
(``fairpair check-pairings``' engine: each round paired again from the rounds before it, with
the same players) and counts the rounds whose boards, colours or bye differ.

``--count`` tournaments (default 1,000), each of a random size in ``--players`` (10–200) and
``--rounds`` (5–11), drawn from ``--seed``. Prints each differing round, then the totals and
the time fairpair took. ``--keep DIR`` keeps the generated files (the suite's sample in
``tests/engine/pairing/dutch/bbp/`` was made this way).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fairpair.engine.pairing.dutch.replay import infer_initial_colour, replay
from fairpair.interop.trf.reader import load_trf


def generate(
    bbp: str, folder: Path, index: int, players: int, rounds: int, seed: int
) -> Path | None:
    """A generated tournament, or ``None`` when the generator found no valid pairing for one
    of its rounds (its exit code 1: small fields with many rounds run out of opponents)."""
    config = folder / f"config{index:04d}.txt"
    config.write_text(f"PlayersNumber={players}\nRoundsNumber={rounds}\n")
    out = folder / f"t{index:04d}_{players}p_{rounds}r.trf"
    done = subprocess.run(
        [bbp, "--dutch", "-g", str(config), "-o", str(out), "-s", str(seed)],
        capture_output=True,
    )
    config.unlink()
    if done.returncode == 1:
        out.unlink(missing_ok=True)
        return None
    done.check_returncode()
    return out


def check(path: Path) -> tuple[int, int, list[str]]:
    event = load_trf(path)
    tournament = event.tournament
    stage = tournament.stages[0]
    numbers = {p.id: p.seed or int(p.id) for p in tournament.players}
    colour = infer_initial_colour(stage, numbers)
    total = stage.config.max_rounds or len(stage.rounds)  # type: ignore[union-attr]
    checks = replay(tournament, stage, numbers=numbers, rounds_total=total, initial_colour=colour)
    lines = []
    for c in checks:
        if not c.matches:
            lines.append(
                f"{path.name} round {c.number}: recorded only "
                f"{[(g.white, g.black) for g in c.only_recorded]}, dutch only "
                f"{[(g.white, g.black) for g in c.only_dutch]}, bye {c.recorded_bye}/{c.dutch_bye}"
            )
    return sum(1 for c in checks if not c.matches), len(checks), lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--players", type=int, nargs=2, default=(10, 200))
    parser.add_argument("--rounds", type=int, nargs=2, default=(5, 11))
    parser.add_argument("--keep", type=Path, default=None)
    args = parser.parse_args()
    bbp = os.environ.get("FAIRPAIR_BBP")
    if not bbp or not Path(bbp).is_file():
        print("set FAIRPAIR_BBP to a bbpPairings binary (built from its public source)")
        return 2
    lot = random.Random(args.seed)
    folder = args.keep or Path(tempfile.mkdtemp(prefix="dutch-compare-"))
    folder.mkdir(parents=True, exist_ok=True)
    differing = rounds = tournaments = skipped = 0
    spent = 0.0
    index = 0
    while tournaments < args.count:
        players = lot.randint(*args.players)
        count = min(lot.randint(*args.rounds), players - 1)
        path = generate(bbp, folder, index, players, count, lot.randrange(1, 2**31))
        index += 1
        if path is None:
            skipped += 1
            continue
        started = time.perf_counter()
        bad, total, lines = check(path)
        spent += time.perf_counter() - started
        for line in lines:
            print(line, flush=True)
        differing += bad
        rounds += total
        tournaments += 1
        if args.keep is None:
            path.unlink()
        if tournaments % 50 == 0:
            print(f"… {tournaments} tournaments, {differing} differing rounds", flush=True)
    print(
        f"{tournaments} tournaments, {rounds} rounds: {differing} rounds differ from bbpPairings "
        f"(fairpair's replay took {spent:.0f} s; {skipped} generated draws had no valid "
        "pairing in some round and were drawn again)"
    )
    return 0 if differing == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
