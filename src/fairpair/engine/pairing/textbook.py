"""The textbook pairing (docs/architecture.md "Pairing a Swiss round", steps 4–5): score groups
from the
top; an odd bracket floats its lowest-ranked player into the next; inside each bracket the
method's ideal partners. It ignores rematches: the optimiser repairs it when it must."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fairpair.engine.pairing.field import Field


@dataclass(frozen=True, slots=True)
class Bracket:
    """Players of one bracket in rank order (floaters from above first) and, for the even part
    (all but the lowest when odd), each position's ideal partner position."""

    index: int
    players: tuple[int, ...]
    ideal: tuple[int, ...]

    @property
    def floater(self) -> int | None:
        return self.players[-1] if len(self.players) % 2 else None

    def pairs(self) -> list[tuple[int, int]]:
        return [(self.players[i], self.players[j]) for i, j in enumerate(self.ideal) if i < j]


def bracket_of(field: Field, index: int, players: Sequence[int]) -> Bracket:
    even = len(players) - len(players) % 2
    return Bracket(index, tuple(players), field.ideal(even, f"{field.key}\x1f{index}"))


def textbook_brackets(field: Field) -> list[Bracket]:
    brackets: list[Bracket] = []
    carry: list[int] = []
    for index, members in enumerate(field.members()):
        bracket = bracket_of(field, index, carry + members)
        brackets.append(bracket)
        carry = [bracket.floater] if bracket.floater is not None else []
    return brackets


def textbook_pairs(brackets: Sequence[Bracket]) -> list[tuple[int, int]]:
    return sorted(pair for b in brackets for pair in b.pairs())
