"""What a name or a note typed by a person may hold before it is stored: no control codes
(a NUL byte is refused by PostgreSQL's text columns; a newline or an escape code in a name
breaks every table that shows it) and a length its column holds."""

from __future__ import annotations

from fairpair.engine.errors import Location
from fairpair.service.kernel.errors import Refused


def has_control(text: str) -> bool:
    return any(ord(c) < 32 or 127 <= ord(c) < 160 for c in text)


def checked_line(text: str, where: str | Location, what: str, *, longest: int = 200) -> str:
    """``text`` stripped; ``Refused`` naming ``where`` when it is empty, too long or holds a
    control code."""
    value = text.strip()
    if not value or len(value) > longest or has_control(value):
        raise Refused(where, f"{what} has 1-{longest} characters, no control codes")
    return value
