"""Draw the console app's icons (issue 32: "Add to home screen") from the favicon's "F" on
fairpair blue: ``static/icons/console-192.png``, ``console-512.png`` (rounded corners, as the
favicon) and ``console-maskable-512.png`` (full bleed, the letter inside the safe zone of a
maskable icon: the middle 80 %). Run ``uv run python scripts/console_icons.py`` after
changing the drawing; the PNG files are committed."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

BLUE = (21, 101, 192, 255)  # #1565c0, as favicon.svg
WHITE = (255, 255, 255, 255)
#: favicon.svg's "F", on its 32×32 grid.
LETTER = [
    (9, 8),
    (23, 8),
    (23, 12),
    (13, 12),
    (13, 15),
    (21, 15),
    (21, 19),
    (13, 19),
    (13, 24),
    (9, 24),
]
OUT = Path(__file__).resolve().parent.parent / "src" / "fairpair" / "web" / "static" / "icons"


def icon(size: int, *, maskable: bool) -> Image.Image:
    scale = 4  # drawn larger, then shrunk: smooth edges
    big = size * scale
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if maskable:
        draw.rectangle((0, 0, big, big), fill=BLUE)
        shrink = 0.72  # the letter well inside the safe zone
    else:
        draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=big * 6 // 32, fill=BLUE)
        shrink = 1.0
    unit = big / 32
    middle = 16
    points = [
        ((middle + (x - middle) * shrink) * unit, (middle + (y - middle) * shrink) * unit)
        for x, y in LETTER
    ]
    draw.polygon(points, fill=WHITE)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    icon(192, maskable=False).save(OUT / "console-192.png", optimize=True)
    icon(512, maskable=False).save(OUT / "console-512.png", optimize=True)
    icon(512, maskable=True).save(OUT / "console-maskable-512.png", optimize=True)


if __name__ == "__main__":
    main()
