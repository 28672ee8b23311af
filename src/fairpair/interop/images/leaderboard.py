"""A league's leaderboard as a picture for chat: rank, player, league points, events played
(counted) and the season's record — the top N, or one page of them."""

from __future__ import annotations

from fairpair import i18n
from fairpair.i18n import gettext as _
from fairpair.i18n import ngettext
from fairpair.interop.images import theme
from fairpair.interop.images.figures import figures
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
    said = _("Final leaderboard") if view.final else _("Leaderboard")
    subtitle = ngettext("%(board)s · %(num)d event", "%(board)s · %(num)d events", events) % {
        "board": said,
        "num": events,
    }
    if league.rule.best:
        subtitle = ngettext(
            "%(board)s · best %(num)d count", "%(board)s · best %(num)d count", league.rule.best
        ) % {"board": subtitle, "num": league.rule.best}
    columns = (
        Column("#", 84, "end"),
        Column(_("Player")),
        Column(_("Points"), 130, "end"),
        Column(_("Events"), 150, "middle"),
        Column(_("W-L-D"), 150, "middle"),
    )
    rows = [
        (
            Cell(str(r.rank), bold=True),
            Cell(r.name),
            Cell(figures(r.points_text), bold=True),
            Cell(
                i18n.number(r.played)
                if r.counted == r.played
                else _("%(counted)s of %(played)s")
                % {"counted": i18n.number(r.counted), "played": i18n.number(r.played)}
            ),
            Cell(f"{r.wins}-{r.losses}-{r.draws}"),
        )
        for r in view.rows[where.rows]
    ]
    return table_picture(
        title=league.name,
        subtitle=subtitle,
        columns=columns,
        rows=rows,
        caption=where.caption(_("Players")),
        alt=(
            _("%(league)s: final leaderboard, page %(page)s of %(pages)s")
            if view.final
            else _("%(league)s: leaderboard, page %(page)s of %(pages)s")
        )
        % {"league": league.name, "page": where.number, "pages": where.pages},
    )
