"""``/api/v1/events/{slug}/autopilot``: what a stage's autopilot does (``GET``), holding it
(``POST .../pause``) and letting it go on (``POST .../resume``). Turning it on or off is a
stage setting: ``PATCH /events/{slug}/stages/{stage}`` with ``{"autopilot": true}``."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter

from fairpair.api.params import Slug, StageQuery
from fairpair.engine.errors import Location
from fairpair.responses.autopilot import AutopilotStatus
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import Refused
from fairpair.service.results.autopilot_status import autopilot_status
from fairpair.service.rounds import autopilot
from fairpair.web.access import DbDep, Judge, Viewer

ROUTER = APIRouter(tags=["autopilot"])


def _status(db: Database, slug: str, stage: str | None) -> AutopilotStatus:
    found = autopilot_status(db, slug, stage)
    if found is None:
        raise Refused(
            Location(("autopilot",), stage=stage),
            'the stage\'s autopilot is off: PATCH the stage with {"autopilot": true}',
        )
    return found


@ROUTER.get("/events/{slug}/autopilot", response_model=AutopilotStatus)
def autopilot_now(
    slug: Slug, access: Viewer, db: DbDep, stage: StageQuery = None
) -> AutopilotStatus:
    """What the stage's autopilot does now (default: the stage being played): running,
    waiting, held (``holds``: the results that need a person), paused, review or done."""
    return _status(db, slug, stage)


@ROUTER.post("/events/{slug}/autopilot/{action}", response_model=AutopilotStatus)
def switch_autopilot(
    slug: Slug,
    action: Literal["pause", "resume"],
    access: Judge,
    db: DbDep,
    stage: StageQuery = None,
) -> AutopilotStatus:
    """``pause``: hold the autopilot until staff resume it. ``resume``: let it go on; with
    every result of its round in, it moves on at once."""
    if action == "pause":
        autopilot.pause(db, slug, actor=access.actor, stage=stage)
    else:
        autopilot.resume(db, slug, actor=access.actor, stage=stage)
    return _status(db, slug, stage)
