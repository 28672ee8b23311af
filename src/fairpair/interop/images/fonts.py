"""The bundled font (DejaVu Sans and Sans Bold, ``fairpair/data/fonts``, with its license):
the only font a picture uses, so a picture is the same on every machine. Never a system font.

Text is measured and drawn with Pillow's basic layout (no HarfBuzz/raqm, which some
machines have and others not): one glyph after the other, left to right. DejaVu Sans covers
Latin, Greek, Cyrillic, Arabic and Hebrew letters and many symbols, but no Chinese, Japanese
or Korean: a character the font lacks is drawn as its empty box (the PNG) and measured as
such, never an error. ``fitted`` cuts a long name to a width, with an ellipsis.
"""

from __future__ import annotations

import threading
import unicodedata
from functools import lru_cache
from importlib.resources import files

from PIL import ImageFont

ELLIPSIS = "…"
REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
FAMILY = "DejaVu Sans"
#: Held while a face measures or draws: one face object serves every thread of a server, and
#: FreeType faces are not safe to use from two threads at once.
FONT_LOCK = threading.RLock()
SPACES = frozenset("\t\n\r\v\f\x85\u2028\u2029")


def font_bytes(bold: bool = False) -> bytes:
    """The TTF file of the bundled regular or bold face."""
    return files("fairpair.data").joinpath("fonts", BOLD if bold else REGULAR).read_bytes()


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled face at ``size`` px (kept: loading a face costs a millisecond)."""
    from io import BytesIO

    return ImageFont.truetype(BytesIO(font_bytes(bold)), size, layout_engine=ImageFont.Layout.BASIC)


def clean(text: str) -> str:
    """``text`` as a picture shows it: composed (NFC: "é" one character, as the font has
        it), without control characters, lone surrogates, the two characters XML forbids
    (U+FFFE, U+FFFF) or line breaks (one line a label)."""
    out = []
    for c in unicodedata.normalize("NFC", text):
        if c in SPACES:
            out.append(" ")
        elif unicodedata.category(c) not in ("Cc", "Cs") and c not in "\ufffe\uffff":
            out.append(c)
    return "".join(out)


def width(text: str, size: int, bold: bool = False) -> int:
    """The advance width of ``text`` in px (rounded up)."""
    face = font(size, bold)
    with FONT_LOCK:
        return int(-(-face.getlength(text) // 1))


def fitted(text: str, room: int, size: int, bold: bool = False) -> str:
    """``text`` (cleaned) if it fits in ``room`` px, else its longest start that fits with an
    ellipsis after it (no space before the ellipsis);
    empty when not even the ellipsis fits. Never splits a letter from its combining
    accents."""
    text = clean(text)
    if width(text, size, bold) <= room:
        return text
    if width(ELLIPSIS, size, bold) > room:
        return ""
    low, high = 0, len(text)  # text[:low] + "…" fits; text[:high] + "…" does not
    while high - low > 1:
        middle = (low + high) // 2
        if width(text[:middle] + ELLIPSIS, size, bold) <= room:
            low = middle
        else:
            high = middle
    while low > 0 and unicodedata.combining(text[low]):  # never split a letter from its accent
        low -= 1
    return text[:low].rstrip() + ELLIPSIS
