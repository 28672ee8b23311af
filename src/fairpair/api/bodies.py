"""The request bodies of the API: pydantic models with limits, so a hostile body is a 422
naming the field before any use case runs."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Name = Annotated[str, Field(min_length=1, max_length=200)]
Key = Annotated[str, Field(min_length=1, max_length=80)]
Text = Annotated[str, Field(max_length=500)]


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewEvent(Body):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"name": "Friday Night Magic", "ruleset": "mtg"}]},
    )
    name: Name
    slug: Key | None = None
    ruleset: Key = "default"


class EventDetailsBody(Body):
    """Event details to change: only the fields given change (``null`` clears one)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"city": "Torino", "federation": "ITA", "chief_arbiter": "Rossi, Mario"}]
        },
    )
    name: Name | None = None
    city: Annotated[str, Field(max_length=100)] | None = None
    federation: Annotated[str, Field(max_length=3)] | None = None
    start_date: date | None = None
    end_date: date | None = None
    chief_arbiter: Name | None = None
    deputy_arbiters: Annotated[list[Name], Field(max_length=20)] | None = None
    time_control: Annotated[str, Field(max_length=100)] | None = None
    tournament_type: Annotated[str, Field(max_length=100)] | None = None
    round_dates: Annotated[list[date | None], Field(max_length=99)] | None = None
    language: Annotated[str, Field(max_length=8)] | None = Field(
        None, description="The event's default language: en, es, pt_BR, fr, de, it or ja."
    )


class LateEntryBody(Body):
    """A player who joins after round 1: how the rounds they missed count."""

    byes: Annotated[int, Field(ge=0, le=50)] = 0
    kind: Literal["full", "half", "zero"] = "zero"


class NewPlayerBody(Body):
    name: Name
    id: Key | None = None
    seed: Annotated[int, Field(ge=0, le=1_000_000)] | None = None
    rating: Annotated[int, Field(ge=0, le=10_000)] | None = None
    team: Name | None = None
    contact: Name | None = None
    title: Annotated[str, Field(max_length=3)] | None = None
    federation: Annotated[str, Field(max_length=3)] | None = None
    fide_id: Annotated[str, Field(max_length=11)] | None = None
    sex: Annotated[str, Field(max_length=1)] | None = None
    birth_date: Annotated[str, Field(max_length=10)] | None = None
    person: Annotated[
        Key | None,
        Field(
            description="A returning player: the key of their record in the player directory "
            "of the event's community (GET /communities/{c}/people?search=)."
        ),
    ] = None


class PlayerEdit(Body):
    """A registered player's facts to change: only the fields given change (``null`` clears
    one; a name cannot be cleared). The seed has its own rule (``fairpair player seed``)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"rating": 2412, "title": "IM", "federation": "ITA"}]},
    )
    name: Name | None = None
    rating: Annotated[int, Field(ge=0, le=10_000)] | None = None
    team: Name | None = None
    contact: Name | None = None
    title: Annotated[str, Field(max_length=3)] | None = None
    federation: Annotated[str, Field(max_length=3)] | None = None
    fide_id: Annotated[str, Field(max_length=11)] | None = None
    sex: Annotated[str, Field(max_length=1)] | None = None
    birth_date: Annotated[str, Field(max_length=10)] | None = None


class ByeRequestBody(Body):
    """A requested bye: half-point (where the stage allows them) or zero-point (sitting out),
    for ``round`` (default: the next round to pair)."""

    kind: Literal["half", "zero"] = "half"
    round: Annotated[int, Field(ge=1, le=10_000)] | None = None


class OnePlayer(NewPlayerBody):
    """A player to register (after round 1: a late entry, ``late`` says how)."""

    late: LateEntryBody | None = None


class NewPlayers(Body):
    """Players to register together (all or none: a bad row adds nobody)."""

    players: Annotated[list[NewPlayerBody], Field(min_length=1, max_length=10_000)]
    late: LateEntryBody | None = None


class CheckIn(Body):
    players: Annotated[list[Key], Field(min_length=1, max_length=10_000)]
    undo: bool = False


class Drop(Body):
    after_round: Annotated[int, Field(ge=0, le=10_000)] | None = None
    stage: Key | None = None
    whole_event: bool = True
    reason: Text | None = None


class TossSetting(Body):
    enabled: bool = True
    policy: Literal["neutral", "catch-up"] | None = None


class StageSettings(Body):
    """A stage's settings as in the tournament document (docs/schemas): the usual ones by
    name, any other under ``more`` (``tiebreaks``, ``cut``, ``elimination``, ...)."""

    id: Key | None = None
    name: Name | None = None
    format: Key | None = None
    ruleset: Key | None = None
    pairing_method: Key | None = None
    max_rounds: Annotated[int, Field(ge=1, le=1_000)] | None = None
    seed: Name | None = None
    toss: TossSetting | None = None
    autopilot: bool | None = None
    """Each round starts itself at the last result of the round before (docs/autopilot.md);
    left out of a new stage: its ruleset's default (on for ``teamup``)."""
    more: Annotated[dict[Key, Any], Field(max_length=50)] = Field(default_factory=dict)

    def settings(self) -> dict[str, Any]:
        named = self.model_dump(exclude={"more"}, exclude_none=True)
        return {**self.more, **named}


