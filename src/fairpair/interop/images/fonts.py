"""The fonts of the pictures: the bundled DejaVu Sans and Sans Bold (``fairpair/data/fonts``,
with its license) for every character it has, and a system CJK font for the Chinese,
Japanese and Korean characters it lacks (Japanese pictures, a player named 田中).

Text is measured and drawn with Pillow's basic layout (no HarfBuzz/raqm, which some
machines have and others not): one glyph after the other, left to right. DejaVu Sans covers
Latin, Greek, Cyrillic, Arabic and Hebrew letters and many symbols, but no CJK: a label is
cut into runs (``runs``), each drawn with the face that has its characters.

**The CJK font** is found by path at run time, never downloaded nor bundled (Noto Sans CJK is
about 20 MB a face): ``$FAIRPAIR_CJK_FONT`` (a ``.ttf``/``.otf``/``.ttc`` file; its bold face
beside it as ``…-Bold…`` when there is one), else the first of ``CJK_FONTS`` that exists —
Debian's and Ubuntu's ``fonts-noto-cjk`` (Noto Sans CJK JP, the face of index 0 of the
collection), then the other common places (Fedora, Arch, macOS). Without one a CJK character
is drawn as the bundled font's empty box and measured as such, never an error (the log says
so once); ``cjk_font()`` says which file is used. Only characters from U+1100 on are ever
looked up in the fallback, so Latin pictures are drawn exactly as before.
``fitted`` cuts a long name to a width, with an ellipsis.
"""

from __future__ import annotations

import io
import logging
import os
import threading
import unicodedata
from functools import cache, lru_cache
from importlib.resources import files
from pathlib import Path

from PIL import ImageFont

ELLIPSIS = "…"
REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
FAMILY = "DejaVu Sans"
#: Held while a face measures or draws: one face object serves every thread of a server, and
#: FreeType faces are not safe to use from two threads at once.
FONT_LOCK = threading.RLock()
SPACES = frozenset("\t\n\r\v\f\x85\u2028\u2029")
#: Where to look for a CJK font (regular face; the bold one is the same name with ``Bold``).
CJK_FONTS = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",  # Debian, Ubuntu: fonts-noto-cjk
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",  # Arch
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",  # Fedora
    "/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJKjp-Regular.otf",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",  # fonts-droid-fallback
    "/System/Library/Fonts/Hiragino Sans GB.ttc",  # macOS
)
CJK_ENV = "FAIRPAIR_CJK_FONT"
#: The family an SVG names after DejaVu Sans, for the characters DejaVu lacks.
CJK_FAMILY = "Noto Sans CJK JP"
#: Below this code point DejaVu Sans is always used (it has what a name there needs).
FALLBACK_FROM = 0x1100
_log = logging.getLogger(__name__)


def font_bytes(bold: bool = False) -> bytes:
    """The TTF file of the bundled regular or bold face."""
    return files("fairpair.data").joinpath("fonts", BOLD if bold else REGULAR).read_bytes()


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled face at ``size`` px (kept: loading a face costs a millisecond)."""
    return ImageFont.truetype(
        io.BytesIO(font_bytes(bold)), size, layout_engine=ImageFont.Layout.BASIC
    )


@cache
def cjk_font(bold: bool = False) -> Path | None:
    """The CJK font file the pictures use (``None``: none on this machine)."""
    wanted = os.environ.get(CJK_ENV, "").strip()
    candidates = [Path(wanted)] if wanted else [Path(c) for c in CJK_FONTS]
    for regular in candidates:
        if regular.is_file():
            if bold:
                heavier = regular.with_name(regular.name.replace("Regular", "Bold"))
                return heavier if heavier.is_file() else regular
            return regular
    if not bold:
        _log.warning(
            "no CJK font found (set %s or install fonts-noto-cjk): Chinese, Japanese and "
            "Korean text in pictures is drawn as empty boxes",
            CJK_ENV,
        )
    return None


@lru_cache(maxsize=32)
def fallback_font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | None:
    """The CJK face at ``size`` px, if this machine has one."""
    path = cjk_font(bold)
    if path is None:
        return None
    return ImageFont.truetype(str(path), size, index=0, layout_engine=ImageFont.Layout.BASIC)


@cache
def _missing_mask(bold: bool) -> bytes:
    """What the bundled face draws for a character it lacks (its empty box)."""
    face = font(40, bold)
    with FONT_LOCK:
        return bytes(face.getmask("\U0010fffd"))


@cache
def has_glyph(character: str, bold: bool = False) -> bool:
    """Whether the bundled face draws ``character`` (not its empty box)."""
    if ord(character) < FALLBACK_FROM or unicodedata.category(character).startswith("Z"):
        return True
    face = font(40, bold)
    with FONT_LOCK:
        return bytes(face.getmask(character)) != _missing_mask(bold)


def runs(text: str, size: int, bold: bool = False) -> list[tuple[str, ImageFont.FreeTypeFont]]:
    """``text`` cut into runs, each with the face that draws it: the bundled one, and the
    CJK one for what the bundled one lacks (when this machine has one)."""
    main = font(size, bold)
    if all(ord(c) < FALLBACK_FROM for c in text):
        return [(text, main)]
    other = fallback_font(size, bold)
    if other is None:
        return [(text, main)]
    out: list[tuple[str, ImageFont.FreeTypeFont]] = []
    for c in text:
        face = main if has_glyph(c, bold) else other
        if out and out[-1][1] is face:
            out[-1] = (out[-1][0] + c, face)
        else:
            out.append((c, face))
    return out


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
    pieces = runs(text, size, bold)
    with FONT_LOCK:
        return int(-(-sum(face.getlength(piece) for piece, face in pieces) // 1))


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
