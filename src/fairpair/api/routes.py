"""``ROUTERS``: the JSON API under ``/api/v1`` (one module per resource) and its
documentation page at ``/docs``. Every API route declares its answer (``response_model``)
and the error body (``fairpair.api.errors``), so ``/openapi.json`` is exact."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

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
#: round. The app matches it first (``PLAYER_ROUTERS``): FastAPI tries routes one by one, and
#: a report at the end of the whole route table spent a third of its time being matched.
PLAYER_RESOURCES = (me, me_card)


@dataclass(frozen=True)
class Inclusion:
    """A router as the app includes it: under ``prefix``, with ``responses`` (the error
    body) declared on each of its routes."""

    router: APIRouter
    prefix: str = ""
    responses: dict[int | str, dict[str, Any]] = field(default_factory=dict)


def _api(resources: tuple[ModuleType, ...]) -> tuple[Inclusion, ...]:
    return tuple(Inclusion(r.ROUTER, PREFIX, ERRORS) for r in resources)


#: What the app includes, in order: each resource's router on its own, not one router of
#: routers. FastAPI builds a route's handler again for each router it is included through
#: (four times for ``/api/v1`` inside the API inside this module's router, against twice
#: here): a server's start took 0.45 s more of CPU (docs/performance.md "Server start").
PLAYER_ROUTERS = _api(PLAYER_RESOURCES)
ROUTERS = (*_api(RESOURCES), Inclusion(docs.ROUTER))
