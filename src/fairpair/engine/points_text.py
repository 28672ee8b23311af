"""How points and exact numbers read to a person: 3, 2½, 1.25, 54.3 — one place for all."""

from __future__ import annotations

from fractions import Fraction


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
