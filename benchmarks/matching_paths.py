"""The browser's matching path against the server's on 1,000 generated events.

    uv run python benchmarks/matching_paths.py          # 1,000 events
    uv run python benchmarks/matching_paths.py 200 7    # 200 events, seed 7

Each event (2–64 players, a pairing method, drops, a Swiss or a random history, sometimes the
decomposed search) is paired round by round twice — with rustworkx, the server's solver, and
with networkx, the browser's (``fairpair.engine.pairing.matching_networkx``) — and the two
drafts of every round must be equal, field by field (pairings, tables, byes, notes). Prints
the events and rounds compared, the time each solver took, and exits 1 on any difference.
Recorded in docs/generator.md ("The same pairings").
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))

from pairing.paths import solver
from pairing.simulate import event, play

from fairpair.engine.errors import PairingRefused
from fairpair.engine.pairing import PairingDraft, Tuning, pair_next_round
from fairpair.engine.stage import PairingMethod
from fairpair.engine.tournament import Tournament

DECOMPOSED = Tuning(exact_limit=0, local_limit=4, local_radius=1)


def drafted(t: Tournament, tuning: Tuning, name: str, spent: dict[str, float]) -> object:
    start = time.perf_counter()
    with solver(name):
        try:
            out: PairingDraft | None = pair_next_round(t, tuning=tuning)
        except PairingRefused as refused:
            spent[name] += time.perf_counter() - start
            return type(refused).__name__
    spent[name] += time.perf_counter() - start
    return out


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rng = random.Random(seed)
    spent = {"rustworkx": 0.0, "networkx": 0.0}
    rounds = differences = 0
    for number in range(count):
        n = rng.randint(2, 64)
        method = rng.choice(list(PairingMethod))
        tuning = DECOMPOSED if rng.random() < 0.3 else Tuning()
        history = rng.randint(0, 6)
        t = event(
            n,
            history,
            rng.randrange(2**32),
            swiss_history=rng.random() < 0.5,
            drops=rng.randint(0, 4),
            method=method,
        )
        play_rng = random.Random(number)
        for _ in range(rng.randint(1, 4)):
            fast = drafted(t, tuning, "rustworkx", spent)
            pure = drafted(t, tuning, "networkx", spent)
            rounds += 1
            if fast != pure:
                differences += 1
                print(f"event {number}: {n} players, {method.value}: the drafts differ")
            if not isinstance(fast, PairingDraft):
                break
            t = play(t, fast, play_rng)
    print(
        f"{count} events, {rounds} rounds drafted both ways: {differences} differences; "
        f"rustworkx {spent['rustworkx']:.1f} s, networkx {spent['networkx']:.1f} s"
    )
    return 1 if differences else 0


if __name__ == "__main__":
    raise SystemExit(main())
