"""A released round's pairings as a picture: table, player, opponent (the toss tag on who
plays first), the result once reported with the winner highlighted, the pods' seats, then
the byes — one page of them (``per_page`` lines a page; a table, a pod and a bye are one line
each)."""

from __future__ import annotations

from fairpair import i18n
from fairpair.engine.repeats import REPEAT_LABEL
from fairpair.i18n import N_
from fairpair.i18n import gettext as _
from fairpair.interop.images import theme
from fairpair.interop.images.paging import sheet
from fairpair.interop.images.result_cell import result_cell
from fairpair.interop.images.scene import Picture
from fairpair.interop.images.table import Cell, Column, Row, table_picture
from fairpair.responses.events import RoundView

#: How the public reads a round's state (seed 004 "Round states"; the public pages' words).
STATE_LABELS = {
    "scheduled": N_("Upcoming"),
    "open": N_("In Progress"),
    "completed": N_("Completed"),
}
#: The tag on a table whose players met earlier in the stage (a Repeat pairing round).
REPEAT_TAG = N_("repeat")


def count(view: RoundView) -> int:
    """The round's lines: its tables, then its pods, then its byes."""
    return len(view.tables) + len(view.pods) + len(view.byes)


def lines(view: RoundView, part: slice, first_label: str = "plays first") -> list[Row]:
    """The lines ``part`` of the round (only those are built: a page of a 2,000-table round
    builds ten)."""
    return [_line(view, index, first_label) for index in range(*part.indices(count(view)))]


def _line(view: RoundView, index: int, first_label: str) -> Row:
    tables, pods = len(view.tables), len(view.pods)
    repeated = {r.table for r in view.repeats}
    if index < tables:
        t = view.tables[index]
        outcome = result_cell(t.result, t.a.name, t.b.name)
        return (
            _table_cell(t.table, repeated),
            Cell(
                t.a.name,
                tag=first_label if t.first == t.a.id else None,
                highlight=outcome.winner == "a",
            ),
            Cell(
                t.b.name,
                tag=first_label if t.first == t.b.id else None,
                highlight=outcome.winner == "b",
            ),
            Cell(outcome.text, color=theme.INK if t.result else theme.MUTED),
        )
    if index < tables + pods:
        pod = view.pods[index - tables]
        seats = ", ".join(
            f"{s.name} ({s.place})" if s.place is not None else s.name for s in pod.seats
        )
        reported = any(s.place is not None for s in pod.seats)
        return (
            _table_cell(pod.table, repeated),
            Cell(seats, span=2),
            Cell(_("reported") if reported else "–", color=theme.MUTED),
        )
    bye = view.byes[index - tables - pods]
    return (Cell("–", color=theme.MUTED), Cell(bye.player.name), Cell(_("Bye"), bold=True))


def _table_cell(table: int, repeated: set[int]) -> Cell:
    """The table's number; a table whose players met before carries the "repeat" tag."""
    if table not in repeated:
        return Cell(str(table), bold=True)
    return Cell(str(table), bold=True, tag=_(REPEAT_TAG), tag_fill=theme.REPEAT_FILL)


def pairings_picture(
    view: RoundView,
    *,
    event: str,
    title: str | None = None,
    state: str | None = None,
    page: int = 1,
    per_page: int = theme.PER_PAGE,
    top: int | None = None,
    first_label: str = N_("plays first"),
) -> Picture:
    """Page ``page`` of the pairings of ``view`` (of its first ``top`` lines when given).
    ``event``: the event's name (the band's title); ``title``: the round's name (default
    the view's: "Round N", "Semifinals"); ``state``: its state as the public reads it
    (default from ``view.state``: Upcoming, In Progress, Completed); ``first_label``: the
    toss tag ("plays first"; "White" for chess). A Repeat pairing round says so after its
    state, and each repeated table carries the "repeat" tag. ``NoSuchPage`` past the last
    page."""
    where = sheet(count(view), page, per_page, top)
    name = i18n.round_name(title or view.name)
    shown = state or _(STATE_LABELS.get(view.state, view.state))
    if view.repeat_pairing:
        shown = f"{shown} · {_(REPEAT_LABEL)}"
    table = _("Table")
    columns = (
        Column(table, 220, "start") if view.repeat_pairing else Column(table, 110, "middle"),
        Column(_("Player")),
        Column(_("Opponent")),
        Column(_("Result"), 200, "middle"),
    )
    return table_picture(
        title=event,
        subtitle=_("Pairings · %(round)s · %(state)s") % {"round": name, "state": shown},
        columns=columns,
        rows=lines(view, where.rows, _(first_label)),
        caption=where.caption(_("Pairings")),
        alt=_("%(event)s: pairings of %(round)s (%(state)s), page %(page)s of %(pages)s")
        % {
            "event": event,
            "round": name,
            "state": shown,
            "page": where.number,
            "pages": where.pages,
        },
    )
