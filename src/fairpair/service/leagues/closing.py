"""Closing a season: its leaderboard as it stands is stored with the league and is final —
nothing changes it after (a corrected result, a merge, an event deleted) — and the league
refuses every change. A new season is a new league (``leagues.create_league``; the console
and ``fairpair league new`` offer the same rule again)."""

from __future__ import annotations

from sqlalchemy import update

from fairpair.service.communities.unit import changing_community
from fairpair.service.leagues.board import LeagueBoard, as_json, compute_board, league_board
from fairpair.service.leagues.leagues import find_league, open_league_row
from fairpair.store.database import Database
from fairpair.store.models import LeagueRow


def close_league(db: Database, community: str, key: str, *, actor: str) -> LeagueBoard:
    """Close league ``key``: its leaderboard now becomes its final one (refused when it is
    closed already). The final leaderboard."""
    with changing_community(db, community, actor) as change:
        open_league_row(change, key)  # refused when closed already
        league = find_league(change.conn, change.community, key)
        board = compute_board(change.conn, change.community, league)
        top = board.board.rows[0].name if board.board.rows else None
        change.conn.execute(
            update(LeagueRow)
            .where(LeagueRow.id == league.id)
            .values(closed_at=change.at, final=as_json(board), version=LeagueRow.version + 1)
        )
        change.audit(
            "league.close",
            f"league {key}",
            after={"players": len(board.board.rows), "leader": top, "events": len(league.events)},
        )
    return league_board(db, community, key)
