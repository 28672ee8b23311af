"""The checks behind the document's value types, and the other validators the compiled
document validator calls. Only ``pydantic_core`` here (cheap to import): the validator is
loaded from ``compiled.py`` without importing pydantic. Messages speak of the value, never of
a class.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any

from fairpair.engine.results import GameScore
from fairpair.engine.validation import text_problem
from fairpair.interop.document.limits import MAX_DENOMINATOR, MAX_EXACT
from fairpair.interop.document.validator_core import PydanticCustomError

#: An exact number written as text (a pattern, compiled when first used: ``re`` keeps it).
EXACT_TEXT = r"\s*(-?\d{1,7}(?:\.\d{1,6})?|-?\d{1,7}\s*/\s*\d{1,7})\s*"


def _bad_number(value: Any) -> PydanticCustomError:
    return PydanticCustomError(
        "exact_number",
        '{value} is not an exact number like 3, 0.5 or "1/2" (at most {limit} in size, '
        "6 decimal places)",
        {"value": repr(value)[:40], "limit": MAX_EXACT},
    )


def exact(value: Any) -> Fraction:
    """Read an exact number: an integer, a decimal (0.33, read as written), or "a/b"."""
    if isinstance(value, bool):
        raise _bad_number(value)
    if isinstance(value, int):
        number = Fraction(value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise _bad_number(value)
        number = Fraction(repr(value))
    elif isinstance(value, Fraction):
        number = value
    elif isinstance(value, str) and len(value) <= 40 and re.fullmatch(EXACT_TEXT, value):
        try:
            number = Fraction(value.replace(" ", ""))
        except ZeroDivisionError:
            raise _bad_number(value) from None
    else:
        raise _bad_number(value)
    if abs(number) > MAX_EXACT or number.denominator > MAX_DENOMINATOR:
        raise _bad_number(value)
    return number


def exact_text(value: Fraction) -> int | str:
    """How the document writes an exact number: ``3`` or ``"1/2"``."""
    return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def share(value: Fraction) -> Fraction:
    """An exact number from 0 to 1 (a floor, a cap)."""
    if not 0 <= value <= 1:
        raise PydanticCustomError("share", "must be between 0 and 1 (0.33 is 33%)")
    return value


def games(value: list[int]) -> GameScore:
    """``[a, b]`` or ``[a, b, drawn]`` as a ``GameScore``."""
    return GameScore(*value)


class TextCheck:
    """A name or id: not blank, not too long, no control characters in an id, no NUL or
    unpaired surrogate in a name (``text_problem``)."""

    def __init__(self, kind: str, limit: int, may_be_empty: bool = False) -> None:
        self.kind = kind
        self.limit = limit
        self.may_be_empty = may_be_empty
        self.name = kind != "an id"

    def __call__(self, value: str) -> str:
        if self.may_be_empty and not value:
            return value
        if self._plain(value, len(value)):
            return value
        problem = text_problem(value, self.limit, name=self.name)
        if problem is not None:
            context = {"kind": self.kind, "problem": problem}
            raise PydanticCustomError("text", "{kind} {problem}", context)
        return value

    def _plain(self, text: str, longest: int) -> bool:
        # Printable ASCII, not blank, within the limit: what ``text_problem`` accepts first,
        # checked here without its two calls (20,000 ids and names in a 10,000-player file).
        return (
            text.isascii() and text.isprintable() and longest <= self.limit and bool(text.strip())
        )

    def check_all(self, texts: list[str]) -> None:
        """Check every text (``PydanticCustomError`` for the first refused): at once when each
        is plain (their joined text is, none is blank, none is too long), else one by one."""
        if self._plain("".join(texts), max(map(len, texts), default=0)) and all(
            map(str.strip, texts)
        ):
            return
        for text in texts:
            self(text)


def no_result(value: Any) -> Any:
    """A bye has no result."""
    if isinstance(value, dict) and "result" in value:
        raise PydanticCustomError(
            "bye_result", "a bye has no result: its points come from the bye kind"
        )
    return value


def ruleset_tag(value: Any) -> str:
    """A ruleset is a preset's name or a preset with changes."""
    return "preset" if isinstance(value, str) else "changed"
