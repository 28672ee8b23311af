"""Text that any terminal can show and no name can abuse.

``clean(text, encoding)`` is what every word fairpair prints goes through:

1. control characters (C0, DEL, C1 — so ESC, and with it every ANSI/OSC sequence), unpaired
   surrogates, and the invisible format characters that reorder or hide text (bidi overrides,
   zero-width marks, BOM) are shown escaped, ``\\x1b``, ``\\u202e``: a player's name can
   never move the cursor, recolour the screen or retitle the window;
2. characters the output encoding cannot hold degrade: fairpair's own punctuation to ASCII
   ("—" → "-", "½" → ".5", "→" → "->"), accented letters to their base letter ("é" → "e"),
   anything else to its escape (``\\u0131``).
"""

from __future__ import annotations

import codecs
import re
import unicodedata

#: Shown escaped wherever they come from: C0 and C1 controls, DEL, surrogates, and the format
#: characters that change how the rest of a line is shown.
#: (A pattern compiled when first used: ``re`` keeps it; most runs print none of them.)
UNSAFE = "[\x00-\x1f\x7f-\x9f\ud800-\udfff\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]"

#: fairpair's own punctuation, for encodings that lack it.
FALLBACK = {
    "—": "-",
    "–": "-",
    "→": "->",
    "←": "<-",
    "·": "|",
    "•": "*",
    "…": "...",
    "⌈": "ceil(",
    "⌉": ")",
    "₂": "2",
    "×": "x",
    "÷": "/",
    "≥": ">=",
    "≤": "<=",
    "±": "+/-",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "✓": "ok",
    # letters without a decomposition to a base letter
    "ı": "i",
    "ł": "l",
    "Ł": "L",
    "ø": "o",
    "Ø": "O",
    "đ": "d",
    "Đ": "D",
    "ß": "ss",
    "æ": "ae",
    "Æ": "AE",
    "œ": "oe",
    "Œ": "OE",
}


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_unsafe(text: str) -> str:
    """``text`` with every control or invisible format character shown as its escape."""
    if text.isascii() and text.isprintable():  # none of them
        return text
    return re.sub(UNSAFE, lambda m: _escape(m.group()), text)


def _fits(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return False
    return True


def _degrade_char(char: str, before: str, encoding: str) -> str:
    if char == "½":
        return ".5" if before.isdigit() else "1/2"
    if char in FALLBACK:
        return FALLBACK[char]
    base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    if base and _fits(base, encoding):
        return base
    return _escape(char)


def degrade(text: str, encoding: str) -> str:
    """``text`` with what ``encoding`` cannot hold replaced by a readable stand-in."""
    if _fits(text, encoding):
        return text
    out: list[str] = []
    for char in text:
        out.append(
            char
            if _fits(char, encoding)
            else _degrade_char(char, out[-1][-1:] if out else "", encoding)
        )
    return "".join(out)


def clean(text: str, encoding: str) -> str:
    """``text`` safe to print: controls escaped, then degraded to ``encoding``."""
    return degrade(escape_unsafe(text), encoding)


def normal_encoding(encoding: str | None) -> str:
    """The codec's canonical name (``utf-8``, ``cp1252``, ``ascii``); UTF-8 when unknown."""
    try:
        return codecs.lookup(encoding or "utf-8").name
    except LookupError:
        return "utf-8"


def cell_width(text: str) -> int:
    """How many terminal cells ``text`` takes (wide East Asian characters two, marks none)."""
    if text.isascii():
        return len(text)
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 round``, ``2 rounds``, ``1 match``, ``3 matches``."""
    if count == 1:
        return f"{count} {word}"
    return f"{count} {many or word + 's'}"
