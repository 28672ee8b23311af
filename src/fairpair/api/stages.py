"""``/api/v1/events/{slug}/stages``: the event's stages with their rounds, a new stage, and
a stage's settings changed (mid-event too: raise max rounds to play one more)."""

from __future__ import annotations

from fastapi import APIRouter

from fairpair.api.bodies import StageChanges, StageSettings
from fairpair.api.params import Slug, StageKey
from fairpair.responses.events import StageItem
from fairpair.service.event.events import show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.rounds.stages import add_stage, edit_stage
from fairpair.web.access import DbDep, Owner, Public

ROUTER = APIRouter(tags=["stages"])


def stage_item(db: Database, slug: str, key: str) -> StageItem:
    return next(s for s in show_event(db, slug).stages if s.id == key)


@ROUTER.get("/events/{slug}/stages", response_model=list[StageItem])
def list_stages(slug: Slug, access: Public, db: DbDep) -> list[StageItem]:
    """The stages in order, each with its rounds (state, tables, outstanding results)."""
    return show_event(db, slug).stages


@ROUTER.post("/events/{slug}/stages", response_model=StageItem, status_code=201)
def add_a_stage(slug: Slug, body: StageSettings, access: Owner, db: DbDep) -> StageItem:
    """Add a stage after the others (a top cut: ``more.cut`` names the stage it cuts from)."""
    key = add_stage(db, slug, body.settings(), actor=access.actor)
    return stage_item(db, slug, key)


@ROUTER.patch("/events/{slug}/stages/{stage}", response_model=StageItem)
def edit_a_stage(
    slug: Slug, stage: StageKey, body: StageChanges, access: Owner, db: DbDep
) -> StageItem:
    """Change a stage's settings (what is left out stays as it is)."""
    settings = edit_stage(
        db, slug, body.settings(), actor=access.actor, stage=stage, version=body.version
    )
    return stage_item(db, slug, str(settings.get("id", stage)))