class StageChanges(StageSettings):
    """Changes to a stage (``null`` inside ``more`` removes a setting); ``version``: refuse
    when the stage changed since it was read."""

    version: Annotated[int, Field(ge=1)] | None = None

    def settings(self) -> dict[str, Any]:
        named = self.model_dump(exclude={"more", "version"}, exclude_none=True)
        return {**self.more, **named}


class Exchange(Body):
    """Two players who change places (or a player and the one who has the bye)."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"player": "ann-lee", "other": "bo-chen"}]}
    )

    player: Key
    other: Key


class Dates(Body):
    """A round's start and end (ISO 8601; ``null`` clears one; left out: kept)."""

    starts_at: datetime | None = None
    ends_at: datetime | None = None


class ClockStart(Body):
    """Start a round's timer at ``minutes`` (again, if it ran already)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"minutes": 50}]})
    minutes: Annotated[int, Field(ge=1, le=1440)]


class ClockAdd(Body):
    """Add ``minutes`` to a round's timer, running or paused (negative: take time away,
    never below zero)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"minutes": 5}]})
    minutes: Annotated[int, Field(ge=-1440, le=1440)]


class ResultReport(Body):
    """A match's result, told from side a: ``2-1``, ``2-1-1``, ``a-wins``, ``b-wins``,
    ``draw``, ``id``, ``a-forfeits``, ``b-forfeits``, ``double-forfeit``, ``skip``."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"round": 4, "table": 3, "result": "2-1"}]}
    )

    round: Annotated[int, Field(ge=1, le=10_000)]
    table: Annotated[int, Field(ge=1, le=100_000)]
    result: Annotated[str, Field(min_length=1, max_length=40)]
    stage: Key | None = None


class ResultCorrection(ResultReport):
    """A correction of a recorded result (audited with its reason); ``version``: refuse
    when the result changed since it was read."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"round": 4, "table": 3, "result": "1-2", "reason": "slip misread"}]
        },
    )

    reason: Text | None = None
    version: Annotated[int, Field(ge=1)] | None = None


class TossFlip(Body):
    """Who plays first (a player's id; default: the other player)."""

    first: Key | None = None


class CutDraw(Body):
    stage: Key | None = None
    early: bool = False


class NewToken(Body):
    name: Name


Place = Annotated[int, Field(ge=1, le=10)]


class PodPlaces(Body):
    """A pod table's finishing places: player id (or name) → place; tied seats share a place
    and the next skips (1, 2, 2, 4). ``correct``: replace places already recorded (audited,
    with ``reason``; ``version`` refuses when the table changed since it was read)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"round": 1, "table": 1, "places": {"ann": 1, "bo": 2, "cy": 2, "di": 4}}]
        },
    )

    round: Annotated[int, Field(ge=1, le=10_000)]
    table: Annotated[int, Field(ge=1, le=100_000)]
    places: Annotated[
        dict[Key, Annotated[int, Field(ge=1, le=10)]], Field(min_length=3, max_length=10)
    ]
    stage: Key | None = None
    correct: bool = False
    reason: Text | None = None
    version: Annotated[int, Field(ge=1)] | None = None


class StaffRole(Body):
    """An account's role in the event: ``owner``, ``judge`` (runs rounds, enters results) or
    ``viewer`` (reads the console)."""

    username: Annotated[str, Field(min_length=2, max_length=40)]
    role: Literal["owner", "judge", "viewer"] = "judge"
