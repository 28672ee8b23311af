"""How FIDE's TieBreakServer prints a value, for the tests that compare with its output."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction


def shown(value: object, want: str) -> object:
    """fairpair's exact ``value`` as TieBreakServer prints it: rounded half up to two decimals
    where the server's ``want`` has two (AOB, AOB/F), else as it is."""
    if value is None or "." not in want or len(want.split(".")[1]) != 2:
        return value
    assert isinstance(value, (int, Fraction))
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return Fraction(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
