"""``/api/v1/events/{slug}/places``: a pod table's finishing places (judges): recorded once,
or corrected (audited, with a reason)."""

from __future__ import annotations

from fastapi import APIRouter

from fairpair.api.answers import RecordedPlaces
from fairpair.api.bodies import PodPlaces
from fairpair.api.params import Slug
from fairpair.service.results.places import record_places
from fairpair.web.access import DbDep, Judge

ROUTER = APIRouter(tags=["results"])


@ROUTER.post("/events/{slug}/places", response_model=RecordedPlaces, status_code=201)
def report_places(slug: Slug, body: PodPlaces, access: Judge, db: DbDep) -> RecordedPlaces:
    """Record a pod table's places (the first record wins unless ``correct``)."""
    done = record_places(
        db,
        slug,
        body.round,
        body.table,
        body.places,
        actor=access.actor,
        stage=body.stage,
        correct=body.correct,
        version=body.version,
        reason=body.reason,
    )
    return RecordedPlaces(
        event=slug,
        round=done.round,
        table=done.table,
        match=done.match_id,
        seats=list(done.seats),
        places=list(done.places),
        text=done.text,
        version=done.version,
    )
