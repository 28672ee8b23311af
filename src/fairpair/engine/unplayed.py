"""One table for every way a player's round can go: how each counts (docs/unplayed-rounds.md).

Whether a forfeit, a bye or a skipped match counts as *met* (no rematch later), as a *played*
round, for *points*, for the *toss balance* and for *strength of schedule* is decided here and
nowhere else. The ledger (points, records, tiebreaks), the toss record (balance) and the
pairing history ("have these players met?") all read ``COUNTING``.

| outcome          | met | played | points        | record | toss | SoS opp. | vol. | bye |
|------------------|-----|--------|---------------|--------|------|----------|------|-----|
| played           | yes | yes    | win/draw/loss | W/D/L  | yes  | yes      | no   | no  |
| intentional draw | yes | yes    | draw          | D      | yes  | yes      | no   | no  |
| forfeit won      | yes | yes    | forfeit win   | W      | no   | option¹  | no   | no  |
| forfeit lost     | yes | yes    | forfeit loss  | L      | no   | option¹  | yes  | no  |
| double forfeit   | yes | yes    | forfeit loss  | L      | no   | no       | yes  | no  |
| skipped          | yes | no     | —             | —      | no   | no       | yes  | no  |
| not reported yet | yes | no     | —             | —      | yes  | no       | no   | no  |
| pairing bye      | —   | yes    | bye           | W      | —    | no       | no   | yes |
| full-point bye   | —   | yes    | bye           | W      | —    | no       | no   | yes |
| half-point bye   | —   | yes    | half bye      | D      | —    | no       | yes  | yes |
| zero-point bye   | —   | no     | 0             | —      | —    | no       | yes  | no  |
| pod table place  | yes | yes    | by place      | W/D/L² | —    | no³      | no   | no  |

¹ ``Ruleset.forfeits_have_opponent`` (the MTR lists a forfeit's opponent). ² a sole first place
is a win, a shared first place a draw, any other place a loss. ³ pod-strength tiebreaks come
with the pod format. "met": a later pairing of the two is a rematch (whatever the result).
"SoS opp.": strength-of-schedule tiebreaks count the opponent (the "no opponent" rule).
"vol.": FIDE C.07 art. 16.1.2's voluntarily unplayed rounds. "bye": the player has had the
stage's bye (the pairing bye goes to someone else first).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fairpair.engine.results import Result, ResultKind
from fairpair.engine.rounds import ByeKind


class RoundOutcome(StrEnum):
    """How one player's round went, as far as counting is concerned."""

    PLAYED = "played"
    INTENTIONAL_DRAW = "intentional_draw"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    DOUBLE_FORFEIT = "double_forfeit"
    SKIPPED = "skipped"
    PENDING = "pending"
    PAIRING_BYE = "pairing_bye"
    FULL_BYE = "full_bye"
    HALF_BYE = "half_bye"
    ZERO_BYE = "zero_bye"
    POD = "pod"


class PointsFrom(StrEnum):
    """Which scoring value a round scores."""

    RESULT = "result"  # win / draw / loss
    DRAW = "draw"
    FORFEIT = "forfeit"  # forfeit win / forfeit loss
    FORFEIT_LOSS = "forfeit_loss"
    BYE = "bye"
    HALF_BYE = "half_bye"
    PLACE = "place"  # Scoring.pod_points
    NONE = "none"


class Opponent(StrEnum):
    """Whether strength-of-schedule tiebreaks count the round's opponent."""

    YES = "yes"
    OPTION = "forfeits_have_opponent"
    NO = "no"


@dataclass(frozen=True, slots=True)
class Counting:
    met: bool
    played: bool
    points: PointsFrom
    toss: bool
    opponent: Opponent
    voluntary: bool
    had_bye: bool


