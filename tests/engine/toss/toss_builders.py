"""Test helpers: small tournaments with the toss on, built round by round through the public
toss functions (not product code)."""

from __future__ import annotations

from collections.abc import Sequence

from fairpair.engine.changes import add_round, replace_round
from fairpair.engine.players import Player, PlayerId
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Bye, Match, Round, Toss
from fairpair.engine.stage import TossPolicy, TossSettings, stage_from_settings
from fairpair.engine.toss import assign_tosses
from fairpair.engine.tournament import Tournament


def tournament(
    ids: Sequence[PlayerId],
    *,
    policy: TossPolicy = TossPolicy.NEUTRAL,
    enabled: bool = True,
    stage_id: str = "swiss",
    seed: str = "test-seed",
) -> Tournament:
    players = tuple(Player(pid, pid.upper(), seed=i + 1) for i, pid in enumerate(ids))
    stage = stage_from_settings(id=stage_id, seed=seed, toss=TossSettings(enabled, policy))
    return Tournament("Toss test", players, (stage,))


def with_round(t: Tournament, rnd: Round, stage_id: str | None = None) -> Tournament:
    """``t`` with ``rnd`` put in the stage (replacing a round with the same number)."""
    if t.stage(stage_id).round(rnd.number) is not None:
        return replace_round(t, rnd, stage_id)
    return add_round(t, rnd, stage_id)


def play(
    t: Tournament,
    pairings: Sequence[tuple[PlayerId, PlayerId]],
    *,
    winners: Sequence[PlayerId | None] | None = None,
    byes: Sequence[PlayerId] = (),
    stage_id: str | None = None,
) -> tuple[Tournament, tuple[Toss, ...]]:
    """Pair the next round of the stage, toss it, record results (a wins unless told)."""
    stage = t.stage(stage_id)
    number = len(stage.rounds) + 1
    tosses = assign_tosses(t, stage, number, pairings)
    matches = []
    for i, ((a, b), toss) in enumerate(zip(pairings, tosses, strict=True)):
        winner = winners[i] if winners is not None else a
        result = Result.win(Side.A if winner == a else Side.B) if winner else Result.draw()
        matches.append(Match(i + 1, a, b, result, toss))
    rnd = Round(number, tuple(matches), tuple(Bye(p) for p in byes))
    return with_round(t, rnd, stage_id), tosses


def balances(t: Tournament, stage_id: str | None = None) -> dict[PlayerId, int]:
    from fairpair.engine.toss import toss_history

    history = toss_history(t.stage(stage_id))
    return {pid: rec.balance for pid, rec in history.records.items()}
