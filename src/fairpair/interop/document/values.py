"""The document's value types: exact numbers, bounded whole numbers, ids, names, game scores.

Each is an ``Annotated`` type that pydantic validates (strictly: ``"2"`` and ``2.0`` are not the
whole number 2) and publishes in the JSON Schema. Messages speak of the value, never of a class.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Annotated, Any

from pydantic import AfterValidator, Field, PlainSerializer, PlainValidator, Strict, WithJsonSchema
from pydantic_core import PydanticCustomError

from fairpair.engine.results import GameScore
from fairpair.engine.validation import text_problem
from fairpair.interop.document.limits import (
    MAX_DENOMINATOR,
    MAX_EXACT,
    MAX_GAMES,
    MAX_ID_LENGTH,
    MAX_NAME_LENGTH,
    MAX_RATING,
    MAX_ROUND,
    MAX_SEED,
    MAX_TABLE,
)

_EXACT_TEXT = re.compile(r"\s*(-?\d{1,7}(?:\.\d{1,6})?|-?\d{1,7}\s*/\s*\d{1,7})\s*")


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
    elif isinstance(value, str) and len(value) <= 40 and _EXACT_TEXT.fullmatch(value):
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


Exact = Annotated[
    Fraction,
    PlainValidator(exact),
    PlainSerializer(exact_text),
    WithJsonSchema(
        {
            "oneOf": [
                {"type": "number", "minimum": -MAX_EXACT, "maximum": MAX_EXACT},
                {"type": "string", "pattern": f"^{_EXACT_TEXT.pattern}$"},
            ],
            "description": 'An exact number: 3, 0.33 or "1/2" (never rounded).',
        }
    ),
]


def _share(value: Fraction) -> Fraction:
    if not 0 <= value <= 1:
        raise PydanticCustomError("share", "must be between 0 and 1 (0.33 is 33%)")
    return value


#: An exact number from 0 to 1 (a floor, a cap).
Share = Annotated[Exact, AfterValidator(_share)]


RoundNumber = Annotated[
    int, Strict(), Field(ge=1, le=MAX_ROUND, description=f"A round number, 1 to {MAX_ROUND}.")
]
RoundCount = Annotated[
    int, Strict(), Field(ge=0, le=MAX_ROUND, description=f"A number of rounds, 0 to {MAX_ROUND}.")
]
TableNumber = Annotated[int, Strict(), Field(ge=1, le=MAX_TABLE, description="A table, from 1.")]
SeedNumber = Annotated[int, Strict(), Field(ge=1, le=MAX_SEED, description="1 is the top seed.")]
RatingNumber = Annotated[int, Strict(), Field(ge=0, le=MAX_RATING, description="A rating ≥ 0.")]
GameCount = Annotated[int, Strict(), Field(ge=0, le=MAX_GAMES, description="A number of games.")]
Flag = Annotated[bool, Strict()]


def _text(kind: str, limit: int, *, may_be_empty: bool = False) -> Callable[[str], str]:
    def check(value: str) -> str:
        if may_be_empty and not value:
            return value
        problem = text_problem(value, limit)
        if problem is not None:
            context = {"kind": kind, "problem": problem}
            raise PydanticCustomError("text", "{kind} {problem}", context)
        return value

    return check


#: A player id, a stage id: how the rest of the document refers to it.
Id = Annotated[
    str,
    Strict(),
    Field(min_length=1, max_length=MAX_ID_LENGTH),
    AfterValidator(_text("an id", MAX_ID_LENGTH)),
]
#: A name shown to people (a player, a stage, a group, a team, the event).
Name = Annotated[
    str,
    Strict(),
    Field(min_length=1, max_length=MAX_NAME_LENGTH),
    AfterValidator(_text("a name", MAX_NAME_LENGTH)),
]
#: A reference to a player id from ``players`` (checked to be one of them, so not checked as
#: text again: matches hold most of a document's strings).
PlayerRef = Annotated[
    str,
    Strict(),
    Field(min_length=1, max_length=MAX_ID_LENGTH, description="A player id from `players`."),
]
#: Free text that may be empty (the stage seed).
Label = Annotated[
    str,
    Strict(),
    Field(max_length=MAX_NAME_LENGTH),
    AfterValidator(_text("a text", MAX_NAME_LENGTH, may_be_empty=True)),
]


def _games(value: tuple[int, ...]) -> GameScore:
    return GameScore(*value)


#: ``[games won by a, by b]`` or ``[a, b, drawn games]``.
Games = Annotated[
    list[GameCount],
    Field(min_length=2, max_length=3, description="[games won by a, by b, drawn games]"),
    AfterValidator(_games),
]
