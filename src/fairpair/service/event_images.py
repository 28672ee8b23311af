"""Temporary, replaced at merge by the images branch.

A stand-in with the images branch's exact signature so that the Discord bot can be built and
tested before that branch lands: ``render`` returns a tiny valid PNG (a 4×4 image made with
Pillow), whatever is asked. The lead replaces this file with the real renderer at merge.
"""

from __future__ import annotations

import io
from typing import Literal

from fairpair.store.database import Database


def render(
    base: Database,
    slug: str,
    kind: Literal["pairings", "standings", "bracket"],
    *,
    fmt: Literal["png", "svg"] = "png",
    page: int = 1,
    per_page: int = 40,
    top: int | None = None,
) -> bytes:
    """The image of event ``slug``'s ``kind`` (here: a placeholder PNG)."""
    from PIL import Image

    if fmt == "svg":
        return b'<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'
    out = io.BytesIO()
    Image.new("RGB", (4, 4), (255, 255, 255)).save(out, format="PNG")
    return out.getvalue()
