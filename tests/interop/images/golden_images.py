"""The golden images: what each is drawn from, and a pixel comparison with a tolerance.

Regenerate them (after a deliberate change to the drawing; look at them first) with::

    FAIRPAIR_REGENERATE_GOLDEN=1 uv run pytest tests/interop/images/test_golden.py

The comparison allows small anti-aliasing differences (another FreeType inside another
Pillow release): the mean absolute difference over every channel of every pixel must stay
under ``TOLERANCE`` (of 255), and the size must be equal. Measured on the pairings picture:
the whole picture shifted half a pixel is 2.05, two standings rows swapped 2.04 — caught;
one letter less in one name is 0.04 — not caught by pixels, which is why
``test_structure.py`` compares the pictures' texts exactly.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from fairpair.interop.images import (
    Picture,
    bracket_picture,
    pairings_picture,
    standings_picture,
)

from .views import BRACKET, EVENT, ROUND, STANDINGS

GOLDEN = Path(__file__).parent / "golden"
TOLERANCE = 1.0
PICTURES: dict[str, Callable[[], Picture]] = {
    "pairings": lambda: pairings_picture(ROUND, event=EVENT),
    "standings": lambda: standings_picture(STANDINGS, top=8),
    "bracket": lambda: bracket_picture(BRACKET, event=EVENT),
}


def mean_difference(made: bytes, golden: bytes) -> float:
    """The mean absolute difference of two PNGs of the same size, over every channel."""
    a = Image.open(io.BytesIO(made)).convert("RGB")
    b = Image.open(io.BytesIO(golden)).convert("RGB")
    assert a.size == b.size, (a.size, b.size)
    stat = ImageStat.Stat(ImageChops.difference(a, b))
    return sum(stat.mean) / len(stat.mean)
