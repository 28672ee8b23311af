"""Play a bracket to the end with a seeded random source, recording everything the tests check."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from fairpair.engine.brackets import Bracket, BracketState, state


@dataclass
class Run:
    played: list[str] = field(default_factory=list)
    pairs: list[tuple[str, int, int, int]] = field(default_factory=list)  # id, a, b, winner
    losses: dict[int, int] = field(default_factory=dict)
    final: BracketState | None = None


def play(bracket: Bracket, rng: random.Random) -> Run:
    run = Run()
    results: dict[str, str] = {}
    while True:
        now = state(bracket, results)
        if now.complete:
            assert now.playable == ()
            run.final = now
            return run
        assert now.playable, "a bracket that is not complete has a playable match"
        players = {mid: (a, b) for mid, a, b in now.players}
        match_id = rng.choice(now.playable)
        assert match_id not in results
        a, b = players[match_id]
        assert a is not None and b is not None and a != b
        side = rng.choice("ab")
        results[match_id] = side
        winner, loser = (a, b) if side == "a" else (b, a)
        run.played.append(match_id)
        run.pairs.append((match_id, a, b, winner))
        run.losses[loser] = run.losses.get(loser, 0) + 1
