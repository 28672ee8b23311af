"""Baku acceleration (FIDE Handbook C.04.5.1): virtual points for pairing only.

The rule, as published by FIDE's Systems of Pairings and Programs Commission
(https://spp.fide.com/c-04-5-1-baku-acceleration/):

- *Initial groups division*: before the first round the list of players to be paired is split
  in two groups. **GA** holds the first half of the players, rounded up to the nearest even
  number — ``2 · ⌈N / 4⌉`` (161 players: 82); GB the rest. A late entry does not move the last
  GA player: GA is every player ranked at or above that player.
- *Virtual points*: the **accelerated rounds** are the first half of the tournament, rounded
  up (``⌈R / 2⌉``). Before pairing the first half (rounded up) of them every GA player has
  **1** virtual point; before the other accelerated rounds, **0.5**; GB players and every round
  after the accelerated ones have none. A nine-round tournament: 1 point in rounds 1–3, ½ in
  rounds 4–5.
- *Pairing score*: the pairing uses points plus virtual points; the standings never show
  virtual points.

Points here are in the stage's scoring unit: 1 point is a win's points, 0.5 a draw's (the
rule applies to the standard 1 / ½ / 0 scoring; bbpPairings counts its ``XXA`` accelerations
the same way).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


def group_a_size(players: int) -> int:
    """How many players GA holds: the first half, rounded up to an even number."""
    return 2 * -(-players // 4)


def accelerated_rounds(rounds_total: int) -> int:
    """How many rounds are accelerated: the first half, rounded up."""
    return -(-rounds_total // 2)


def full_point_rounds(rounds_total: int) -> int:
    """How many of the accelerated rounds give GA a whole virtual point."""
    return -(-accelerated_rounds(rounds_total) // 2)


def virtual_points(round_number: int, rounds_total: int, win: int, draw: int) -> int:
    """A GA player's virtual points before pairing ``round_number`` (1-based)."""
    if round_number <= full_point_rounds(rounds_total):
        return win
    if round_number <= accelerated_rounds(rounds_total):
        return draw
    return 0


@dataclass(frozen=True, slots=True)
class BakuGroups:
    """GA by pairing number: every player numbered at or above ``last_number``."""

    size: int
    """2 · ⌈N / 4⌉ for the N players of round 1."""
    last_number: int
    """The pairing number of the last GA player."""

    def in_group_a(self, number: int) -> bool:
        return number <= self.last_number


def baku_groups(first_round_numbers: Sequence[int]) -> BakuGroups:
    """GA from the pairing numbers of the players to be paired in round 1."""
    ranked = sorted(first_round_numbers)
    size = min(group_a_size(len(ranked)), len(ranked))
    return BakuGroups(size, ranked[size - 1] if size else 0)
