"""A player's record as their game writes it — the one place every surface reads it from
(console, public standings, print, CSV, the command line, the API's display strings, the
player's page, Discord, the top cut).

- Card games (Magic, Pokémon and every ruleset not scored as chess) write a record
  **wins-losses-draws**, always three numbers: ``2-1-1`` is 2 wins, 1 loss, 1 draw, and a
  player without a draw is ``3-1-0``, never ``3-1`` (MTR appendix C writes "6-2-0" and
  "4-2-2"; Play! Pokémon standings read W-L-T).
- Chess (a ruleset scored 1/½/0: ``fide``, ``fide_2024``, ``round_robin``, ``teamup``, any
  points-based ruleset) writes a score, not a record: points out of rounds played, ``2½/4``
  (a bye counts as a round, as in a crosstable).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from fractions import Fraction
from typing import Protocol

from fairpair.engine.points_text import points_text
from fairpair.engine.ruleset import Ruleset

__all__ = [
    "RecordStyle",
    "Tally",
    "record_formatter",
    "record_heading",
    "record_style",
    "record_text",
]


class RecordStyle(StrEnum):
    """How a ruleset writes a player's record."""

    WINS_LOSSES_DRAWS = "wins_losses_draws"
    """``2-1-1``: wins, losses, draws — three numbers, always."""
    POINTS = "points"
    """``2½/4``: points out of rounds played (chess)."""


class Tally(Protocol):
    """What a record is made of (a standings row has it all)."""

    @property
    def wins(self) -> int: ...

    @property
    def draws(self) -> int: ...

    @property
    def losses(self) -> int: ...

    @property
    def points(self) -> Fraction: ...

    @property
    def played(self) -> int: ...


def record_style(ruleset: Ruleset) -> RecordStyle:
    """``POINTS`` for a ruleset scored as chess (win 1, draw ½, loss 0), else
    ``WINS_LOSSES_DRAWS``."""
    return RecordStyle.POINTS if ruleset.scoring.is_chess else RecordStyle.WINS_LOSSES_DRAWS


def record_heading(ruleset: Ruleset) -> str | None:
    """The heading of a standings table's record column: ``W-L-D``; ``None`` in chess, whose
    record is its score — the points column already shows it, so the table has no record
    column (web, print, CSV, the command line, the picture)."""
    return None if record_style(ruleset) is RecordStyle.POINTS else "W-L-D"


def _wins_losses_draws(tally: Tally) -> str:
    return f"{tally.wins}-{tally.losses}-{tally.draws}"


def _score(tally: Tally) -> str:
    return f"{points_text(tally.points)}/{tally.played}"


def record_formatter(ruleset: Ruleset) -> Callable[[Tally], str]:
    """``record_text`` for ``ruleset`` with its style chosen once (a table of 4,000 rows)."""
    return _score if record_style(ruleset) is RecordStyle.POINTS else _wins_losses_draws


def record_text(ruleset: Ruleset, tally: Tally) -> str:
    """``tally`` as ``ruleset``'s game writes it: ``2-1-1`` (wins-losses-draws), or ``2½/4``
    (chess: points out of rounds played)."""
    return record_formatter(ruleset)(tally)
