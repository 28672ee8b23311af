"""The toss by hand: choose who plays first, flip it, or recalculate a round's tosses."""

from __future__ import annotations

from dataclasses import replace

from fairpair.engine.changes.where import stage_of, with_round
from fairpair.engine.errors import Location
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Round, Toss, TossReason
from fairpair.engine.stage import Stage
from fairpair.engine.toss import choose_first as choose_first_in_round
from fairpair.engine.toss import flip_toss as flip_toss_in_round
from fairpair.engine.toss import recalculate_round
from fairpair.engine.toss.errors import TossUnavailable
from fairpair.engine.toss.lookup import match_at, round_of
from fairpair.engine.tournament import Tournament


def choose_first(
    tournament: Tournament,
    round_number: int,
    table: int,
    player: PlayerId,
    *,
    stage: str | Stage | None = None,
) -> Tournament:
    """``player`` plays first at ``table`` of round ``round_number``, set by hand (manual)."""
    chosen = stage_of(tournament, stage)
    if chosen.is_playoff:
        return with_round(tournament, chosen, _playoff_first(chosen, round_number, table, player))
    return with_round(
        tournament, chosen, choose_first_in_round(chosen, round_number, table, player)
    )


def flip_toss(
    tournament: Tournament, round_number: int, table: int, *, stage: str | Stage | None = None
) -> Tournament:
    """The other player plays first at ``table`` of round ``round_number`` (manual)."""
    chosen = stage_of(tournament, stage)
    if chosen.is_playoff:
        match = match_at(round_of(chosen, round_number), table)
        first = match.toss.first if match.toss is not None else match.a
        return with_round(
            tournament,
            chosen,
            _playoff_first(chosen, round_number, table, match.opponent_of(first)),
        )
    return with_round(tournament, chosen, flip_toss_in_round(chosen, round_number, table))


def _playoff_first(stage: Stage, round_number: int, table: int, player: PlayerId) -> Round:
    """A playoff match (no toss: the higher seed chooses, MTR) with ``player`` set by hand to
    play first, marked manual. The Swiss toss balance and table are not involved."""
    rnd = round_of(stage, round_number)
    match = match_at(rnd, table)
    if player not in match.players:
        raise TossUnavailable(
            Location(stage=stage.id, round=round_number, table=table),
            f"{player!r} is not in this match ({match.a!r} v {match.b!r})",
        )
    toss = Toss(player, TossReason.MANUAL, manual=True)
    return replace(
        rnd, matches=tuple(replace(m, toss=toss) if m is match else m for m in rnd.matches)
    )


def recalculate_tosses(
    tournament: Tournament, round_number: int, *, stage: str | Stage | None = None
) -> Tournament:
    """Every automatic toss of round ``round_number`` recomputed; manual picks kept."""
    chosen = stage_of(tournament, stage)
    return with_round(tournament, chosen, recalculate_round(tournament, chosen, round_number))
