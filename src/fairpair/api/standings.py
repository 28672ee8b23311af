"""``/api/v1/events/{slug}/standings``: the public standings of a stage (points, then the
stage's tiebreaks in order; withdrawn players keep their row, unranked)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from fairpair.api.params import Slug, StageQuery
from fairpair.responses.standings import StandingsResponse, standings_response
from fairpair.service.results.standings import standings as saved_standings
from fairpair.web.access import DbDep, Public

ROUTER = APIRouter(tags=["standings"])


@ROUTER.get("/events/{slug}/standings", response_model=StandingsResponse)
def show_standings(
    slug: Slug,
    access: Public,
    db: DbDep,
    stage: StageQuery = None,
    after_round: Annotated[
        int | None, Query(ge=0, le=10_000, description="As they stood after this round.")
    ] = None,
) -> StandingsResponse:
    tournament, result = saved_standings(db, slug, stage=stage, after_round=after_round)
    return standings_response(result, tournament.name)
