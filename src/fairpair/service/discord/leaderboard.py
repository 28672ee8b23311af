"""The league a Discord channel means (``/leaderboard``, the live display message): the
newest open league the channel's linked event counts in; in a channel without an event,
the newest open league of the community whose Discord server it is. ``league`` (a key)
picks another league of that community. And the leaderboard's text, short enough for one
message."""

from __future__ import annotations

from sqlalchemy import select

from fairpair.engine.errors import Location
from fairpair.engine.points_text import points_text
from fairpair.i18n import gettext
from fairpair.service.communities.communities import community_of_event
from fairpair.service.kernel.errors import Refused
from fairpair.service.leagues.board import LeagueBoard
from fairpair.service.leagues.leagues import leagues_of, leagues_of_event
from fairpair.store.database import Database
from fairpair.store.models import CommunityRow

#: Rows the text lists.
TOP = 10


def league_of_channel(
    db: Database, event: str | None, guild: str | None, league: str | None = None
) -> tuple[str, str]:
    """(community, league key) the channel means; ``Refused`` saying why there is none."""
    community: str | None = None
    if event is not None:
        if league is None:
            found = leagues_of_event(db, event)
            if found:
                return found[0][0], found[0][1]
        ref = community_of_event(db, event)
        community = ref.slug if ref is not None else None
    if community is None and guild is not None:
        with db.reading() as conn:
            community = conn.execute(
                select(CommunityRow.slug)
                .where(CommunityRow.discord_guild == guild)
                .order_by(CommunityRow.id)
            ).scalar()
    if community is None:
        raise Refused(
            Location(("league",)),
            gettext(
                "this channel's event belongs to no community with a league "
                "(and this server is no community's)"
            ),
        )
    leagues = leagues_of(db, community)
    if league is not None:
        if not any(lg.key == league for lg in leagues):
            keys = ", ".join(lg.key for lg in leagues) or "none yet"
            raise Refused(
                Location(("league",)),
                gettext("no league %(league)r here (leagues: %(keys)s)")
                % {"league": league, "keys": keys},
            )
        return community, league
    open_ = [lg for lg in leagues if not lg.closed]
    if not open_:
        raise Refused(Location(("league",)), gettext("the community has no open league"))
    return community, open_[0].key


def leaderboard_text(found: LeagueBoard, top: int = TOP) -> str:
    """ "**Spring** — leaderboard (3 events)" and the top rows: "1. Ann — 9 points (3 events)"."""
    league = found.league
    said = "final leaderboard" if found.final else "leaderboard"
    n = len(league.events)
    lines = [f"**{league.name}** — {said} ({n} event{'s' if n != 1 else ''})"]
    for r in found.board.rows[:top]:
        counted = f"{r.played}" if r.counted == r.played else f"{r.counted} of {r.played}"
        lines.append(f"{r.rank}. {r.name} — {points_text(r.points)} points ({counted} events)")
    if not found.board.rows:
        lines.append("Nobody has played an event of the league yet.")
    elif len(found.board.rows) > top:
        lines.append(f"… and {len(found.board.rows) - top} more")
    return "\n".join(lines)[:1900]
