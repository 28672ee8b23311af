"""Standings as a picture: rank, player, points, record and the stage's first two
tiebreaks — the top N, or one page of them. A withdrawn player keeps their row, in grey,
without a rank, tagged "Withdrew" (as on the public page)."""

from __future__ import annotations

from fractions import Fraction

from fairpair.engine.points_text import column_text, in_decimals
from fairpair.i18n import gettext as _
from fairpair.interop.images import theme
from fairpair.interop.images.figures import figures
from fairpair.interop.images.paging import Sheet, sheet
from fairpair.interop.images.scene import Picture
from fairpair.interop.images.table import Cell, Column, Row, table_picture
from fairpair.language.tiebreaks import tiebreak_short
from fairpair.responses.standings import StandingsResponse, StandingsRow

#: Tiebreak columns shown (the stage's first ones, in its order).
TIEBREAKS = 2


def _row(row: StandingsRow, shown: list[str], record: bool, decimals: bool) -> Row:
    gone = row.status == "withdrawn"
    color = theme.GONE_INK if gone else theme.INK
    rank = str(row.rank) if row.rank is not None else (row.place or "–")
    return (
        Cell(rank, bold=not gone, color=color),
        Cell(
            row.player.name,
            color=color,
            tag=_("Withdrew") if gone else None,
            tag_fill=theme.GONE_INK,
        ),
        Cell(
            figures(column_text(Fraction(row.points_exact), decimals)),
            bold=not gone,
            color=color,
        ),
        *([Cell(row.record.text, color=color)] if record else []),
        *(Cell(figures(row.tiebreaks[name].display), color=color) for name in shown),
    )


def standings_picture(
    view: StandingsResponse,
    *,
    event: str | None = None,
    stage_name: str | None = None,
    page: int = 1,
    per_page: int = theme.PER_PAGE,
    top: int | None = None,
    part: Sheet | None = None,
) -> Picture:
    """Page ``page`` of the standings ``view`` (of its first ``top`` rows when given).
    ``event``: the band's title (default the view's tournament name); ``stage_name``: said
    after "Standings" when given.

    ``part``: the view holds only that page's rows (a service paging a 4,000-row table
    builds only the rows it draws; ``paging.sheet`` gives the page). The record column is the
    view's (W-L-D; none in chess, whose points are its score). ``NoSuchPage`` past the last
    page."""
    where = part or sheet(len(view.rows), page, per_page, top)
    rows = view.rows if part is not None else view.rows[where.rows]
    heading = view.record_heading
    # One notation for the points column (the tiebreaks come written: ``display``).
    decimals = in_decimals(Fraction(r.points_exact) for r in rows)
    shown = [tb.name for tb in view.tiebreaks[:TIEBREAKS]]
    columns = (
        Column("#", 84, "end"),
        Column(_("Player")),
        Column(_("Points"), 120, "end"),
        # the record's heading (W-L-D): N_ in web.standings_table, translated here
        *([Column(_(heading), 140, "middle")] if heading else []),
        *(
            Column(tiebreak_short(tb.name, tb.short), 150, "end")
            for tb in view.tiebreaks[:TIEBREAKS]
        ),
    )
    after = (
        _("Standings after round %(number)s") % {"number": view.after_round}
        if view.after_round
        else _("Standings")
    )
    if view.rounds_in_progress:
        after = _("%(standings)s (results missing)") % {"standings": after}
    subtitle = f"{after} · {stage_name}" if stage_name else after
    name = event or view.tournament
    return table_picture(
        title=name,
        subtitle=subtitle,
        columns=columns,
        rows=[_row(r, shown, heading is not None, decimals) for r in rows],
        caption=where.caption(_("Players")),
        alt=_("%(event)s: %(standings)s, page %(page)s of %(pages)s")
        % {"event": name, "standings": after, "page": where.number, "pages": where.pages},
    )
