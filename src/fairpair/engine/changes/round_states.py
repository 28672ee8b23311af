"""Moving a round through its states: open, complete, revert to scheduled, delete."""

from __future__ import annotations

from dataclasses import replace

from fairpair.engine.changes.where import round_in, stage_of, with_round, with_stage
from fairpair.engine.errors import LifecycleRefused, Location
from fairpair.engine.lifecycle import TO_STATE, RoundAction, check
from fairpair.engine.stage import Stage
from fairpair.engine.tournament import Tournament


def _move(
    tournament: Tournament, number: int, stage: str | Stage | None, action: RoundAction
) -> Tournament:
    chosen = stage_of(tournament, stage)
    rnd = round_in(chosen, number)
    verdict = check(chosen, action, number)
    if verdict.refusal is not None:
        raise LifecycleRefused(Location(stage=chosen.id, round=number), verdict.refusal.said)
    if action is RoundAction.DELETE:
        rounds = tuple(r for r in chosen.rounds if r.number != number)
        return with_stage(tournament, replace(chosen, rounds=rounds))
    return with_round(tournament, chosen, replace(rnd, state=TO_STATE[action]))


def open_round(tournament: Tournament, number: int, stage: str | Stage | None = None) -> Tournament:
    """Round ``number`` goes from Scheduled to Open (In Progress)."""
    return _move(tournament, number, stage, RoundAction.OPEN)


def complete_round(
    tournament: Tournament, number: int, stage: str | Stage | None = None
) -> Tournament:
    """Round ``number`` goes from Open to Completed; refused while matches have no result."""
    return _move(tournament, number, stage, RoundAction.COMPLETE)


def revert_round(
    tournament: Tournament, number: int, stage: str | Stage | None = None
) -> Tournament:
    """Round ``number`` goes back from Open to Scheduled; refused once a match has a result."""
    return _move(tournament, number, stage, RoundAction.REVERT)


def delete_round(
    tournament: Tournament, number: int, stage: str | Stage | None = None
) -> Tournament:
    """Round ``number`` (Scheduled) is removed with its matches."""
    return _move(tournament, number, stage, RoundAction.DELETE)
