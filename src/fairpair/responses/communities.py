"""Communities as JSON (``fairpair community ... --json`` and ``/api/v1/communities``): a
community with its events, its staff, its player directory, a player's profile and a
player's own data export (docs/communities.md)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CommunityItem(Model):
    """A community the caller has a role in."""

    slug: str
    name: str
    kind: Literal["store", "club", "discord", "other"]
    role: str | None = Field(
        description="The caller's role: owner, judge or viewer (null: none — the command "
        "line lists every community)."
    )


class CommunityList(Model):
    format: Literal["fairpair-communities"] = "fairpair-communities"
    communities: list[CommunityItem]


class CommunityEventItem(Model):
    """One of the community's events."""

    slug: str
    name: str
    created_at: datetime
    state: Literal["upcoming", "running", "past"] = Field(
        description="upcoming: no round released yet; past: every round completed."
    )
    rounds: int
    players: int


class CommunityDetail(Model):
    format: Literal["fairpair-community"] = "fairpair-community"
    slug: str
    name: str
    kind: Literal["store", "club", "discord", "other"]
    discord_guild: str | None
    created_at: datetime
    people: int = Field(description="Records in the player directory.")
    events: list[CommunityEventItem] = Field(description="Newest first.")


class CommunityStaffMember(Model):
    username: str
    name: str
    role: str


class CommunityStaff(Model):
    community: str
    staff: list[CommunityStaffMember] = Field(description="Owners first.")


class PersonItem(Model):
    """A record of the player directory."""

    key: str
    name: str
    events: int = Field(description="Events of the community played.")
    last_seen: datetime | None = Field(description="When the last of them was created.")
    forgotten: bool = Field(description="Deleted on the person's request: the name is gone.")


class PersonList(Model):
    format: Literal["fairpair-people"] = "fairpair-people"
    community: str
    search: str | None = Field(description="The text searched for (null: the whole directory).")
    people: list[PersonItem]


class ProfileEvent(Model):
    """An event the person played, with their place in its final standings."""

    slug: str
    name: str
    created_at: datetime
    state: Literal["upcoming", "running", "past"]
    player: str = Field(description="The player's id in the event.")
    played_as: str = Field(description="The name they played under.")
    place: str | None = Field(
        description='Their place in the event\'s standings ("1", "3–4" from a playoff); null '
        "before any result, and for a player who withdrew."
    )
    of: int = Field(description="How many players the event had.")
    record: str | None = Field(description="Wins-losses-draws over the event.")
    withdrew: bool


class Profile(Model):
    format: Literal["fairpair-profile"] = "fairpair-profile"
    community: str
    community_name: str
    person: PersonItem
    events: list[ProfileEvent] = Field(description="Newest first.")


class MergeAnswer(Model):
    community: str
    kept: str
    gone: str
    moved: int = Field(description="How many events' players moved to the record kept.")


class ExportMatch(Model):
    stage: str
    round: int
    table: int | None = Field(description="Null for a bye.")
    opponents: list[str] = Field(description="The names they played (a pod: every other seat).")
    outcome: str = Field(
        description="win, loss, draw, bye, forfeit win, forfeit loss, double forfeit, "
        'skipped, a pod place ("2nd of 4") or pending.'
    )
    games: str | None = Field(description='Their games won-lost(-drawn), "2-1".')


class ExportEvent(Model):
    slug: str
    name: str
    created_at: datetime
    player: dict[str, str | int | bool | datetime | None] = Field(
        description="Their registration: id, name, team, contact, rating, registered_at, "
        "checked_in_at, dropped."
    )
    place: str | None
    of: int
    matches: list[ExportMatch]


class PersonExport(Model):
    """Everything fairpair holds about one person of a community's directory (their own data
    export, on request)."""

    format: Literal["fairpair-person-export"] = "fairpair-person-export"
    written_at: datetime
    community: dict[str, str]
    person: dict[str, str | bool | datetime | None] = Field(
        description="key, name, created_at, discord_user, forgotten."
    )
    events: list[ExportEvent]
