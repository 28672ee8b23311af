"""A person's league standings, for their profile page in the community
(``/c/{community}/p/{person}``, the template ``community/_profile_leagues.html``): in each of
the community's leagues they took part in — open ones first — their place, points, events
played and counted."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from fractions import Fraction
from typing import Any

from sqlalchemy import select

from fairpair.engine.points_text import points_text
from fairpair.service.communities.unit import reading_community
from fairpair.service.leagues.board import compute_board
from fairpair.service.leagues.leagues import find_league, season_dates
from fairpair.store.database import Database
from fairpair.store.models import LeagueRow, PersonRow


@dataclass(frozen=True, slots=True)
class PersonLeague:
    """One league of a person: where they stand (``rank`` of ``of`` players), their points
    (counted), events played and counted, and whether the season is closed."""

    community: str
    key: str
    name: str
    starts: date | None
    ends: date | None
    closed_at: datetime | None
    rank: int
    of: int
    points: Fraction
    played: int
    counted: int
    events: int

    @property
    def dates(self) -> str:
        """The season's dates in the current language ("4 Jan 2027 – 28 Mar 2027")."""
        return season_dates(self.starts, self.ends)

    @property
    def points_text(self) -> str:
        return points_text(self.points)

    @property
    def url(self) -> str:
        return f"/c/{self.community}/leagues/{self.key}"


def person_leagues(db: Database, community: str, person: str) -> list[PersonLeague]:
    """Person ``person``'s standing in each of community ``community``'s leagues they took
    part in (a closed league's: as it was closed; records merged into theirs count)."""
    with reading_community(db, community) as (conn, found):
        rows = conn.execute(
            select(PersonRow.id, PersonRow.key, PersonRow.merged_into).where(
                PersonRow.community_id == found.id
            )
        ).all()
        by_id = {r.id: r for r in rows}
        me = next((r.id for r in rows if r.key == person), None)
        keys: set[str] = set()
        for r in rows:
            seen: set[int] = set()
            at: Any = r
            while at is not None and at.id not in seen:
                if at.id == me:
                    keys.add(r.key)
                    break
                seen.add(at.id)
                at = by_id.get(at.merged_into) if at.merged_into is not None else None
        leagues = (
            conn.execute(select(LeagueRow.key).where(LeagueRow.community_id == found.id))
            .scalars()
            .all()
        )
        out: list[PersonLeague] = []
        for key in leagues:
            board = compute_board(conn, found, find_league(conn, found, key))
            mine = next((r for r in board.board.rows if r.person in keys), None)
            if mine is None:
                continue
            league = board.league
            out.append(
                PersonLeague(
                    community, league.key, league.name, league.starts, league.ends,
                    league.closed_at, mine.rank, len(board.board.rows), mine.points, mine.played,
                    mine.counted, len(league.events),
                )
            )  # fmt: skip
    return sorted(out, key=lambda p: (p.closed_at is not None, p.name))
