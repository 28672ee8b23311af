"""Tables for people: one model, fitted to the screen, drawn by Rich or as plain text.

A ``TextTable`` holds plain strings (cleaned for the output before drawing) and style names
that only *add* emphasis: every marker has a text form, so a pipe loses nothing. ``fit``
chooses the columns that fit a terminal's width — dropping the least important ones and
saying which — instead of cutting values. ``draw`` uses Rich on a terminal for tables up to
``RICH_ROWS`` rows and fixed-width plain text otherwise (pipes, files, big events), which
takes bounded time at any size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from fairpair.cli.screen import Screen
from fairpair.cli.text import cell_width

Align = Literal["left", "right", "center"]

#: Above this many rows the table is drawn as plain text even on a terminal (Rich's layout
#: takes about a millisecond a row).
RICH_ROWS = 300
GAP = "  "


@dataclass(frozen=True, slots=True)
class Column:
    header: str
    align: Align = "left"
    #: Dropped first when the table does not fit: higher numbers go first; 0 never goes.
    drop: int = 0
    style: str | None = None


@dataclass(frozen=True, slots=True)
class Cell:
    text: str
    style: str | None = None


@dataclass(frozen=True, slots=True)
class Row:
    cells: tuple[Cell, ...]
    style: str | None = None


@dataclass(frozen=True, slots=True)
class TextTable:
    title: str
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    #: Lines printed under the table (legend, notes).
    caption: tuple[str, ...] = ()
    hidden: tuple[str, ...] = field(default=())

    def without(self, index: int) -> TextTable:
        return replace(
            self,
            columns=self.columns[:index] + self.columns[index + 1 :],
            rows=tuple(replace(r, cells=r.cells[:index] + r.cells[index + 1 :]) for r in self.rows),
            hidden=(self.columns[index].header, *self.hidden),
        )


def row(*cells: Cell | str, style: str | None = None) -> Row:
    return Row(tuple(c if isinstance(c, Cell) else Cell(c) for c in cells), style)


def _cleaned(table: TextTable, screen: Screen) -> TextTable:
    c = screen.clean
    return replace(
        table,
        title=c(table.title),
        columns=tuple(replace(col, header=c(col.header)) for col in table.columns),
        rows=tuple(
            replace(r, cells=tuple(Cell(c(x.text), x.style) for x in r.cells)) for r in table.rows
        ),
        caption=tuple(c(line) for line in table.caption),
    )


def widths(table: TextTable) -> list[int]:
    out = [cell_width(col.header) for col in table.columns]
    for r in table.rows:
        for i, cell in enumerate(r.cells):
            w = cell_width(cell.text)
            if w > out[i]:
                out[i] = w
    return out


def table_width(table: TextTable) -> int:
    """Columns the table takes: two spaces between columns, drawn as text or by Rich (no box,
    one space of padding on each inner side)."""
    ws = widths(table)
    return sum(ws) + len(GAP) * max(0, len(ws) - 1)


def fit(table: TextTable, width: int | None) -> TextTable:
    """Drop the least important columns until the table fits ``width`` (no limit on a pipe)."""
    if width is None:
        return table
    while table_width(table) > width:
        candidates = [(col.drop, i) for i, col in enumerate(table.columns) if col.drop > 0]
        if not candidates:
            break
        _, index = max(candidates)
        table = table.without(index)
    return table


def _pad(text: str, width: int, align: Align) -> str:
    space = width - cell_width(text)
    if space <= 0:
        return text
    if align == "right":
        return " " * space + text
    if align == "center":
        left = space // 2
        return " " * left + text + " " * (space - left)
    return text + " " * space


def plain(table: TextTable) -> str:
    """Fixed-width text: title, header, a rule, the rows, the caption; no line is cut."""
    ws = widths(table)
    aligns = [col.align for col in table.columns]
    last = len(ws) - 1

    def line(cells: Sequence[str]) -> str:
        parts = [
            _pad(text, ws[i], aligns[i]) if i < last or aligns[i] != "left" else text
            for i, text in enumerate(cells)
        ]
        return GAP.join(parts).rstrip()

    out = [table.title] if table.title else []
    out.append(line([col.header for col in table.columns]))
    out.append(GAP.join("-" * w for w in ws))
    out.extend(line([c.text for c in r.cells]) for r in table.rows)
    out.extend(table.caption)
    return "\n".join(out) + "\n"


def styled(table: TextTable, screen: Screen) -> str:
    """The table drawn by Rich, with its styles, as text for ``screen`` (ANSI codes included)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    out = Table(
        title=Text(table.title, style="bold") if table.title else None,
        title_justify="left",
        header_style="bold underline",
        box=None,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1),
    )
    for col in table.columns:
        out.add_column(
            Text(col.header),
            justify=col.align,
            header_style=col.style,
            no_wrap=True,
            overflow="fold",
        )
    for r in table.rows:
        out.add_row(*(Text(c.text, style=c.style or "") for c in r.cells), style=r.style)
    console = Console(
        width=screen.width or 10_000,
        force_terminal=screen.terminal,
        highlight=False,
        markup=False,
        emoji=False,
        soft_wrap=False,
    )
    with console.capture() as captured:
        console.print(out)
        for line in table.caption:
            console.print(Text(line, style="dim"))
    return captured.get()


def draw(table: TextTable, screen: Screen) -> str:
    """The table as text for ``screen``: cleaned, fitted, drawn; says which columns it hid."""
    use_rich = screen.terminal and len(table.rows) <= RICH_ROWS
    fitted = fit(_cleaned(table, screen), screen.width)
    if fitted.hidden:
        note = screen.clean(
            f"not shown, to fit {screen.width} columns: {', '.join(reversed(fitted.hidden))} "
            "(a wider terminal, or --json, shows all)"
        )
        fitted = replace(fitted, caption=(*fitted.caption, note))
    return styled(fitted, screen) if use_rich else plain(fitted)
