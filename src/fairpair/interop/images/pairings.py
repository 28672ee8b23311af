"""A released round's pairings as a picture: table, player, opponent (the toss tag on who
plays first), the result once reported with the winner highlighted, the pods' seats, then
the byes — one page of them (``per_page`` lines a page; a table, a pod and a bye are one line
each)."""

from __future__ import annotations

from fairpair.interop.images import theme
from fairpair.interop.images.paging import sheet
from fairpair.interop.images.result_cell import result_cell
from fairpair.interop.images.scene import Picture
from fairpair.interop.images.table import Cell, Column, Row, table_picture
from fairpair.responses.events import RoundView

#: How the public reads a round's state (seed 004 "Round states"; the public pages' words).
STATE_LABELS = {"scheduled": "Upcoming", "open": "In Progress", "completed": "Completed"}


def lines(view: RoundView, first_label: str = "plays first") -> list[Row]:
    """Every line of the round, in the order the picture pages them."""
    rows: list[Row] = []
    for t in view.tables:
        outcome = result_cell(t.result, t.a.name, t.b.name)
        rows.append(
            (
                Cell(str(t.table), bold=True),
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
        )
    for pod in view.pods:
        seats = ", ".join(
            f"{s.name} ({s.place})" if s.place is not None else s.name for s in pod.seats
        )
        reported = any(s.place is not None for s in pod.seats)
        rows.append(
            (
                Cell(str(pod.table), bold=True),
                Cell(seats, span=2),
                Cell("reported" if reported else "–", color=theme.MUTED),
            )
        )
    for bye in view.byes:
        rows.append((Cell("–", color=theme.MUTED), Cell(bye.player.name), Cell("Bye", bold=True)))
    return rows


def pairings_picture(
    view: RoundView,
    *,
    event: str,
    title: str | None = None,
    state: str | None = None,
    page: int = 1,
    per_page: int = theme.PER_PAGE,
    top: int | None = None,
    first_label: str = "plays first",
) -> Picture:
    """Page ``page`` of the pairings of ``view`` (of its first ``top`` lines when given).
    ``event``: the event's name (the band's title); ``title``: the round's name (default
    "Round N"); ``state``: its state as the public reads it (default from ``view.state``:
    Upcoming, In Progress, Completed); ``first_label``: the toss tag ("plays first";
    "White" for chess). ``NoSuchPage`` past the last page."""
    every = lines(view, first_label)
    where = sheet(len(every), page, per_page, top)
    name = title or f"Round {view.number}"
    shown = state or STATE_LABELS.get(view.state, view.state)
    columns = (
        Column("Table", 110, "middle"),
        Column("Player"),
        Column("Opponent"),
        Column("Result", 200, "middle"),
    )
    return table_picture(
        title=event,
        subtitle=f"Pairings · {name} · {shown}",
        columns=columns,
        rows=every[where.rows],
        caption=where.caption("Pairings"),
        alt=f"{event}: pairings of {name} ({shown}), page {where.number} of {where.pages}",
    )
