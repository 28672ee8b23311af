"""The answer of ``fairpair validate FILE --json`` for a valid document (the HTTP API later):
what the file holds, and which results are still missing. A document that is not valid gets
the error object instead (docs/cli.md, "Errors"). JSON Schema in
docs/schemas/validation.schema.json."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from fairpair.engine.tournament import Tournament


class _Response(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MissingResults(_Response):
    """A round with tables that have no result yet."""

    stage: str
    round: int
    missing: int = Field(description="Tables without a result.")
    tables: int = Field(description="Tables in the round.")
    table_numbers: list[int] = Field(description="The tables without a result, in order.")


class ValidationResponse(_Response):
    format: Literal["fairpair-validation"] = "fairpair-validation"
    version: Literal[1] = 1
    valid: Literal[True] = True
    file: str
    tournament: str
    players: int
    stages: int
    rounds: int = Field(description="Rounds in all stages.")
    missing_results: list[MissingResults] = Field(
        description="Rounds still missing results, by stage and round; empty when all are in."
    )


def validation_response(file: str, tournament: Tournament) -> ValidationResponse:
    missing = [
        MissingResults(
            stage=stage.id,
            round=rnd.number,
            missing=rnd.outstanding,
            tables=len(rnd.tables),
            table_numbers=[t.table for t in rnd.tables if not t.reported],
        )
        for stage in tournament.stages
        for rnd in stage.rounds
        if rnd.outstanding
    ]
    return ValidationResponse(
        file=file,
        tournament=tournament.name,
        players=len(tournament.players),
        stages=len(tournament.stages),
        rounds=sum(len(s.rounds) for s in tournament.stages),
        missing_results=missing,
    )
