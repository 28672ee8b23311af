"""A picture as a PNG (Pillow; the bundled font, and a CJK one for what it lacks: ``fonts``):
drawn in RGB, then reduced to a palette of 64 colours without dithering (a picture has a
dozen colours and their anti-aliased edges: the file is a third of the RGB one and written
in half the time, the text as crisp); no metadata, the same bytes for the same picture with
the same Pillow (its FreeType may anti-alias a little differently from one Pillow release to
the next, which is why the golden tests compare with a tolerance)."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from fairpair.interop.images.fonts import FONT_LOCK, runs
from fairpair.interop.images.scene import Box, Label, Line, Picture

ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}
COLOURS = 64


def to_png(picture: Picture) -> bytes:
    """The PNG file of ``picture``."""
    image = Image.new("RGB", (picture.width, picture.height), picture.background)
    draw = ImageDraw.Draw(image)
    with FONT_LOCK:
        _draw(draw, picture)
    reduced = image.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    reduced.save(out, format="PNG", optimize=False, compress_level=6)
    return out.getvalue()


def _draw(draw: ImageDraw.ImageDraw, picture: Picture) -> None:
    for item in picture.items:
        if isinstance(item, Box):
            corners = (item.x, item.y, item.x + item.width - 1, item.y + item.height - 1)
            if item.radius:
                draw.rounded_rectangle(
                    corners, item.radius, fill=item.fill, outline=item.outline, width=2
                )
            else:
                draw.rectangle(corners, fill=item.fill, outline=item.outline)
        elif isinstance(item, Line):
            draw.line((item.x1, item.y1, item.x2, item.y2), fill=item.color, width=item.width)
        elif isinstance(item, Label) and item.text:
            pieces = runs(item.text, item.size, item.bold)
            if len(pieces) == 1:
                draw.text(
                    (item.x, item.y),
                    item.text,
                    fill=item.color,
                    font=pieces[0][1],
                    anchor=ANCHORS[item.anchor],
                )
                continue
            # several faces (CJK beside Latin): one run after the other, from the left
            lengths = [face.getlength(piece) for piece, face in pieces]
            x = (
                float(item.x)
                - {"start": 0.0, "middle": sum(lengths) / 2, "end": sum(lengths)}[item.anchor]
            )
            for (piece, face), length in zip(pieces, lengths, strict=True):
                draw.text((x, item.y), piece, fill=item.color, font=face, anchor="ls")
                x += length
