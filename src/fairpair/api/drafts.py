"""``/api/v1/events/{slug}/draft``: the next round as a private draft — generate it, read
it (notes, warnings), rearrange two players, pair it again, or discard it. Nothing of it
is public until ``POST /rounds`` releases it."""

from __future__ import annotations

from fastapi import APIRouter, Response

from fairpair.api.bodies import Exchange
from fairpair.api.params import Slug, StageQuery
from fairpair.responses.drafts import SavedDraft
from fairpair.service.rounds import drafts
from fairpair.web.access import DbDep, Judge, Viewer

ROUTER = APIRouter(tags=["rounds"])


@ROUTER.post("/events/{slug}/draft", response_model=SavedDraft, status_code=201)
def generate_draft(slug: Slug, access: Judge, db: DbDep, stage: StageQuery = None) -> SavedDraft:
    """Pair the next round as a private draft."""
    return drafts.generate(db, slug, actor=access.actor, stage=stage)


@ROUTER.get("/events/{slug}/draft", response_model=SavedDraft)
def show_draft(slug: Slug, access: Viewer, db: DbDep, stage: StageQuery = None) -> SavedDraft:
    """The draft: its tables, byes, "Why these pairings" notes, warnings and moves."""
    return drafts.show_draft(db, slug, stage=stage)


@ROUTER.post("/events/{slug}/draft/rearrange", response_model=SavedDraft)
def rearrange_draft(
    slug: Slug, body: Exchange, access: Judge, db: DbDep, stage: StageQuery = None
) -> SavedDraft:
    """Swap two players' places in the draft (or a player with the one who has the bye)."""
    return drafts.rearrange(db, slug, body.player, body.other, actor=access.actor, stage=stage)


@ROUTER.post("/events/{slug}/draft/regenerate", response_model=SavedDraft)
def regenerate_draft(slug: Slug, access: Judge, db: DbDep, stage: StageQuery = None) -> SavedDraft:
    """Pair the next round again (the field as it is now), replacing the draft."""
    return drafts.regenerate(db, slug, actor=access.actor, stage=stage)


@ROUTER.delete("/events/{slug}/draft", status_code=204, response_class=Response)
def discard_draft(slug: Slug, access: Judge, db: DbDep, stage: StageQuery = None) -> Response:
    """Throw the draft away (nobody saw it)."""
    drafts.discard(db, slug, actor=access.actor, stage=stage)
    return Response(status_code=204)
