"""How values read, in JSON and on screen, without pydantic: decimals, exact fractions, the
display text of a tiebreak and a player's status badge (docs/cli.md "Standings")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from fairpair.engine.player_status import status_reader
from fairpair.engine.points_text import column_text, in_decimals, rounded
from fairpair.engine.rounds import Round
from fairpair.engine.stage import Stage
from fairpair.engine.standings import Standings, StandingsRow
from fairpair.engine.tiebreaks import Tiebreak, Value, ValueKind


def exact_text(value: Fraction | int) -> str:
    """The exact fraction as text: ``"8"``, ``"27/50"``."""
    if isinstance(value, int):
        return str(value)
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def decimal(value: Fraction | int) -> float | int:
    """An integer when whole, else a decimal with 10 places."""
    if isinstance(value, int):
        return value
    if value.denominator == 1:
        return int(value.numerator)
    return round(value.numerator / value.denominator, 10)


def display(value: Value, tb: Tiebreak, decimals: bool = False) -> str:
    """How a person reads the value: 54.0%, 8, 4½, —; ``decimals``: its column is written in
    decimals (``engine.points_text.in_decimals``: 10.75, 10.50)."""
    if value is None:
        return "—"
    kind = tb.kind
    if kind is ValueKind.PERCENT:
        return f"{rounded(value, 1, times=100)}%"
    if kind is ValueKind.RANDOM:
        return f"{int(value) % 10_000:04d}"
    return column_text(value, decimals)


@dataclass(frozen=True, slots=True)
class Columns:
    """How the number columns of one standings table are written — one notation a column,
    decided over every row of the table (a page of it reads as the whole does): the points,
    and each tiebreak in order (``True``: in decimals)."""

    points_in_decimals: bool
    tiebreaks_in_decimals: tuple[bool, ...]

    def points(self, value: Fraction) -> str:
        return column_text(value, self.points_in_decimals)

    def tiebreaks(self, standings: Standings, row: StandingsRow) -> list[str]:
        """The row's tiebreak values as its columns write them."""
        return [
            display(v, tb, dec)
            for tb, v, dec in zip(
                standings.tiebreaks, row.tiebreaks, self.tiebreaks_in_decimals, strict=True
            )
        ]


def columns_of(standings: Standings) -> Columns:
    """The notation of each number column of ``standings`` (``Columns``)."""
    rows = standings.rows
    return Columns(
        in_decimals(r.points for r in rows),
        tuple(
            tb.kind not in (ValueKind.PERCENT, ValueKind.RANDOM)
            and in_decimals(r.tiebreaks[k] for r in rows)
            for k, tb in enumerate(standings.tiebreaks)
        ),
    )


def status_text(standings: Standings) -> Callable[[StandingsRow], str | None]:
    """A row's status as text: ``withdrawn``, or what the stage's format says (``advanced``,
    ``eliminated``), or ``None`` (``engine.player_status``) — the stage's format read once
    for all of ``standings``' rows."""
    status = status_reader(standings.stage)

    def text(row: StandingsRow) -> str | None:
        found = status(row)
        return None if found is None else found.value

    return text


def rounds_up_to(stage: Stage, after_round: int | None) -> list[Round]:
    return [r for r in stage.rounds if after_round is None or r.number <= after_round]


def complete_through(rounds: Sequence[Round]) -> int:
    """The last round number up to which every round has all its results (0: none)."""
    done = 0
    for r in sorted(rounds, key=lambda r: r.number):
        if not r.is_complete:
            break
        done = r.number
    return done
