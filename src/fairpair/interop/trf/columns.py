"""Where each field of a TRF player line (``001``) is: TRF-16 / TRF-2026, "Player Section".

Columns are counted from 1 as the specification counts them; each ``Field`` knows its
slice. Round ``r`` takes ten columns from ``92 + 10 (r - 1)``: the opponent's start number
(4), a blank, the colour, a blank, the result code, two blanks.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Field:
    """Columns ``first``..``last`` (from 1, inclusive) of a line."""

    name: str
    first: int
    last: int

    @property
    def width(self) -> int:
        return self.last - self.first + 1

    def of(self, line: str) -> str:
        return line[self.first - 1 : self.last]


PLAYER_TAG = "001"
START = Field("start number", 5, 8)
SEX = Field("sex", 10, 10)
TITLE = Field("title", 11, 13)
NAME = Field("name", 15, 47)
RATING = Field("rating", 49, 52)
FEDERATION = Field("federation", 54, 56)
FIDE_ID = Field("FIDE id", 58, 68)
BIRTH_DATE = Field("birth date", 70, 79)
POINTS = Field("points", 81, 84)
RANK = Field("rank", 86, 89)

#: The columns of the player part that must be blank (between the fields).
STATIC_BLANKS = (4, 9, 14, 48, 53, 57, 69, 80, 85)
#: The player part: columns 1 to 89; the rounds start at column 92.
STATIC_WIDTH = 89
FIRST_ROUND = 92
ROUND_WIDTH = 10
#: A round's own text: opponent (4), blank, colour, blank, result.
ROUND_TEXT = 8


def round_column(number: int) -> int:
    """The first column (from 1) of round ``number``'s opponent."""
    return FIRST_ROUND + ROUND_WIDTH * (number - 1)


def rounds_in(line: str) -> int:
    """How many rounds a player line reaches into (a round partly written counts)."""
    if len(line) < FIRST_ROUND:
        return 0
    return (len(line) - FIRST_ROUND) // ROUND_WIDTH + 1


def static_text(
    start: int,
    sex: str,
    title: str,
    name: str,
    rating: str,
    federation: str,
    fide_id: str,
    birth_date: str,
    points: str,
    rank: str,
) -> str:
    """The player part of a line (columns 1 to 89), each field in its place."""
    return (
        f"{PLAYER_TAG} {start:>4} {sex:1.1}{title:>3.3} {name:<33.33} {rating:>4.4} "
        f"{federation:<3.3} {fide_id:>11.11} {birth_date:<10.10} {points:>4.4} {rank:>4.4}"
    )


def round_text(opponent: int, colour: str, code: str) -> str:
    """One round's eight columns: ``0012 w 1``; ``0000 - U`` for a bye."""
    return f"{opponent:04d} {colour} {code}"


BLANK_ROUND = " " * ROUND_TEXT
