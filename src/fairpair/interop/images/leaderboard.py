"""A league's leaderboard as a picture for chat: rank, player, league points, events played
(counted) and the season's record — the top N, or one page of them."""

from __future__ import annotations

from fairpair.interop.images import theme
from fairpair.interop.images.paging import sheet
from fairpair.interop.images.scene import Picture
from fairpair.interop.images.table import Cell, Column, table_picture
from fairpair.responses.leagues import LeaderboardResponse


def leaderboard_picture(
    view: LeaderboardResponse,
    *,
    page: int = 1,
    per_page: int = theme.PER_PAGE,
    top: int | None = None,
) -> Picture:
    """Page ``page`` of league ``view``'s leaderboard (of its first ``top`` rows when given).
    ``NoSuchPage`` past the last page."""
    where = sheet(len(view.rows), page, per_page, top)
    league = view.league
    events = len(league.events)
    said = "Final leaderboard" if view.final else "Leaderboard"
    subtitle = f"{said} · {events} event{'s' if events != 1 else ''}"
    if league.rule.best:
        subtitle += f" · best {league.rule.best} count"
    columns = (
        Column("#", 84, "end"),
        Column("Player"),
        Column("Points", 130, "end"),
        Column("Events", 150, "middle"),
        Column("W-L-D", 150, "middle"),
    )
    rows = [
        (
            Cell(str(r.rank), bold=True),
            Cell(r.name),
            Cell(r.points_text, bold=True),
            Cell(f"{r.played}" if r.counted == r.played else f"{r.counted} of {r.played}"),
            Cell(f"{r.wins}-{r.losses}-{r.draws}"),
        )
        for r in view.rows[where.rows]
    ]
    return table_picture(
        title=league.name,
        subtitle=subtitle,
        columns=columns,
        rows=rows,
        caption=where.caption("Players"),
        alt=f"{league.name}: {said.lower()}, page {where.number} of {where.pages}",
    )
