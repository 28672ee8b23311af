"""A player leaves: from the whole event, or from one stage."""

from __future__ import annotations

from dataclasses import replace

from fairpair.engine.changes.where import stage_of, with_stage
from fairpair.engine.drops import Drop
from fairpair.engine.errors import InvalidTournament, Location, UnknownPlayer, saying
from fairpair.engine.players import PlayerId
from fairpair.engine.stage import Stage
from fairpair.engine.tournament import Tournament


def drop_player(
    tournament: Tournament,
    player: PlayerId,
    after_round: int | None = None,
    *,
    stage: str | Stage | None = None,
    whole_event: bool = True,
) -> Tournament:
    """``tournament`` with ``player`` dropped after ``after_round`` (default: the stage's
    latest round) — from the whole event (the default; later stages exclude them too), or
    only from ``stage`` (``whole_event=False``). Their results stay; they keep their row.

    Refused for an unknown player, a round number below 0, and a player already dropped.
    """
    chosen = stage_of(tournament, stage)
    if player not in {p.id for p in tournament.players}:
        raise UnknownPlayer(Location(player=player), saying("no player %(player)r", player=player))
    after = chosen.last_round if after_round is None else after_round
    if after < 0:
        raise InvalidTournament(Location(stage=chosen.id), saying("after_round must be 0 or more"))
    already = tournament.drop_round(chosen, player)
    if already is not None:
        raise InvalidTournament(
            Location(stage=chosen.id, player=player),
            saying(
                "%(player)r already dropped after round %(round)s", player=player, round=already
            ),
        )
    if whole_event:
        return replace(tournament, drops=(*tournament.drops, Drop(player, after, chosen.id)))
    return with_stage(tournament, replace(chosen, drops=(*chosen.drops, Drop(player, after))))
