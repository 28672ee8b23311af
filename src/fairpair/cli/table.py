"""Tables for people: one model, fitted to the screen, drawn by Rich or as plain text.

A ``TextTable`` holds plain strings (cleaned for the output before drawing) and style names
that only *add* emphasis: every marker has a text form, so a pipe loses nothing. ``draw``
cleans every cell once, measures every column once, drops the least important columns while
a terminal is too narrow — saying which — instead of cutting values, and draws with Rich on a
terminal for tables up to ``RICH_ROWS`` rows, as fixed-width plain text otherwise (pipes,
files, big events: linear time, about a microsecond a cell).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

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


class Cell(NamedTuple):
    """A cell's text and the style that emphasises it (a tuple: big tables make millions)."""

    text: str
    style: str | None = None


class Row(NamedTuple):
    cells: tuple[Cell, ...]
    style: str | None = None


@dataclass(frozen=True, slots=True)
class TextTable:
    title: str
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    #: Lines printed under the table (legend, notes).
    caption: tuple[str, ...] = ()


def row(*cells: Cell | str, style: str | None = None) -> Row:
    return Row(tuple(c if isinstance(c, Cell) else Cell(c) for c in cells), style)


def _safe(text: str, screen: Screen) -> str:
    # Plain printable ASCII is safe in every encoding fairpair writes: skip the full clean.
    return text if text.isascii() and text.isprintable() else screen.clean(text)


def _width(text: str) -> int:
    return len(text) if text.isascii() else cell_width(text)


@dataclass(slots=True)
class _Prepared:
    """The table's cleaned texts and column widths, with the columns that are kept."""

    headers: list[str]
    cells: list[list[str]]
    widths: list[int]
    keep: list[int]

    def total(self) -> int:
        return sum(self.widths[i] for i in self.keep) + len(GAP) * max(0, len(self.keep) - 1)


def _prepare(table: TextTable, screen: Screen) -> _Prepared:
    headers = [_safe(col.header, screen) for col in table.columns]
    widths = [_width(h) for h in headers]
    cells: list[list[str]] = []
    for r in table.rows:
        texts = [_safe(c.text, screen) for c in r.cells]
        for i, text in enumerate(texts):
            w = _width(text)
            if w > widths[i]:
                widths[i] = w
        cells.append(texts)
    return _Prepared(headers, cells, widths, list(range(len(headers))))


def _fit(table: TextTable, prepared: _Prepared, width: int | None) -> list[str]:
    """Drop the least important columns until the table fits ``width``; the dropped headers."""
    hidden: list[str] = []
    if width is None:
        return hidden
    while prepared.total() > width:
        candidates = [(table.columns[i].drop, i) for i in prepared.keep if table.columns[i].drop]
        if not candidates:
            break
        _, index = max(candidates)
        prepared.keep.remove(index)
        hidden.append(prepared.headers[index])
    return hidden


def _pad(text: str, width: int, align: Align) -> str:
    space = width - _width(text)
    if space <= 0:
        return text
    if align == "right":
        return " " * space + text
    if align == "center":
        left = space // 2
        return " " * left + text + " " * (space - left)
    return text + " " * space


def _plain(table: TextTable, p: _Prepared, title: str, caption: Sequence[str]) -> str:
    keep = p.keep
    specs = [(i, p.widths[i], table.columns[i].align) for i in keep]

    def line(texts: Sequence[str]) -> str:
        return GAP.join(_pad(texts[i], w, a) for i, w, a in specs).rstrip()

    out = [title] if title else []
    out.append(line(p.headers))
    out.append(GAP.join("-" * w for _, w, _ in specs))
    out.extend(line(texts) for texts in p.cells)
    out.extend(caption)
    return "\n".join(out) + "\n"


def _styled(
    table: TextTable, p: _Prepared, screen: Screen, title: str, caption: Sequence[str]
) -> str:
    """The table drawn by Rich, with its styles (ANSI codes included); no markup is read."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    out = Table(
        header_style="bold underline",
        box=None,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1),
    )
    for i in p.keep:
        col = table.columns[i]
        out.add_column(
            Text(p.headers[i]),
            justify=col.align,
            header_style=col.style,
            no_wrap=True,
            overflow="fold",
        )
    for r, texts in zip(table.rows, p.cells, strict=True):
        out.add_row(*(Text(texts[i], style=r.cells[i].style or "") for i in p.keep), style=r.style)
    console = Console(
        width=screen.width or 10_000,
        force_terminal=screen.terminal,
        highlight=False,
        markup=False,
        emoji=False,
        soft_wrap=False,
    )
    with console.capture() as captured:
        if title:  # above the table, not its title: wrapped at the screen's width, not the table's
            console.print(Text(title, style="bold"))
        console.print(out)
        for line in caption:
            console.print(Text(line, style="dim"))
    return captured.get()


def draw(table: TextTable, screen: Screen) -> str:
    """The table as text for ``screen``: cleaned, fitted, drawn; says which columns it hid."""
    prepared = _prepare(table, screen)
    hidden = _fit(table, prepared, screen.width)
    caption = [screen.clean(line) for line in table.caption]
    if hidden:
        caption.append(
            screen.clean(
                f"not shown, to fit {screen.width} columns: {', '.join(hidden)} "
                "(a wider terminal, or --json, shows all)"
            )
        )
    title = screen.clean(table.title)
    if screen.terminal and len(table.rows) <= RICH_ROWS:
        return _styled(table, prepared, screen, title, caption)
    return _plain(table, prepared, title, caption)
