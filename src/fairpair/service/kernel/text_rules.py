"""What a name or a note typed by a person may hold before it is stored: no control codes
(a NUL byte is refused by PostgreSQL's text columns; a newline or an escape code in a name
breaks every table that shows it) and a length its column holds; a name holds no invisible
character that changes how it reads — a bidirectional override or isolate, a zero-width
character (``hidden_in``, docs/security.md "Look-alike names")."""

from __future__ import annotations

import unicodedata

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.kernel.errors import Refused


def has_control(text: str) -> bool:
    return any(ord(c) < 32 or 127 <= ord(c) < 160 for c in text)


def checked_line(text: str, where: str | Location, what: str, *, longest: int = 200) -> str:
    """``text`` stripped; ``Refused`` naming ``where`` when it is empty, too long or holds a
    control code."""
    value = text.strip()
    if not value or len(value) > longest or has_control(value):
        raise Refused(
            where,
            gettext("%(what)s has 1-%(longest)s characters, no control codes")
            % {"what": what, "longest": longest},
        )
    return value


#: Invisible characters that make a name look like another: the bidirectional embeddings,
#: overrides (U+202A-202E) and isolates (U+2066-2069), and the zero-width space, non-joiner,
#: joiner (U+200B-200D), word joiner (U+2060) and byte order mark (U+FEFF).
HIDDEN = frozenset(
    [*range(0x202A, 0x202F), *range(0x2066, 0x206A), *range(0x200B, 0x200E), 0x2060, 0xFEFF]
)


def hidden_in(text: str) -> str | None:
    """The first invisible character of ``text`` that ``HIDDEN`` names, said as people
    can read it (``U+202E RIGHT-TO-LEFT OVERRIDE``); ``None`` when it has none."""
    for char in text:
        if ord(char) in HIDDEN:
            return f"U+{ord(char):04X} {unicodedata.name(char, 'INVISIBLE CHARACTER')}"
    return None


def refuse_hidden(text: str, where: str | Location, what: str) -> None:
    """``Refused`` naming ``where`` when ``text`` holds an invisible character (``HIDDEN``)."""
    found = hidden_in(text)
    if found is not None:
        raise Refused(
            where,
            gettext(
                "%(what)s holds an invisible character (%(found)s) that can "
                "make it read as another name: type it again without it"
            )
            % {"what": what, "found": found},
        )


def checked_name(text: str, where: str | Location, what: str, *, longest: int = 200) -> str:
    """``checked_line`` for a name: also no invisible character (``refuse_hidden``)."""
    value = checked_line(text, where, what, longest=longest)
    refuse_hidden(value, where, what)
    return value
