"""A community's public pages (docs/communities.md): ``/c/{community}`` — its name and its
events, running, upcoming and past, each a link to the event's public page — and a player's
profile, ``/c/{community}/p/{person}``: the events of the community they played, the name
they played under and their place in each event's final standings (the leagues' points and
the rating history are drawn by their own templates, where the profile leaves room)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from fairpair.service.communities.communities import community_view
from fairpair.service.communities.profiles import profile
from fairpair.service.leagues.profiles import person_leagues
from fairpair.service.ratings.views import rating_history
from fairpair.web.access import DbDep, Public
from fairpair.web.templating import render

ROUTER = APIRouter(include_in_schema=False)


@ROUTER.get("/c/{community}")
def community_page(request: Request, community: str, access: Public, db: DbDep) -> Response:
    return render(request, "community/public.html", community=community_view(db, community))


@ROUTER.get("/c/{community}/p/{person}")
def profile_page(
    request: Request, community: str, person: str, access: Public, db: DbDep
) -> Response:
    return render(
        request,
        "community/profile.html",
        community=community_view(db, community),
        profile=profile(db, community, person),
        leagues=person_leagues(db, community, person),
        ratings=rating_history(db, community, person),
    )
