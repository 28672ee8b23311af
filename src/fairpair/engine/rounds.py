"""Rounds: the tables of a round (two-player matches and multi-seat pod tables), its byes,
the toss of each match, and the round's state.

A *table* is one of two kinds (docs/tables.md):

- a ``Match``: two players, sides ``a`` and ``b``, a ``Result`` told from side a;
- a ``PodTable``: 3–10 seats, a finishing place per seat (free-for-all games; scored by
  place, see ``Scoring.place_points``).

Both carry a table number and an ``id`` that is stable within the stage (given when the round
is created: ``"<round>.<table>"`` unless set). The ledger and the "have they met?" history read
both kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from operator import attrgetter

from fairpair.engine.errors import saying_p
from fairpair.engine.players import PlayerId
from fairpair.engine.results import Result, Side


class ByeKind(StrEnum):
    """Why a player has no opponent in a round (TRF-16 code in brackets).

    - ``pairing``: the pairing gave this player the bye because the field was odd [U].
    - ``full``: a full-point bye the organizer assigned or the player earned [F].
    - ``half``: a half-point bye (scores the stage's half-bye points) [H].
    - ``zero``: a zero-point bye: the player sits the round out [Z].
    """

    PAIRING = "pairing"
    FULL = "full"
    HALF = "half"
    ZERO = "zero"


class TossReason(StrEnum):
    """Why a player plays first (see docs/toss.md)."""

    BALANCE = "balance"
    HISTORY = "history"
    NEUTRAL = "neutral"
    CATCH_UP = "catch-up"
    MANUAL = "manual"
    HIGHER_SEED = "higher-seed"
    """A playoff: the higher seed chooses and is recorded as playing first (MTR)."""
    SCHEDULE = "schedule"
    """A round robin: the Berger table's first-named player (White) plays first."""
    COLOURS = "colours"
    """The Dutch system's colour allocation (C.04.3 E.1–E.5) gave White to ``first``."""
    RECORDED = "recorded"
    """Colours that came from outside: a file (FIDE TRF) or the organizer typed who had White.
    Always ``manual``, so nothing recalculates them; ``first`` is White."""


class RoundState(StrEnum):
    """Where a round is in its lifecycle (seed 004, "Round states"; ``engine.lifecycle``).

    - ``draft``: generated for review; private, nothing is public yet.
    - ``scheduled``: released; public as Upcoming; may still be deleted or swapped.
    - ``open``: In Progress; results are being reported.
    - ``completed``: every match has a result; the next round may be generated.
    """

    DRAFT = "draft"
    SCHEDULED = "scheduled"
    OPEN = "open"
    COMPLETED = "completed"


#: A round's state as a word said in a sentence ("round 3 is open"), for a reader's language.
STATE_SAID = {
    RoundState.DRAFT: saying_p("round", "draft"),
    RoundState.SCHEDULED: saying_p("round", "scheduled"),
    RoundState.OPEN: saying_p("round", "open"),
    RoundState.COMPLETED: saying_p("round", "completed"),
}


@dataclass(frozen=True, slots=True)
class Toss:
    """Who plays first in a match, why, and whether an organizer set it by hand."""

    first: PlayerId
    reason: TossReason
    manual: bool = False


@dataclass(frozen=True, slots=True)
class Match:
    """A two-player table. ``result`` is ``None`` until reported."""

    table: int
    a: PlayerId
    b: PlayerId
    result: Result | None = None
    toss: Toss | None = None
    id: str = ""
    """Stable within the stage; ``Round`` fills ``"<round>.<table>"`` when left empty."""

    def side_of(self, player: PlayerId) -> Side:
        if player == self.a:
            return Side.A
        if player == self.b:
            return Side.B
        raise KeyError(player)

    def opponent_of(self, player: PlayerId) -> PlayerId:
        return self.b if player == self.a else self.a

    @property
    def players(self) -> tuple[PlayerId, PlayerId]:
        return (self.a, self.b)

    @property
    def reported(self) -> bool:
        return self.result is not None


#: The sizes a pod table may have (docs/architecture.md "Playoffs and other stages": tables of
#: 3–10).
POD_SEATS = range(3, 11)


@dataclass(frozen=True, slots=True)
class PodTable:
    """A multi-seat table: ``seats`` in seat order (seat 1 first); ``places`` gives each
    seat's finishing place (1 is first; tied seats share a place and the next place skips,
    as in 1, 2, 2, 4), ``None`` until reported."""

    table: int
    seats: tuple[PlayerId, ...]
    places: tuple[int, ...] | None = None
    id: str = ""

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return self.seats

    @property
    def reported(self) -> bool:
        return self.places is not None

    def place_of(self, player: PlayerId) -> int | None:
        if self.places is None:
            return None
        return self.places[self.seats.index(player)]


Table = Match | PodTable
"""One table of a round: a two-player match or a multi-seat pod table."""


@dataclass(frozen=True, slots=True)
class Bye:
    player: PlayerId
    kind: ByeKind = ByeKind.PAIRING


#: A table's fields, read by ``map`` over a round's tables (in C: a big round has 50,000
#: matches) — by ``Round``, the validation, who-met-whom and the document reader.
TABLE_ID, TABLE_NUMBER, SIDE_A, SIDE_B, RESULT, TOSS = map(
    attrgetter, ("id", "table", "a", "b", "result", "toss")
)


def default_match_id(round_number: int, table: int) -> str:
    return f"{round_number}.{table}"


@dataclass(frozen=True, slots=True)
class Round:
    """One round: its two-player ``matches``, its ``pods`` (multi-seat tables), its byes and,
    when tracked, its ``state``. A round read from a plain document has ``state`` ``None``:
    ``status`` derives it from the results (none → scheduled, some → open, all →
    completed)."""

    number: int
    matches: tuple[Match, ...] = ()
    byes: tuple[Bye, ...] = ()
    pods: tuple[PodTable, ...] = ()
    state: RoundState | None = None

    def __post_init__(self) -> None:
        number = self.number
        if not all(map(TABLE_ID, self.matches)):  # read in C: a big round has 50,000 matches
            object.__setattr__(
                self,
                "matches",
                tuple(
                    m
                    if m.id
                    else Match(
                        m.table, m.a, m.b, m.result, m.toss, default_match_id(number, m.table)
                    )
                    for m in self.matches
                ),
            )
        if not all(map(TABLE_ID, self.pods)):
            object.__setattr__(
                self,
                "pods",
                tuple(
                    p
                    if p.id
                    else PodTable(p.table, p.seats, p.places, default_match_id(number, p.table))
                    for p in self.pods
                ),
            )

    @property
    def tables(self) -> tuple[Table, ...]:
        """Every table of the round, matches and pods, by table number."""
        if not self.pods:
            return self.matches
        return tuple(sorted((*self.matches, *self.pods), key=lambda t: t.table))

    @property
    def outstanding(self) -> int:
        """How many tables have no result yet."""
        return sum(1 for m in self.matches if m.result is None) + sum(
            1 for p in self.pods if p.places is None
        )

    @property
    def is_complete(self) -> bool:
        return self.outstanding == 0

    @property
    def status(self) -> RoundState:
        """The state: as recorded, or derived from the results when not tracked."""
        if self.state is not None:
            return self.state
        total = len(self.matches) + len(self.pods)
        missing = self.outstanding
        if missing == 0:
            return RoundState.COMPLETED
        return RoundState.SCHEDULED if missing == total else RoundState.OPEN

    def participants(self) -> tuple[PlayerId, ...]:
        ids: list[PlayerId] = []
        for m in self.matches:
            ids.extend(m.players)
        for p in self.pods:
            ids.extend(p.seats)
        ids.extend(b.player for b in self.byes)
        return tuple(ids)
