"""The ratings' views as the JSON answers the CLI (``--json``) and the API share
(``responses.ratings``)."""

from __future__ import annotations

from fairpair.responses.ratings import (
    EventChangeModel,
    EventRatingsModel,
    RatedEventModel,
    RatedPersonModel,
    RatingHistoryModel,
    RatingListModel,
    RatingPointModel,
    RatingSeriesModel,
    RatingSettingsModel,
)
from fairpair.service.ratings.settings import RatingSettings
from fairpair.service.ratings.views import (
    EventRatings,
    HistoryPoint,
    RatingHistory,
    RatingList,
)


def settings_answer(community: str, settings: RatingSettings) -> RatingSettingsModel:
    return RatingSettingsModel(community=community, **settings.as_dict())


def list_answer(view: RatingList) -> RatingListModel:
    return RatingListModel(
        community=view.community,
        game=view.game,
        system=view.system.value,
        games=list(view.games),
        systems=[s.value for s in view.systems],
        people=[
            RatedPersonModel(
                rank=p.rank,
                person=p.key,
                name=p.name,
                rating=p.rating,
                deviation=p.deviation,
                shown=p.shown,
                provisional=p.provisional,
                games=p.games,
                events=p.events,
            )
            for p in view.people
        ],
        events=[
            RatedEventModel(event=e.slug, name=e.name, created_at=e.created_at, players=e.players)
            for e in view.events
        ],
    )


def _point(p: HistoryPoint) -> RatingPointModel:
    return RatingPointModel(
        event=p.event,
        event_name=p.event_name,
        at=p.at,
        before=p.before,
        after=p.after,
        change=p.change,
        games=p.games,
        score=p.score,
        expected=p.expected,
        k=p.k,
    )


def history_answer(view: RatingHistory) -> RatingHistoryModel:
    return RatingHistoryModel(
        community=view.community,
        person=view.person,
        name=view.name,
        series=[
            RatingSeriesModel(
                game=s.game,
                system=s.system.value,
                current=s.points[-1].after,
                points=[_point(p) for p in s.points],
            )
            for s in view.series
        ],
    )


def event_answer(view: EventRatings) -> EventRatingsModel:
    return EventRatingsModel(
        community=view.community,
        event=view.event,
        name=view.event_name,
        changes=[
            EventChangeModel(
                person=c.key,
                name=c.name,
                game=c.game,
                system=c.point.system.value,
                before=c.point.before,
                after=c.point.after,
                change=c.point.change,
                games=c.point.games,
                score=c.point.score,
                expected=c.point.expected,
                k=c.point.k,
            )
            for c in view.changes
        ],
    )
