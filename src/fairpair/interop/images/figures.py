"""Numbers as the picture's language writes them.

The engine writes points and tiebreaks in one notation for every reader ("10½", "10.75",
"66.7%"; ``engine.points_text``); a picture drawn in another language writes their decimal
mark as that language does (Babel's CLDR symbol: "10,75", "66,7%" in German, French,
Spanish…; Japanese keeps "."). English is left exactly as it is."""

from __future__ import annotations

import re
from functools import cache

from babel.numbers import get_decimal_symbol

from fairpair import i18n

_DECIMAL = re.compile(r"(?<=\d)\.(?=\d)")


@cache
def _mark(lang: str) -> str:
    return get_decimal_symbol(lang)


def figures(text: str) -> str:
    """``text`` (a number the engine wrote: "10.75", "66.7%") with the current language's
    decimal mark."""
    lang = i18n.language()
    if lang == i18n.SOURCE or "." not in text:
        return text
    mark = _mark(lang)
    return text if mark == "." else _DECIMAL.sub(mark, text)
