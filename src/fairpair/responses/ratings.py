"""A community's ratings as JSON (``fairpair rating ... --json``, ``/api/v1/communities/
{community}/ratings``): the list, a person's history, an event's changes, the settings."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RatingSettingsModel(_Model):
    format: Literal["fairpair-rating-settings"] = "fairpair-rating-settings"
    community: str
    matches: Literal["glicko2", "elo", "openskill", "off"]
    """The system one-on-one matches are rated with."""
    pods: bool
    """Pod tables rated by finishing place (OpenSkill)."""
    per_game: bool
    """One rating per game (the event's ruleset preset); off: one across all games."""
    seed_round_one: bool
    """A new event's round 1 is seeded by rating."""


class RatedPersonModel(_Model):
    rank: int
    person: str
    name: str
    rating: float
    deviation: float | None
    """Glicko-2: the rating deviation RD; OpenSkill: σ; FIDE Elo: none."""
    shown: str
    provisional: bool
    """Glicko-2: a deviation above 110 (few games yet)."""
    games: int
    events: int


class RatedEventModel(_Model):
    event: str
    name: str
    created_at: datetime
    players: int


class RatingListModel(_Model):
    format: Literal["fairpair-rating-list"] = "fairpair-rating-list"
    community: str
    game: str
    system: Literal["glicko2", "elo", "openskill"]
    games: list[str]
    systems: list[str]
    people: list[RatedPersonModel]
    events: list[RatedEventModel]


class RatingPointModel(_Model):
    event: str
    event_name: str
    at: datetime
    before: float
    after: float
    change: float
    games: int
    score: float
    expected: float | None
    """FIDE Elo: the expected score ΣPD (and ``k``, the K factor)."""
    k: int | None


class RatingSeriesModel(_Model):
    game: str
    system: Literal["glicko2", "elo", "openskill"]
    current: float
    points: list[RatingPointModel]


class RatingHistoryModel(_Model):
    format: Literal["fairpair-rating-history"] = "fairpair-rating-history"
    community: str
    person: str
    name: str
    series: list[RatingSeriesModel]


class EventChangeModel(_Model):
    person: str
    name: str
    game: str
    system: Literal["glicko2", "elo", "openskill"]
    before: float
    after: float
    change: float
    games: int
    score: float
    expected: float | None
    k: int | None


class EventRatingsModel(_Model):
    format: Literal["fairpair-event-ratings"] = "fairpair-event-ratings"
    community: str
    event: str
    name: str
    changes: list[EventChangeModel]
