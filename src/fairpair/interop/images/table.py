"""A table as a picture: the title band, a header row, zebra rows, the footer.

Columns have a width in px (0: share what is left); a cell's text is cut to its room with
an ellipsis, measured with the bundled font. A cell may carry a tag (a small pill after the
text: "plays first", "Withdrew"), a highlight (the winner) and span several columns (a bye,
a pod's seats)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fairpair.interop.images import theme
from fairpair.interop.images.fonts import fitted, width
from fairpair.interop.images.frame import band, footer
from fairpair.interop.images.scene import Anchor, Box, Item, Label, Line, Picture

PAD = 14
TAG_GAP = 10
TAG_PAD = 9
TAG_HEIGHT = 28


@dataclass(frozen=True, slots=True)
class Column:
    header: str
    width: int = 0
    """In px; 0: an equal share of the width the fixed columns leave."""
    align: Anchor = "start"


@dataclass(frozen=True, slots=True)
class Cell:
    text: str
    bold: bool = False
    color: str = theme.INK
    tag: str | None = None
    tag_fill: str = theme.ACCENT
    highlight: bool = False
    """The winner: a green box behind the text, the text bold and dark green."""
    span: int = 1


Row = Sequence[Cell]


def _widths(columns: Sequence[Column], room: int) -> list[int]:
    fixed = sum(c.width for c in columns)
    flexible = [c for c in columns if not c.width]
    share = (room - fixed) // len(flexible) if flexible else 0
    return [c.width or share for c in columns]


def _cell(cell: Cell, align: Anchor, x: int, top: int, room: int) -> list[Item]:
    items: list[Item] = []
    if cell.highlight:
        items.append(Box(x + 4, top + 5, room - 8, theme.ROW - 10, theme.WIN_FILL, radius=8))
    bold = cell.bold or cell.highlight
    color = theme.WIN_INK if cell.highlight else cell.color
    baseline = top + theme.ROW // 2 + round(theme.BODY * 0.36)
    inner = room - 2 * PAD
    tag_width = width(cell.tag, theme.TAG, True) + 2 * TAG_PAD if cell.tag else 0
    text = fitted(cell.text, inner - (tag_width + TAG_GAP if tag_width else 0), theme.BODY, bold)
    if align == "start":
        tx = x + PAD
    elif align == "end":
        tx = x + room - PAD
    else:
        tx = x + room // 2
    items.append(Label(tx, baseline, text, theme.BODY, color, bold, align))
    if cell.tag and tag_width <= inner:
        start = tx + width(text, theme.BODY, bold) + TAG_GAP if text else tx
        if align != "start":  # a tag sits after start-aligned text only; else at the left
            start = x + PAD
        pill_top = top + (theme.ROW - TAG_HEIGHT) // 2
        items.append(Box(start, pill_top, tag_width, TAG_HEIGHT, cell.tag_fill, radius=14))
        items.append(
            Label(
                start + tag_width // 2,
                pill_top + 20,
                cell.tag,
                theme.TAG,
                theme.ACCENT_INK,
                True,
                "middle",
            )
        )
    return items


def table_picture(
    *,
    title: str,
    subtitle: str,
    columns: Sequence[Column],
    rows: Sequence[Row],
    caption: str,
    alt: str,
) -> Picture:
    """The picture of a table: ``rows`` under ``columns``, ``caption`` in the footer,
    ``alt`` its title (what a screen reader says)."""
    w = theme.WIDTH
    widths = _widths(columns, w - 2 * theme.MARGIN)
    lefts = [theme.MARGIN + sum(widths[:i]) for i in range(len(widths))]
    items: list[Item] = band(title, subtitle)
    head_top = theme.BAND
    head_base = head_top + theme.HEADER_ROW // 2 + 8
    for column, left, room in zip(columns, lefts, widths, strict=True):
        x = {"start": left + PAD, "end": left + room - PAD, "middle": left + room // 2}
        items.append(
            Label(
                x[column.align],
                head_base,
                fitted(column.header, room - 2 * PAD, theme.HEAD, True),
                theme.HEAD,
                theme.MUTED,
                True,
                column.align,
            )
        )
    body_top = head_top + theme.HEADER_ROW
    items.append(Line(theme.MARGIN, body_top - 1, w - theme.MARGIN, body_top - 1, theme.RULE))
    for index, row in enumerate(rows):
        top = body_top + index * theme.ROW
        if index % 2:
            items.append(Box(theme.MARGIN, top, w - 2 * theme.MARGIN, theme.ROW, theme.ZEBRA))
        at = 0
        for cell in row:
            span = max(1, min(cell.span, len(columns) - at))
            room = sum(widths[at : at + span])
            items += _cell(cell, columns[at].align if span == 1 else "start", lefts[at], top, room)
            at += span
            if at >= len(columns):
                break
    bottom = body_top + max(1, len(rows)) * theme.ROW + 8
    items += footer(bottom, caption)
    return Picture(w, bottom + theme.FOOTER, tuple(items), alt, theme.BACKGROUND)
