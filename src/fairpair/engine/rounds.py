"""Rounds: matches at tables, byes, and the toss of each match."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

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


@dataclass(frozen=True, slots=True)
class Toss:
    """Who plays first in a match, why, and whether an organizer set it by hand."""

    first: PlayerId
    reason: TossReason
    manual: bool = False


@dataclass(frozen=True, slots=True)
class Match:
    """One pairing at a table. ``result`` is ``None`` until reported."""

    table: int
    a: PlayerId
    b: PlayerId
    result: Result | None = None
    toss: Toss | None = None

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


@dataclass(frozen=True, slots=True)
class Bye:
    player: PlayerId
    kind: ByeKind = ByeKind.PAIRING


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    matches: tuple[Match, ...] = ()
    byes: tuple[Bye, ...] = ()

    @property
    def is_complete(self) -> bool:
        return all(m.result is not None for m in self.matches)

    def participants(self) -> tuple[PlayerId, ...]:
        ids: list[PlayerId] = []
        for m in self.matches:
            ids.extend(m.players)
        ids.extend(b.player for b in self.byes)
        return tuple(ids)
