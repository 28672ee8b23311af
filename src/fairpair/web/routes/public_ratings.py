"""A community's public rating pages (docs/ratings.md): ``/c/{community}/ratings`` — the
rating list of one game and system, best first, with the events that moved it — and
``/c/{community}/ratings/events/{event}``: one event's rating changes (FIDE Elo: each
player's games, score, expected score and K). The player profile (``/c/{community}/p/
{person}``, the communities' page) shows a person's history with
``community/_profile_ratings.html``."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from fairpair.service.ratings.views import event_ratings, rating_list
from fairpair.web.access import DbDep, Public
from fairpair.web.templating import render

ROUTER = APIRouter(include_in_schema=False)


@ROUTER.get("/c/{community}/ratings")
def ratings_page(
    request: Request,
    community: str,
    access: Public,
    db: DbDep,
    game: Annotated[str | None, Query(max_length=40)] = None,
    system: Annotated[str | None, Query(max_length=12)] = None,
) -> Response:
    view = rating_list(db, community, game=game or None, system=system or None)
    return render(request, "community/ratings.html", ratings=view)


@ROUTER.get("/c/{community}/ratings/events/{event}")
def event_ratings_page(
    request: Request, community: str, event: str, access: Public, db: DbDep
) -> Response:
    return render(
        request, "community/rating_event.html", changes=event_ratings(db, community, event)
    )
