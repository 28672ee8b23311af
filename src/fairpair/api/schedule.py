"""``/api/v1/events/{slug}/schedule``: a round robin's whole schedule, fixed at the start
(public), and releasing every round not released yet in one change (judges)."""

from __future__ import annotations

from fastapi import APIRouter

from fairpair.api.answers import ReleasedRounds
from fairpair.api.params import Slug, StageQuery
from fairpair.responses.round_robin import RoundRobinSchedule
from fairpair.service.kernel.lookup import stage_key
from fairpair.service.rounds.round_robin import release_all, schedule_view
from fairpair.web.access import DbDep, Judge, Public

ROUTER = APIRouter(tags=["rounds"])


@ROUTER.get("/events/{slug}/schedule", response_model=RoundRobinSchedule)
def show_schedule(
    slug: Slug, access: Public, db: DbDep, stage: StageQuery = None
) -> RoundRobinSchedule:
    """The Berger numbers, every round's games (the first-named plays first), who sits out,
    and each released round's state and results."""
    return schedule_view(db, slug, stage=stage)


@ROUTER.post("/events/{slug}/schedule/release", response_model=ReleasedRounds)
def release_schedule(
    slug: Slug, access: Judge, db: DbDep, stage: StageQuery = None
) -> ReleasedRounds:
    """Every round of the schedule not released yet becomes a round, Scheduled, together."""
    key = stage_key(db, slug, stage)
    numbers = release_all(db, slug, actor=access.actor, stage=key)
    return ReleasedRounds(event=slug, stage=key, rounds=numbers)
