"""The whole tournament: players, stages, tournament-level drops."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fairpair.engine.drops import Drop
from fairpair.engine.errors import InvalidTournament, UnknownStage, saying
from fairpair.engine.players import Player, PlayerId
from fairpair.engine.stage import Stage


@dataclass(frozen=True, slots=True)
class Tournament:
    name: str
    players: tuple[Player, ...]
    stages: tuple[Stage, ...] = (Stage(),)
    drops: tuple[Drop, ...] = ()

    def stage(self, stage_id: str | None = None) -> Stage:
        """The stage with ``stage_id``; when ``None``, the stage being played: the last stage,
        passing over cut stages whose round 1 is not released yet (a top 8 waiting for the
        Swiss to end). ``engine.formats.stage_to_pair`` is the default for pairing."""
        if not self.stages:
            raise InvalidTournament("stages", saying("the tournament has no stage"))
        if stage_id is None:
            return last_stage(self.stages, lambda s: s.cut is None or bool(s.rounds))
        for stage in self.stages:
            if stage.id == stage_id:
                return stage
        known = ", ".join(s.id for s in self.stages)
        raise UnknownStage(
            "stage", saying("no stage %(stage)r (stages: %(known)s)", stage=stage_id, known=known)
        )

    def players_of(self, stage: Stage) -> tuple[Player, ...]:
        """The players taking part in ``stage`` (all players unless it lists participants;
        nobody yet in a cut stage whose cut is not drawn)."""
        if stage.participants is None:
            return () if stage.cut is not None else self.players
        wanted = set(stage.participants)
        return tuple(p for p in self.players if p.id in wanted)

    def drop_round(self, stage: Stage, player: PlayerId) -> int | None:
        """The round after which ``player`` left ``stage`` or the tournament, if they did."""
        return self.drop_rounds(stage).get(player)

    def drop_rounds(self, stage: Stage) -> dict[PlayerId, int]:
        """For every player who left ``stage`` or the tournament: the round after which.

        A tournament-level drop counts in the stage it names (or every stage when it names
        none); a player who left in an earlier stage is out of later ones from round 0.
        """
        out: dict[PlayerId, int] = {}

        def note(player: PlayerId, after: int) -> None:
            known = out.get(player)
            out[player] = after if known is None else min(known, after)

        for drop in stage.drops:
            note(drop.player, drop.after_round)
        order = {s.id: i for i, s in enumerate(self.stages)}
        here = order.get(stage.id, len(self.stages))
        for drop in self.drops:
            where = order.get(drop.stage, here) if drop.stage is not None else here
            if where == here:
                note(drop.player, drop.after_round)
            elif where < here:
                note(drop.player, 0)
        return out


def last_stage(stages: tuple[Stage, ...], wanted: Callable[[Stage], bool]) -> Stage:
    """The last of ``stages`` that is ``wanted`` (else the first stage)."""
    for stage in reversed(stages):
        if wanted(stage):
            return stage
    return stages[0]
