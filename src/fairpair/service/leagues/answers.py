"""A league and its leaderboard as typed answers (``responses.leagues``): what ``--json`` and
the JSON API give."""

from __future__ import annotations

from fairpair.responses.leagues import (
    LeaderboardResponse,
    LeagueEventItem,
    LeagueItem,
    LeagueList,
    row_item,
    rule_item,
)
from fairpair.service.leagues.board import LeagueBoard, league_board
from fairpair.service.leagues.leagues import League, leagues_of
from fairpair.store.database import Database


def league_item(league: League) -> LeagueItem:
    return LeagueItem(
        community=league.community,
        key=league.key,
        name=league.name,
        starts=league.starts,
        ends=league.ends,
        closed_at=league.closed_at,
        rule=rule_item(league.rule),
        events=[LeagueEventItem(slug=e.slug, name=e.name, day=e.day) for e in league.events],
        url=f"/c/{league.community}/leagues/{league.key}",
    )


def leaderboard_response(found: LeagueBoard) -> LeaderboardResponse:
    community = found.league.community
    return LeaderboardResponse(
        league=league_item(found.league),
        final=found.final,
        rows=[row_item(community, r) for r in found.board.rows],
    )


def leaderboard_answer(db: Database, community: str, key: str) -> LeaderboardResponse:
    return leaderboard_response(league_board(db, community, key))


def league_list(db: Database, community: str) -> LeagueList:
    return LeagueList(
        community=community, leagues=[league_item(lg) for lg in leagues_of(db, community)]
    )
