"""``/api/v1/events/{slug}/rounds/{number}/notices``: who has been told what about a round
(its notices per player, their channels and states) and who has not reported (staff)."""

from __future__ import annotations

from fastapi import APIRouter

from fairpair.api.params import RoundNumber, Slug, StageQuery
from fairpair.responses.notices import RoundNotices
from fairpair.service.notices.report import round_notices
from fairpair.web.access import DbDep, Viewer

ROUTER = APIRouter(tags=["rounds"])


@ROUTER.get("/events/{slug}/rounds/{number}/notices", response_model=RoundNotices)
def show_notices(
    slug: Slug, number: RoundNumber, access: Viewer, db: DbDep, stage: StageQuery = None
) -> RoundNotices:
    """Per player: the round's notices (round open, halfway, 24 h before the deadline) with
    each delivery's channel and state, and whether their match is still outstanding; the
    round's planned notice jobs."""
    return round_notices(db, slug, number, stage=stage)
