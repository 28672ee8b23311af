"""How points and exact numbers read to a person: 3, 2½, 1.25, 54.3 — one place for all.

A column of a table is written in **one notation** (``in_decimals``, ``column_text``): when
every value in it is whole or a half, halves read ``½`` (``10½``, ``9``); as soon as one
value is neither (a Sonneborn-Berger of 10¾), every value of that column reads as a decimal
with two places (``10.75``, ``10.50``, ``9.00``) — never "10½" beside "10.75"."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

#: Decimal places of a column written in decimals.
PLACES = 2


def rounded(value: Fraction | int, places: int, times: int = 1) -> str:
    """``value × times`` to ``places`` decimals, halves rounded up (58.25 → 58.3), computed
    exactly, on integers (no Fraction is built: a 4,000-row table formats 12,000 values)."""
    numerator = value.numerator * times * 10**places
    denominator = value.denominator
    whole = (numerator * 2 + denominator) // (2 * denominator)
    text = str(abs(whole)).rjust(places + 1, "0")
    sign = "-" if whole < 0 else ""
    return f"{sign}{text[:-places]}.{text[-places:]}" if places else f"{sign}{text}"


def points_text(value: Fraction) -> str:
    """3, 2½, -1, 1.25: whole numbers as they are, halves as ½, other fractions as decimals."""
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        whole = abs(value.numerator) // 2
        sign = "-" if value < 0 else ""
        return f"{sign}{whole if whole else ''}½"
    return rounded(value, 2)


def in_decimals(values: Iterable[Fraction | int | None]) -> bool:
    """Whether a column of ``values`` is written in decimals: some value is neither whole
    nor a half (``None``, a value that does not apply, does not count)."""
    return any(v is not None and not isinstance(v, int) and v.denominator > 2 for v in values)


def column_text(value: Fraction | int, decimals: bool) -> str:
    """``value`` in its column's notation: ``points_text`` (``10½``), or, in a column written
    in decimals, two places (``10.50``)."""
    if decimals:
        return rounded(value, PLACES)
    if isinstance(value, int):
        return str(value)
    return points_text(value)
