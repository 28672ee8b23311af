"""Swap mode (seed 004): while a round is Scheduled, two players exchange places between its
pairings (or with the bye). The toss of every pairing that changed is computed again."""

from __future__ import annotations

from dataclasses import replace

from fairpair.engine.changes.where import round_in, stage_of, with_round
from fairpair.engine.errors import InvalidTournament, LifecycleRefused, Location, saying
from fairpair.engine.lifecycle import RoundAction, check
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Bye, Match
from fairpair.engine.stage import Stage
from fairpair.engine.toss import toss_applies
from fairpair.engine.toss.resync import resync_tosses
from fairpair.engine.tournament import Tournament


def swap_players(
    tournament: Tournament,
    round_number: int,
    player: PlayerId,
    other: PlayerId,
    *,
    stage: str | Stage | None = None,
) -> Tournament:
    """``tournament`` with ``player`` and ``other`` exchanged in round ``round_number``
    (Scheduled only); the changed pairings get a fresh toss, the others keep theirs."""
    chosen = stage_of(tournament, stage)
    rnd = round_in(chosen, round_number)
    where = Location(stage=chosen.id, round=round_number)
    verdict = check(chosen, RoundAction.SWAP, round_number)
    if verdict.refusal is not None:
        raise LifecycleRefused(where, verdict.refusal.said)
    if player == other:
        raise InvalidTournament(
            where, saying("cannot swap %(player)r with themselves", player=player)
        )
    if rnd.pods:
        raise InvalidTournament(where, saying("pod tables are rearranged by seat, not swapped"))
    if chosen.is_playoff and not any({player, other} == {m.a, m.b} for m in rnd.matches):
        raise InvalidTournament(
            where,
            saying(
                "a playoff's tables follow its bracket: players cannot move between them (flip "
                "the toss to set who plays first)"
            ),
            command="fairpair toss flip",
        )
    present = set(rnd.participants())
    for who in (player, other):
        if who not in present:
            raise InvalidTournament(
                Location(stage=chosen.id, round=round_number, player=who),
                saying("%(player)r is not in round %(round)s", player=who, round=round_number),
            )

    def moved(p: PlayerId) -> PlayerId:
        return other if p == player else player if p == other else p

    after = replace(
        rnd,
        matches=tuple(
            Match(m.table, moved(m.a), moved(m.b), m.result, m.toss, m.id) for m in rnd.matches
        ),
        byes=tuple(Bye(moved(b.player), b.kind) for b in rnd.byes),
    )
    if toss_applies(chosen):
        after = resync_tosses(tournament, chosen, rnd, after)
    return with_round(tournament, chosen, after)
