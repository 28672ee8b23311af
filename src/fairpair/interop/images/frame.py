"""What every picture has around its content: the title band (the event's name, and what
the picture shows: "Pairings · Round 4 · In Progress") and the footer ("Tables 1–10 of 40 ·
page 1 of 4", and "fairpair"). No date or time: the same event gives the same picture."""

from __future__ import annotations

from fairpair.interop.images import theme
from fairpair.interop.images.fonts import fitted
from fairpair.interop.images.scene import Box, Item, Label, Line


def band(title: str, subtitle: str, width: int = theme.WIDTH) -> list[Item]:
    room = width - 2 * theme.MARGIN
    return [
        Box(0, 0, width, theme.BAND, theme.BAND_FILL),
        Label(
            theme.MARGIN,
            58,
            fitted(title, room, theme.TITLE, True),
            theme.TITLE,
            theme.BAND_INK,
            bold=True,
        ),
        Label(
            theme.MARGIN,
            98,
            fitted(subtitle, room, theme.SUBTITLE),
            theme.SUBTITLE,
            theme.BAND_MUTED,
        ),
    ]


def footer(top: int, caption: str, width: int = theme.WIDTH) -> list[Item]:
    """The footer, its top edge at ``top`` (``theme.FOOTER`` px high)."""
    baseline = top + theme.FOOTER // 2 + 8
    mark = "fairpair"
    return [
        Line(theme.MARGIN, top + 1, width - theme.MARGIN, top + 1, theme.RULE, 2),
        Label(
            theme.MARGIN,
            baseline,
            fitted(caption, width - 2 * theme.MARGIN - 160, theme.SMALL),
            theme.SMALL,
            theme.MUTED,
        ),
        Label(width - theme.MARGIN, baseline, mark, theme.SMALL, theme.MUTED, True, "end"),
    ]
