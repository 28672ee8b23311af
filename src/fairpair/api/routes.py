"""``ROUTER``: the JSON API under ``/api/v1`` (one module per resource) and its
documentation page at ``/docs``. Every API route declares its answer (``response_model``)
and the error body (``fairpair.api.errors``), so ``/openapi.json`` is exact."""

from __future__ import annotations

from fastapi import APIRouter

from fairpair.api import (
    audit,
    autopilot,
    backups,
    brackets,
    clock,
    communities,
    cut,
    docs,
    drafts,
    events,
    leagues,
    me,
    me_card,
    notices,
    places,
    players,
    portal,
    ratings,
    results,
    rounds,
    schedule,
    staff,
    stages,
    standings,
    tokens,
    toss,
)
from fairpair.api.errors import ERRORS

PREFIX = "/api/v1"
RESOURCES = (
    events,
    players,
    stages,
    staff,
    drafts,
    rounds,
    autopilot,
    clock,
    schedule,
    results,
    places,
    standings,
    toss,
    cut,
    brackets,
    leagues,
    audit,
    tokens,
    portal,
    notices,
    backups,
    communities,
    ratings,
)
#: The player's own API (their match, their report): what thousands of phones call during a
#: round. The app matches it first (``PLAYER_ROUTER``): FastAPI tries routes one by one, and
#: a report at the end of the whole route table spent a third of its time being matched.
PLAYER_RESOURCES = (me, me_card)

API = APIRouter(prefix=PREFIX, responses=ERRORS)
for resource in RESOURCES:
    API.include_router(resource.ROUTER)

PLAYER_API = APIRouter(prefix=PREFIX, responses=ERRORS)
for resource in PLAYER_RESOURCES:
    PLAYER_API.include_router(resource.ROUTER)
PLAYER_ROUTER = APIRouter()
PLAYER_ROUTER.include_router(PLAYER_API)

ROUTER = APIRouter()
ROUTER.include_router(API)
ROUTER.include_router(docs.ROUTER)
