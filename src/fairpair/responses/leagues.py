"""Leagues (seasons) as the command line's ``--json`` and the JSON API answer with them:
a league (its rule, dates, events), the list of a community's, and a leaderboard with each
player's points per event (docs/leagues.md)."""

from __future__ import annotations

from datetime import date, datetime
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from fairpair.engine.leagues import BoardRow, PointsRule
from fairpair.engine.points_text import points_text


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def number(value: Fraction) -> int | float:
    """Exact points as JSON: whole numbers as integers, halves as decimals (2.5)."""
    return int(value) if value.denominator == 1 else float(value)


class LeagueRule(Model):
    """League points per event: per match won / drawn / lost, for taking part, by final
    place (1st, 2nd, … ; beyond the table 0), and how many events count (best N)."""

    win: int | float
    draw: int | float
    loss: int | float
    attend: int | float
    places: list[int | float]
    best: int | None = Field(description="Only the best N event totals count (null: all).")
    text: str = Field(description="The rule in words.")


class LeagueEventItem(Model):
    slug: str
    name: str
    day: date


class LeagueItem(Model):
    """A league (season) of a community."""

    community: str
    key: str
    name: str
    starts: date | None
    ends: date | None
    closed_at: datetime | None
    rule: LeagueRule
    events: list[LeagueEventItem]
    url: str = Field(description="Its public leaderboard page.")


class LeagueList(Model):
    format: Literal["fairpair-leagues"] = "fairpair-leagues"
    community: str
    leagues: list[LeagueItem]


class LeaderboardScore(Model):
    """A player's league points from one event; ``counted``: added to the total (not
    dropped by best N)."""

    event: str
    points: int | float
    counted: bool
    wins: int
    draws: int
    losses: int
    place: int | None


class LeaderboardRow(Model):
    rank: int
    person: str
    name: str
    points: int | float
    points_text: str
    played: int = Field(description="Events taken part in.")
    counted: int = Field(description="Events whose points count (best N).")
    wins: int
    draws: int
    losses: int
    scores: list[LeaderboardScore]
    profile: str = Field(description="The player's profile page in the community.")


class LeaderboardResponse(Model):
    format: Literal["fairpair-league-leaderboard"] = "fairpair-league-leaderboard"
    league: LeagueItem
    final: bool = Field(description="The season is closed: this leaderboard is final.")
    rows: list[LeaderboardRow]


def rule_item(rule: PointsRule) -> LeagueRule:
    return LeagueRule(
        win=number(rule.win),
        draw=number(rule.draw),
        loss=number(rule.loss),
        attend=number(rule.attend),
        places=[number(p) for p in rule.places],
        best=rule.best,
        text=rule.text,
    )


def row_item(community: str, row: BoardRow) -> LeaderboardRow:
    return LeaderboardRow(
        rank=row.rank,
        person=row.person,
        name=row.name,
        points=number(row.points),
        points_text=points_text(row.points),
        played=row.played,
        counted=row.counted,
        wins=row.wins,
        draws=row.draws,
        losses=row.losses,
        scores=[
            LeaderboardScore(
                event=s.event,
                points=number(s.points),
                counted=s.counted,
                wins=s.wins,
                draws=s.draws,
                losses=s.losses,
                place=s.place,
            )
            for s in row.scores
        ],
        profile=f"/c/{community}/p/{row.person}",
    )
