"""Small events for the response tests: rounds paired by the engine, results from a seed."""

from __future__ import annotations

import random
from dataclasses import replace

from fairpair.engine.pairing import pair_next_round
from fairpair.engine.players import Player
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Match, Round
from fairpair.engine.rulesets import get_ruleset
from fairpair.engine.stage import stage_from_settings
from fairpair.engine.tournament import Tournament


def tournament(n: int, **stage: object) -> Tournament:
    settings: dict[str, object] = {"ruleset": get_ruleset("mtg"), "seed": "test"}
    settings.update(stage)
    players = tuple(Player(f"p{k:02d}", f"Player {k}", seed=k + 1) for k in range(n))
    return Tournament("Test", players, (stage_from_settings(**settings),))  # type: ignore[arg-type]


def played(t: Tournament, rounds: int, seed: int, draw_rate: float = 0.2) -> Tournament:
    """``t`` with ``rounds`` more rounds, each paired by the engine and given random results."""
    rng = random.Random(seed)
    for _ in range(rounds):
        draft = pair_next_round(t)
        matches = tuple(
            Match(
                p.table,
                p.a,
                p.b,
                Result.draw()
                if rng.random() < draw_rate
                else Result.win(Side.A if rng.random() < 0.5 else Side.B),
            )
            for p in draft.pairings
        )
        stage = t.stage()
        rnd = Round(draft.round_number, matches, draft.byes)
        t = replace(t, stages=(*t.stages[:-1], replace(stage, rounds=(*stage.rounds, rnd))))
    return t
