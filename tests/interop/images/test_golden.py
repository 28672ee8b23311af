"""Golden images of the fixed small event (``views.py``), compared pixel-wise with a
tolerance (``golden_images.py`` says how, and how to regenerate them)."""

from __future__ import annotations

import io
import os

import pytest
from PIL import Image, ImageDraw

from fairpair.interop.images import to_png

from .golden_images import GOLDEN, PICTURES, TOLERANCE, mean_difference


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_the_picture_matches_its_golden_image(name: str) -> None:
    made = to_png(PICTURES[name]())
    path = GOLDEN / f"{name}.png"
    if os.environ.get("FAIRPAIR_REGENERATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(made)
    assert path.exists(), f"no golden image {path.name}: regenerate (golden_images.py)"
    assert mean_difference(made, path.read_bytes()) < TOLERANCE


def test_the_tolerance_catches_a_real_change() -> None:
    golden = (GOLDEN / "pairings.png").read_bytes()
    image = Image.open(io.BytesIO(golden)).convert("RGB")
    ImageDraw.Draw(image).rectangle((0, 0, image.width, 160), fill="#ffffff")  # no band
    out = io.BytesIO()
    image.save(out, format="PNG")
    assert mean_difference(out.getvalue(), golden) > TOLERANCE
