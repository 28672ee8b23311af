"""Finding the stage, round and table a change is about, with a typed refusal when absent."""

from __future__ import annotations

from dataclasses import replace

from fairpair.engine.errors import Location, UnknownRound, UnknownTable, saying
from fairpair.engine.rounds import Round, Table
from fairpair.engine.stage import Stage
from fairpair.engine.tournament import Tournament


def stage_of(tournament: Tournament, stage: str | Stage | None) -> Stage:
    """The stage named by id (or given), the last stage when ``None``."""
    if isinstance(stage, Stage):
        return tournament.stage(stage.id)
    return tournament.stage(stage)


def round_in(stage: Stage, number: int) -> Round:
    rnd = stage.round(number)
    if rnd is None:
        where = Location(stage=stage.id, round=number)
        if not stage.rounds:
            raise UnknownRound(where, saying("no round %(round)s (rounds: none yet)", round=number))
        known = ", ".join(str(r.number) for r in stage.rounds)
        raise UnknownRound(
            where, saying("no round %(round)s (rounds: %(known)s)", round=number, known=known)
        )
    return rnd


def table_in(stage: Stage, rnd: Round, table: int | str) -> Table:
    """The table numbered ``table`` (an int) or with the id ``table`` (a str)."""
    for t in rnd.tables:
        if (t.table == table) if isinstance(table, int) else (t.id == table):
            return t
    if isinstance(table, int):
        raise UnknownTable(
            Location(stage=stage.id, round=rnd.number, table=table),
            saying("round %(round)s has no table %(table)s", round=rnd.number, table=table),
        )
    raise UnknownTable(
        Location(stage=stage.id, round=rnd.number),
        saying("round %(round)s has no match id %(id)r", round=rnd.number, id=table),
    )


def with_stage(tournament: Tournament, stage: Stage) -> Tournament:
    """``tournament`` with the stage of the same id replaced by ``stage``."""
    stages = tuple(stage if s.id == stage.id else s for s in tournament.stages)
    return replace(tournament, stages=stages)


def with_round(tournament: Tournament, stage: Stage, rnd: Round) -> Tournament:
    """``tournament`` with round ``rnd.number`` of ``stage`` replaced by ``rnd``."""
    rounds = tuple(rnd if r.number == rnd.number else r for r in stage.rounds)
    return with_stage(tournament, replace(stage, rounds=rounds))
