"""``ROUTER``: the JSON API under ``/api/v1`` (one module per resource) and its
documentation page at ``/docs``. Every API route declares its answer (``response_model``)
and the error body (``fairpair.api.errors``), so ``/openapi.json`` is exact."""

from __future__ import annotations

from fastapi import APIRouter

from fairpair.api import (
    audit,
    brackets,
    cut,
    docs,
    drafts,
    events,
    me,
    me_card,
    notices,
    places,
    players,
    portal,
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
    schedule,
    results,
    places,
    standings,
    toss,
    cut,
    brackets,
    audit,
    tokens,
    me_card,
    me,
    portal,
    notices,
)

API = APIRouter(prefix=PREFIX, responses=ERRORS)
for resource in RESOURCES:
    API.include_router(resource.ROUTER)

ROUTER = APIRouter()
ROUTER.include_router(API)
ROUTER.include_router(docs.ROUTER)
