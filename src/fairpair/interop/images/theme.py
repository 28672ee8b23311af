"""The look of every picture: one width, the type sizes, the colours (dark ink on white,
contrast above 7:1 for text; zebra rows; one accent for the toss tag, one green for
winners). Sized for chat: 1,200 px wide, ten rows a page, so a page is about 1,200 × 730 and
a phone still reads it after Discord or a social site shrinks it to its preview."""

from __future__ import annotations

from typing import Final

WIDTH: Final = 1200
MARGIN: Final = 40
#: The tallest picture drawn (a bracket past it is refused: ``errors.TooLarge``).
MAX_HEIGHT: Final = 16_000
#: Rows on a page of pairings or standings (``per_page``'s default).
PER_PAGE: Final = 10

# -- type sizes (px) ---------------------------------------------------------------------
TITLE: Final = 40
SUBTITLE: Final = 26
BODY: Final = 28
HEAD: Final = 21
SMALL: Final = 20
TAG: Final = 17

# -- heights (px) ------------------------------------------------------------------------
BAND: Final = 116
"""The title band: the event's name and what the picture shows."""
HEADER_ROW: Final = 46
ROW: Final = 52
FOOTER: Final = 54

# -- colours -----------------------------------------------------------------------------
BACKGROUND: Final = "#ffffff"
INK: Final = "#111827"
MUTED: Final = "#4b5563"
BAND_FILL: Final = "#1e293b"
BAND_INK: Final = "#ffffff"
BAND_MUTED: Final = "#cbd5e1"
ZEBRA: Final = "#eef2f7"
RULE: Final = "#94a3b8"
ACCENT: Final = "#1d4ed8"
ACCENT_INK: Final = "#ffffff"
REPEAT_FILL: Final = "#9a5b00"
"""The "repeat" tag of a Repeat pairing round's repeated tables (amber: not the toss's blue)."""
WIN_FILL: Final = "#dcfce7"
WIN_INK: Final = "#14532d"
GONE_INK: Final = "#6b7280"
BOX_FILL: Final = "#f8fafc"
