"""The criteria of C.04.3 as values on a candidate pair, in the order the system ranks them.

Absolute criteria (C.1–C.3) decide whether two players may meet at all (``colour_class``). The
quality criteria are counted per pair of the bracket being paired (``pair_criteria``): each
component is a count the pairing makes as large as possible, most important first —

1. the pair belongs to the current bracket (maximise the number of pairs, C.5);
2. the score of its higher player, one component per score (minimise the PSD, C.6);
3. the same two for the next bracket (choose the downfloaters so that the next bracket pairs
   best, C.7);
4. the pairing-allocated bye goes to the player with the fewest unplayed games (the 2025 text);
5. colours: no topscorer gets a colour difference beyond ±2, no topscorer the same colour a
   third time, every colour preference granted, every strong preference granted (C.8–C.11);
6. floats: nobody gets the same downfloat/upfloat as one round ago, then as two rounds ago
   (C.12–C.15); then the scores involved in such repeated floats as low as possible
   (C.16–C.19).
"""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.pairing.dutch.model import Colour, FloatKind
from fairpair.engine.pairing.dutch.players import Player


@dataclass(frozen=True, slots=True)
class RoundFacts:
    played_rounds: int
    rounds_total: int
    win: int

    @property
    def last_round(self) -> bool:
        return self.played_rounds >= self.rounds_total - 1

    def topscorer(self, player: Player) -> bool:
        """More than half the maximum possible score, when pairing the last round (A.7)."""
        return self.last_round and 2 * player.score > self.played_rounds * self.win


def colour_class(player: Player, facts: RoundFacts) -> int:
    """C.3: two players with the same absolute colour preference do not meet, unless one is
    a topscorer in the last round. Two players may meet unless they have the same non-zero
    class (1: absolute preference for White, 2: for Black; 0: anyone else). (C.1, no second
    game, and forbidden pairs are the caller's.)"""
    if not player.absolute or player.preference is None or facts.topscorer(player):
        return 0
    return 1 if player.preference is Colour.WHITE else 2


def colours_compatible(a: Player, b: Player) -> bool:
    return a.preference is None or b.preference is None or a.preference != b.preference


def colour_criteria(lower: Player, higher: Player) -> tuple[int, int, int, int]:
    """C.8–C.11 for a pair, each 1 when satisfied."""
    p, o = lower, higher
    same = p.preference is not None and p.preference == o.preference
    c8 = not (p.absolute_imbalance and o.absolute_imbalance and same)
    if not (p.absolute and o.absolute and same):
        c9 = True
    elif p.imbalance == o.imbalance:
        c9 = p.repeated is None or p.repeated != o.repeated
    else:
        yielding = o if p.imbalance > o.imbalance else p
        c9 = p.preference is None or yielding.repeated != p.preference.other
    c10 = colours_compatible(p, o)
    c11 = (
        (not p.strong and not p.absolute)
        or (not o.strong and not o.absolute)
        or (p.absolute and o.absolute)
        or p.preference != o.preference
    )
    return int(c8), int(c9), int(c10), int(c11)


def down(player: Player, back: int) -> bool:
    return player.floats[back - 1] is FloatKind.DOWN


def up(player: Player, back: int) -> bool:
    return player.floats[back - 1] is FloatKind.UP