COUNTING: dict[RoundOutcome, Counting] = {
    RoundOutcome.PLAYED: Counting(True, True, PointsFrom.RESULT, True, Opponent.YES, False, False),
    RoundOutcome.INTENTIONAL_DRAW: Counting(
        True, True, PointsFrom.DRAW, True, Opponent.YES, False, False
    ),
    RoundOutcome.FORFEIT_WIN: Counting(
        True, True, PointsFrom.FORFEIT, False, Opponent.OPTION, False, False
    ),
    RoundOutcome.FORFEIT_LOSS: Counting(
        True, True, PointsFrom.FORFEIT, False, Opponent.OPTION, True, False
    ),
    RoundOutcome.DOUBLE_FORFEIT: Counting(
        True, True, PointsFrom.FORFEIT_LOSS, False, Opponent.NO, True, False
    ),
    RoundOutcome.SKIPPED: Counting(True, False, PointsFrom.NONE, False, Opponent.NO, True, False),
    RoundOutcome.PENDING: Counting(True, False, PointsFrom.NONE, True, Opponent.NO, False, False),
    RoundOutcome.PAIRING_BYE: Counting(
        False, True, PointsFrom.BYE, False, Opponent.NO, False, True
    ),
    RoundOutcome.FULL_BYE: Counting(False, True, PointsFrom.BYE, False, Opponent.NO, False, True),
    RoundOutcome.HALF_BYE: Counting(
        False, True, PointsFrom.HALF_BYE, False, Opponent.NO, True, True
    ),
    RoundOutcome.ZERO_BYE: Counting(False, False, PointsFrom.NONE, False, Opponent.NO, True, False),
    RoundOutcome.POD: Counting(True, True, PointsFrom.PLACE, False, Opponent.NO, False, False),
}

_BYES = {
    ByeKind.PAIRING: RoundOutcome.PAIRING_BYE,
    ByeKind.FULL: RoundOutcome.FULL_BYE,
    ByeKind.HALF: RoundOutcome.HALF_BYE,
    ByeKind.ZERO: RoundOutcome.ZERO_BYE,
}


def match_outcome(result: Result | None, winner_side: bool = True) -> RoundOutcome:
    """The outcome of a two-player match for one of its players (``winner_side``: that
    player is the side that did not forfeit; only read for a forfeit)."""
    if result is None:
        return RoundOutcome.PENDING
    kind = result.kind
    if kind is ResultKind.PLAYED:
        return RoundOutcome.PLAYED
    if kind is ResultKind.INTENTIONAL_DRAW:
        return RoundOutcome.INTENTIONAL_DRAW
    if kind is ResultKind.FORFEIT:
        return RoundOutcome.FORFEIT_WIN if winner_side else RoundOutcome.FORFEIT_LOSS
    if kind is ResultKind.DOUBLE_FORFEIT:
        return RoundOutcome.DOUBLE_FORFEIT
    return RoundOutcome.SKIPPED


#: The outcomes a result kind gives the two players (a forfeit: the winner's, the loser's).
RESULT_OUTCOMES: dict[ResultKind, tuple[RoundOutcome, ...]] = {
    ResultKind.PLAYED: (RoundOutcome.PLAYED,),
    ResultKind.INTENTIONAL_DRAW: (RoundOutcome.INTENTIONAL_DRAW,),
    ResultKind.FORFEIT: (RoundOutcome.FORFEIT_WIN, RoundOutcome.FORFEIT_LOSS),
    ResultKind.DOUBLE_FORFEIT: (RoundOutcome.DOUBLE_FORFEIT,),
    ResultKind.SKIPPED: (RoundOutcome.SKIPPED,),
}

#: Result kinds after which a match's toss counts toward the balance (played at the table).
TOSS_COUNTED_RESULTS = frozenset(
    kind for kind, outcomes in RESULT_OUTCOMES.items() if all(COUNTING[o].toss for o in outcomes)
)

#: Result kinds whose round counts as played for both players.
PLAYED_RESULTS = frozenset(
    kind for kind, outcomes in RESULT_OUTCOMES.items() if all(COUNTING[o].played for o in outcomes)
)

#: Bye kinds that count as a played round (and score).
PLAYED_BYES = frozenset(kind for kind, outcome in _BYES.items() if COUNTING[outcome].played)

#: Bye kinds after which the player "has had the bye" for the pairing bye.
BYES_THAT_COUNT = frozenset(kind for kind, outcome in _BYES.items() if COUNTING[outcome].had_bye)
