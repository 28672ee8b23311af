"""A picture as an SVG document (text, no renderer needed): the same scene as the PNG.

Its labels name the font family ``DejaVu Sans`` and were laid out with that font's own
metrics (the bundled file), so a viewer with DejaVu Sans shows the layout exactly. With
``embed_font`` the document carries both faces as ``@font-face`` data (about 2 MB) and looks
the same everywhere; without it (the default, a few kB) a viewer lacking DejaVu Sans falls
back to its sans-serif, whose widths may differ a little (a long name may then run past its
column). For characters DejaVu lacks (Chinese, Japanese, Korean) the labels name Noto Sans
CJK JP, the face the PNG draws them with (``fonts.cjk_font``), then the viewer's own.
"""

from __future__ import annotations

import base64
from xml.sax.saxutils import escape, quoteattr

from fairpair.interop.images.fonts import CJK_FAMILY, FAMILY, font_bytes
from fairpair.interop.images.scene import Box, Label, Line, Picture


def _face(bold: bool) -> str:
    data = base64.b64encode(font_bytes(bold)).decode("ascii")
    weight = "bold" if bold else "normal"
    return (
        f"@font-face{{font-family:'{FAMILY}';font-weight:{weight};"
        f"src:url(data:font/ttf;base64,{data}) format('truetype')}}"
    )


def to_svg(picture: Picture, *, embed_font: bool = False) -> bytes:
    """The SVG document of ``picture`` (UTF-8)."""
    w, h = picture.width, picture.height
    faces = _face(False) + _face(True) if embed_font else ""
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" role="img">\n',
        f"<title>{escape(picture.title)}</title>\n",
        f"<style>{faces}text{{font-family:'{FAMILY}','Verdana','{CJK_FAMILY}',sans-serif;"
        "white-space:pre}.b{font-weight:bold}</style>\n",
        f'<rect width="{w}" height="{h}" fill="{picture.background}"/>\n',
    ]
    for item in picture.items:
        if isinstance(item, Box):
            extra = f' rx="{item.radius}"' if item.radius else ""
            if item.outline:
                extra += f' stroke="{item.outline}" stroke-width="2"'
            parts.append(
                f'<rect x="{item.x}" y="{item.y}" width="{item.width}" '
                f'height="{item.height}" fill="{item.fill}"{extra}/>\n'
            )
        elif isinstance(item, Line):
            parts.append(
                f'<line x1="{item.x1}" y1="{item.y1}" x2="{item.x2}" y2="{item.y2}" '
                f'stroke="{item.color}" stroke-width="{item.width}"/>\n'
            )
        elif isinstance(item, Label) and item.text:
            bold = ' class="b"' if item.bold else ""
            anchor = f' text-anchor="{item.anchor}"' if item.anchor != "start" else ""
            parts.append(
                f'<text x="{item.x}" y="{item.y}" font-size="{item.size}" '
                f"fill={quoteattr(item.color)}{bold}{anchor}>{escape(item.text)}</text>\n"
            )
    parts.append("</svg>\n")
    return "".join(parts).encode("utf-8")
