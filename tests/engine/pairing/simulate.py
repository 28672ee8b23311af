"""Build tournaments for pairing tests: random results, draws, drops, random or Swiss history."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from fairpair.engine.drops import Drop
from fairpair.engine.errors import PairingRefused
from fairpair.engine.pairing import PairingDraft, Tuning, check_pairing, pair_next_round
from fairpair.engine.players import Player
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Bye, Match, Round
from fairpair.engine.rulesets import get_ruleset
from fairpair.engine.stage import PairingMethod, stage_from_settings
from fairpair.engine.tournament import Tournament


def players(n: int) -> tuple[Player, ...]:
    return tuple(Player(f"p{k:02d}", f"Player {k}", seed=k + 1) for k in range(n))


def tournament(n: int, **stage: object) -> Tournament:
    settings: dict[str, object] = {"ruleset": get_ruleset("mtg"), "seed": "test"}
    settings.update(stage)
    return Tournament("Test", players(n), (stage_from_settings(**settings),))  # type: ignore[arg-type]


def with_round(t: Tournament, rnd: Round) -> Tournament:
    stage = t.stage()
    return replace(t, stages=(*t.stages[:-1], replace(stage, rounds=(*stage.rounds, rnd))))


def result(rng: random.Random, draw_rate: float) -> Result:
    if rng.random() < draw_rate:
        return Result.draw()
    return Result.win(Side.A if rng.random() < 0.5 else Side.B)


def play(
    t: Tournament, draft: PairingDraft, rng: random.Random, draw_rate: float = 0.1
) -> Tournament:
    matches = tuple(Match(p.table, p.a, p.b, result(rng, draw_rate)) for p in draft.pairings)
    return with_round(t, Round(draft.round_number, matches, draft.byes))


def random_round(t: Tournament, number: int, rng: random.Random, draw_rate: float) -> Tournament:
    """A round paired at random among the players still in (a dense, arbitrary rematch graph)."""
    stage = t.stage()
    ids = [
        p.id for p in t.players_of(stage) if (d := t.drop_round(stage, p.id)) is None or d >= number
    ]
    rng.shuffle(ids)
    if len(ids) < 2:
        return t
    byes = (Bye(ids.pop()),) if len(ids) % 2 else ()
    matches = tuple(
        Match(k + 1, ids[2 * k], ids[2 * k + 1], result(rng, draw_rate))
        for k in range(len(ids) // 2)
    )
    return with_round(t, Round(number, matches, byes))


def event(
    n: int,
    rounds: int,
    seed: int,
    *,
    swiss_history: bool = True,
    draw_rate: float = 0.1,
    drops: int = 0,
    method: PairingMethod = PairingMethod.ADJACENT,
    tuning: Tuning | None = None,
    **stage: object,
) -> Tournament:
    """``rounds`` rounds played: paired by the engine (every draft checked) or at random."""
    rng = random.Random(seed)
    t = tournament(n, pairing_method=method, **stage)
    dropped = rng.sample(range(n), min(drops, n))
    drop_list = tuple(Drop(f"p{k:02d}", rng.randrange(1, max(2, rounds + 1))) for k in dropped)
    t = replace(t, drops=drop_list)
    for number in range(1, rounds + 1):
        if swiss_history:
            try:
                draft = pair_next_round(t, tuning=tuning or Tuning())
            except PairingRefused:
                return t
            check_pairing(t, draft)
            t = play(t, draft, rng, draw_rate)
        else:
            t = random_round(t, number, rng, draw_rate)
    return t


def points_of(t: Tournament) -> dict[str, Fraction]:
    from fairpair.engine.standings import compute_standings

    stage = t.stage()
    if not stage.rounds:
        return {}
    return {r.player.id: r.points for r in compute_standings(t, stage).rows}
