"""``/api/v1/communities/{community}/ratings``: a community's ratings (docs/ratings.md) — the
rating list (public, as its page), a person's history, an event's changes, the community's
rating choices (its staff read them, its owners change them) and rating every event again
(owners)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query

from fairpair.api.bodies import Body
from fairpair.responses.ratings import (
    EventRatingsModel,
    RatingHistoryModel,
    RatingListModel,
    RatingSettingsModel,
)
from fairpair.service.ratings.answers import (
    event_answer,
    history_answer,
    list_answer,
    settings_answer,
)
from fairpair.service.ratings.updates import change_settings, rating_settings, rebuild
from fairpair.service.ratings.views import event_ratings, rating_history, rating_list
from fairpair.web.access import CommunityOwner, CommunityViewer, DbDep, Public

ROUTER = APIRouter(tags=["ratings"])
Community = Annotated[str, Path(max_length=80, description="The community's slug.")]
PersonKey = Annotated[
    str, Path(max_length=80, description="The key of a record of the player directory.")
]
EventSlug = Annotated[str, Path(max_length=80, description="The event's slug.")]


class RatingChoices(Body):
    """The rating choices to change (those left out stay as they are)."""

    matches: Literal["glicko2", "elo", "openskill", "off"] | None = None
    pods: bool | None = None
    per_game: bool | None = None
    seed_round_one: bool | None = None


class Rebuilt(Body):
    community: str
    ratings: int


@ROUTER.get("/communities/{community}/ratings", response_model=RatingListModel)
def ratings(
    community: Community,
    access: Public,
    db: DbDep,
    game: Annotated[
        str | None, Query(max_length=40, description="A game (its ruleset preset).")
    ] = None,
    system: Annotated[
        Literal["glicko2", "elo", "openskill"] | None, Query(description="A rating system.")
    ] = None,
) -> RatingListModel:
    """The community's rating list, best first: its most rated game unless ``game``."""
    return list_answer(rating_list(db, community, game=game, system=system))


@ROUTER.get("/communities/{community}/ratings/people/{person}", response_model=RatingHistoryModel)
def person_ratings(
    community: Community, person: PersonKey, access: Public, db: DbDep
) -> RatingHistoryModel:
    """A person's rating before and after each event, per game and system."""
    return history_answer(rating_history(db, community, person))


@ROUTER.get("/communities/{community}/ratings/events/{event}", response_model=EventRatingsModel)
def event_changes(
    community: Community, event: EventSlug, access: Public, db: DbDep
) -> EventRatingsModel:
    """An event's rating changes (FIDE Elo: games, score, expected score, K)."""
    return event_answer(event_ratings(db, community, event))


@ROUTER.get("/communities/{community}/ratings/settings", response_model=RatingSettingsModel)
def settings(community: Community, access: CommunityViewer, db: DbDep) -> RatingSettingsModel:
    """The community's rating choices."""
    return settings_answer(community, rating_settings(db, community))


@ROUTER.patch("/communities/{community}/ratings/settings", response_model=RatingSettingsModel)
def change(
    community: Community, body: RatingChoices, access: CommunityOwner, db: DbDep
) -> RatingSettingsModel:
    """Change the community's rating choices: every event is rated again under them."""
    chosen = change_settings(db, community, body.model_dump(), actor=access.actor)
    return settings_answer(community, chosen)


@ROUTER.post("/communities/{community}/ratings/rebuild", response_model=Rebuilt)
def rate_again(community: Community, access: CommunityOwner, db: DbDep) -> Rebuilt:
    """Rate every event of the community again, from the first (after a merge, say)."""
    return Rebuilt(community=community, ratings=rebuild(db, community, actor=access.actor))
