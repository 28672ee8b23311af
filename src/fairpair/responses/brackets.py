"""The bracket of a playoff stage as data: the console's and the public bracket view now,
the HTTP API later.

A bracket is split into sections (single elimination: ``winners`` and, when played, a
``third_place`` match; double elimination: ``winners``, ``losers``, ``final`` and the
``reset``), each section into rounds, each round into matches numbered as the engine numbers
them (``M1``, ``M2``, ...). A side names where its player comes from ("Seed 1", "Winner of
M3") and, once known, the player.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

SectionName = Literal["winners", "losers", "final", "reset", "third_place"]
MatchState = Literal["waiting", "ready", "released", "decided"]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class BracketPlayer(_Model):
    seed: int
    id: str
    name: str


class BracketSide(_Model):
    source: str = Field(description='Where the side comes from: "Seed 1", "Winner of M3".')
    player: BracketPlayer | None = Field(description="Null until the earlier match is decided.")


class BracketMatch(_Model):
    id: str = Field(description="The bracket's match id (M1, M2, ...).")
    label: str = Field(description='The organizer\'s name: "Semifinal #1", "Losers round 2 #1".')
    state: MatchState = Field(
        description="waiting (a side is not known yet), ready (both known, not released), "
        "released (being played), decided (a winner)."
    )
    a: BracketSide
    b: BracketSide
    winner: str | None = Field(description="The winner's player id once decided.")
    result: str | None = Field(description='The result as people read it ("Ann wins 2-1").')
    walkover: bool = Field(description="Decided without a table: the opponent had left.")
    stage_round: int | None = Field(description="The stage round the match was released in.")
    table: int | None


class BracketRound(_Model):
    round: int
    name: str
    matches: list[BracketMatch]


class BracketSection(_Model):
    name: SectionName
    label: str
    rounds: list[BracketRound]


class BracketPlacement(_Model):
    place: str = Field(description='"1", "3–4", "5–8".')
    player: BracketPlayer


class BracketView(_Model):
    """A playoff stage's bracket: its seeds, its sections, the champion and the places."""

    model_config = ConfigDict(title="fairpair bracket")

    format: Literal["fairpair-bracket"] = "fairpair-bracket"
    event: str
    stage: str
    stage_name: str
    kind: Literal["single", "double"]
    drawn: bool = Field(description="False while the stage has no field yet (a cut not drawn).")
    entrants: int
    size: int = Field(
        description="The bracket's slots (a power of two; byes fill the rest); 0 before a field."
    )
    seeds: list[BracketPlayer]
    sections: list[BracketSection]
    champion: BracketPlayer | None
    reset_needed: bool | None = Field(
        description="Double elimination: whether the bracket reset is played (null until the "
        "grand final is decided)."
    )
    placements: list[BracketPlacement]
