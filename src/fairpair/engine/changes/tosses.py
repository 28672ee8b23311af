"""The toss by hand: choose who plays first, flip it, or recalculate a round's tosses."""

from __future__ import annotations

from fairpair.engine.changes.where import stage_of, with_round
from fairpair.engine.players import PlayerId
from fairpair.engine.stage import Stage
from fairpair.engine.toss import choose_first as choose_first_in_round
from fairpair.engine.toss import flip_toss as flip_toss_in_round
from fairpair.engine.toss import recalculate_round
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
    return with_round(
        tournament, chosen, choose_first_in_round(chosen, round_number, table, player)
    )


def flip_toss(
    tournament: Tournament, round_number: int, table: int, *, stage: str | Stage | None = None
) -> Tournament:
    """The other player plays first at ``table`` of round ``round_number`` (manual)."""
    chosen = stage_of(tournament, stage)
    return with_round(tournament, chosen, flip_toss_in_round(chosen, round_number, table))


def recalculate_tosses(
    tournament: Tournament, round_number: int, *, stage: str | Stage | None = None
) -> Tournament:
    """Every automatic toss of round ``round_number`` recomputed; manual picks kept."""
    chosen = stage_of(tournament, stage)
    return with_round(tournament, chosen, recalculate_round(tournament, chosen, round_number))
