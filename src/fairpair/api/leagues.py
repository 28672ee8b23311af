"""``/api/v1/communities/{community}/leagues``: a community's leagues (seasons) — list
them and read a leaderboard (anyone: leaderboards are public), start one, change it, attach
and take out events, close the season (the community's judges and owners)
(docs/leagues.md)."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import APIRouter, Path
from pydantic import Field

from fairpair.api.bodies import Body, Key, Name
from fairpair.responses.leagues import LeaderboardResponse, LeagueItem, LeagueList
from fairpair.service.leagues.answers import (
    leaderboard_answer,
    leaderboard_response,
    league_item,
    league_list,
)
from fairpair.service.leagues.closing import close_league
from fairpair.service.leagues.leagues import (
    KEEP,
    attach_events,
    create_league,
    detach_event,
    edit_league,
)
from fairpair.service.leagues.leagues import (
    league as league_of,
)
from fairpair.web.access import CommunityJudge, DbDep, Public

ROUTER = APIRouter(tags=["leagues"])
CommunitySlug = Annotated[str, Path(max_length=80, description="The community's slug.")]
LeagueKey = Annotated[str, Path(max_length=80, description="The league's key.")]
EventSlug = Annotated[str, Path(max_length=80, description="The event's slug.")]
Points = Annotated[float | str, Field(description='League points: 3, 0.5 or "½".')]
Events = Annotated[list[Key], Field(max_length=500)]


class RuleBody(Body):
    """A points rule: the parts left out keep their defaults (3 a win, 1 a draw, 0 else)."""

    win: Points | None = None
    draw: Points | None = None
    loss: Points | None = None
    attend: Points | None = None
    places: Annotated[list[Points], Field(max_length=64)] | None = None
    best: Annotated[int, Field(ge=0, le=1000)] | None = Field(
        default=None, description="Only the best N events count (null or 0: all)."
    )

    def values(self) -> dict[str, object]:
        return {k: v for k, v in self.model_dump().items() if v is not None}


class NewLeague(Body):
    name: Name
    key: Key | None = None
    starts: date | None = None
    ends: date | None = None
    rule: RuleBody | None = None
    events: Events = Field(default_factory=list)


class LeagueChange(Body):
    """The fields given change (``null`` clears a date); ``rule`` replaces the rule."""

    name: Name | None = None
    starts: date | None = None
    ends: date | None = None
    rule: RuleBody | None = None


class LeagueEvents(Body):
    events: Events


@ROUTER.get("/communities/{community}/leagues", response_model=LeagueList)
def list_leagues(community: CommunitySlug, access: Public, db: DbDep) -> LeagueList:
    """The community's leagues, open ones first."""
    return league_list(db, community)


@ROUTER.post("/communities/{community}/leagues", response_model=LeagueItem, status_code=201)
def new_league(
    community: CommunitySlug, body: NewLeague, access: CommunityJudge, db: DbDep
) -> LeagueItem:
    """Start a league (a season) with its points rule and, optionally, its events."""
    key = create_league(
        db,
        community,
        body.name,
        actor=access.actor,
        key=body.key,
        starts=body.starts,
        ends=body.ends,
        rule=body.rule.values() if body.rule is not None else None,
        events=body.events,
    )
    return league_item(league_of(db, community, key))


@ROUTER.get("/communities/{community}/leagues/{league}", response_model=LeaderboardResponse)
def leaderboard(
    community: CommunitySlug, league: LeagueKey, access: Public, db: DbDep
) -> LeaderboardResponse:
    """The league's leaderboard (final once the season is closed)."""
    return leaderboard_answer(db, community, league)


@ROUTER.patch("/communities/{community}/leagues/{league}", response_model=LeagueItem)
def change_league(
    community: CommunitySlug,
    league: LeagueKey,
    body: LeagueChange,
    access: CommunityJudge,
    db: DbDep,
) -> LeagueItem:
    """Change the league's name, dates or rule (refused once it is closed)."""
    given = body.model_fields_set
    edit_league(
        db,
        community,
        league,
        actor=access.actor,
        name=body.name if "name" in given and body.name is not None else KEEP,
        starts=body.starts if "starts" in given else KEEP,
        ends=body.ends if "ends" in given else KEEP,
        rule=body.rule.values() if body.rule is not None else KEEP,
    )
    return league_item(league_of(db, community, league))


@ROUTER.post("/communities/{community}/leagues/{league}/events", response_model=LeagueItem)
def add_events(
    community: CommunitySlug,
    league: LeagueKey,
    body: LeagueEvents,
    access: CommunityJudge,
    db: DbDep,
) -> LeagueItem:
    """Count events of the community in the league."""
    attach_events(db, community, league, body.events, actor=access.actor)
    return league_item(league_of(db, community, league))


@ROUTER.delete(
    "/communities/{community}/leagues/{league}/events/{event}", response_model=LeagueItem
)
def remove_event(
    community: CommunitySlug,
    league: LeagueKey,
    event: EventSlug,
    access: CommunityJudge,
    db: DbDep,
) -> LeagueItem:
    """Stop counting an event in the league (the event itself stays)."""
    detach_event(db, community, league, event, actor=access.actor)
    return league_item(league_of(db, community, league))


@ROUTER.post("/communities/{community}/leagues/{league}/close", response_model=LeaderboardResponse)
def close(
    community: CommunitySlug, league: LeagueKey, access: CommunityJudge, db: DbDep
) -> LeaderboardResponse:
    """Close the season: its leaderboard as it stands becomes final."""
    return leaderboard_response(close_league(db, community, league, actor=access.actor))
