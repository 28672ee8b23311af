"""The document's value types: exact numbers, bounded whole numbers, ids, names, game scores.

Each is an ``Annotated`` type that pydantic validates (strictly: ``"2"`` and ``2.0`` are not the
whole number 2) and publishes in the JSON Schema; the checks themselves are in ``checks.py``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated

from pydantic import AfterValidator, Field, PlainSerializer, PlainValidator, Strict, WithJsonSchema

from fairpair.interop.document.checks import (
    EXACT_TEXT,
    TextCheck,
    exact,
    exact_text,
    games,
    share,
)
from fairpair.interop.document.limits import (
    MAX_EXACT,
    MAX_GAMES,
    MAX_ID_LENGTH,
    MAX_NAME_LENGTH,
    MAX_RATING,
    MAX_ROUND,
    MAX_SEATS,
    MAX_SEED,
    MAX_TABLE,
)

Exact = Annotated[
    Fraction,
    PlainValidator(exact),
    PlainSerializer(exact_text),
    WithJsonSchema(
        {
            "oneOf": [
                {"type": "number", "minimum": -MAX_EXACT, "maximum": MAX_EXACT},
                {"type": "string", "pattern": f"^{EXACT_TEXT}$"},
            ],
            "description": 'An exact number: 3, 0.33 or "1/2" (never rounded).',
        }
    ),
]


#: An exact number from 0 to 1 (a floor, a cap).
Share = Annotated[Exact, AfterValidator(share)]


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
PlaceNumber = Annotated[int, Strict(), Field(ge=1, le=MAX_SEATS, description="1 is first.")]
Flag = Annotated[bool, Strict()]


#: A player id, a stage id: how the rest of the document refers to it.
Id = Annotated[
    str,
    Strict(),
    Field(min_length=1, max_length=MAX_ID_LENGTH),
    AfterValidator(TextCheck("an id", MAX_ID_LENGTH)),
]
#: A name shown to people (a player, a stage, a group, a team, the event).
Name = Annotated[
    str,
    Strict(),
    Field(min_length=1, max_length=MAX_NAME_LENGTH),
    AfterValidator(TextCheck("a name", MAX_NAME_LENGTH)),
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
    AfterValidator(TextCheck("a text", MAX_NAME_LENGTH, may_be_empty=True)),
]


#: ``[games won by a, by b]`` or ``[a, b, drawn games]``.
Games = Annotated[
    list[GameCount],
    Field(min_length=2, max_length=3, description="[games won by a, by b, drawn games]"),
    AfterValidator(games),
]


#: A player's chess registration facts, as a FIDE tournament report file writes them
#: (docs/trf.md): printable ASCII without spaces, each as long as its TRF column.
Sex = Annotated[
    str, Strict(), Field(pattern=r"^[!-~]$", description="As in TRF: m or w (kept as written).")
]
Title = Annotated[
    str,
    Strict(),
    Field(pattern=r"^[!-~]{1,3}$", description="A chess title as written: g, m, wg, GM, ..."),
]
Federation = Annotated[
    str,
    Strict(),
    Field(pattern=r"^[!-~]{1,3}$", description="A FIDE federation code: GER, ITA, ..."),
]
FideId = Annotated[
    str, Strict(), Field(pattern=r"^[0-9]{1,11}$", description="A FIDE id: up to 11 digits.")
]
BirthDate = Annotated[
    str,
    Strict(),
    Field(pattern=r"^[!-~]{1,10}$", description="As written in TRF: YYYY/MM/DD (or YYYY)."),
]
