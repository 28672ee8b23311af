"""A picture as data: boxes, lines and labels at pixel positions on a white page.

Every kind of picture (pairings, standings, bracket) is laid out once as a ``Picture``; the
PNG (``png.py``, Pillow) and the SVG (``svg.py``, text) are two drawings of the same scene,
so they match. A label's text is final (already cut to fit, with real font metrics) and its
``y`` is its baseline.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True, slots=True)
class Box:
    x: int
    y: int
    width: int
    height: int
    fill: str
    radius: int = 0
    outline: str | None = None


@dataclass(frozen=True, slots=True)
class Line:
    x1: int
    y1: int
    x2: int
    y2: int
    color: str
    width: int = 2


@dataclass(frozen=True, slots=True)
class Label:
    x: int
    y: int
    """The baseline."""
    text: str
    size: int
    color: str
    bold: bool = False
    anchor: Anchor = "start"


Item = Box | Line | Label


@dataclass(frozen=True, slots=True)
class Picture:
    """What a picture holds: its size, its items in drawing order, and a title (the SVG's
    ``<title>``; the words a screen reader says)."""

    width: int
    height: int
    items: tuple[Item, ...]
    title: str
    background: str = "#ffffff"

    def texts(self) -> list[str]:
        """Every label's text, in drawing order (tests, accessibility)."""
        return [item.text for item in self.items if isinstance(item, Label)]
