"""The Toss table of a stage: player by player, round by round.

Each cell is a round's tag — ``T`` played first, ``-`` did not, ``B`` bye, ``?`` a match with
no toss recorded, nothing when the player was not in the round — with a manual marker. Then
toss wins, matches, rate, balance and manual count. The balance is classed for colouring:
``ok`` at 0, ``warn`` at ±1, ``alert`` at ±2 or more.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from fairpair.engine.players import Player
from fairpair.engine.stage import Stage
from fairpair.engine.toss.assign import toss_applies
from fairpair.engine.toss.record import TossEntry, toss_history
from fairpair.engine.tournament import Tournament


class BalanceClass(StrEnum):
    OK = "ok"
    WARN = "warn"
    ALERT = "alert"


def balance_class(balance: int) -> BalanceClass:
    """``ok`` at 0, ``warn`` at ±1, ``alert`` at ±2 or more."""
    size = abs(balance)
    if size == 0:
        return BalanceClass.OK
    return BalanceClass.WARN if size == 1 else BalanceClass.ALERT


@dataclass(frozen=True, slots=True)
class TossRow:
    player: Player
    cells: tuple[TossEntry | None, ...]  # one per round of the table; None: not in that round
    wins: int
    matches: int
    balance: int
    manual: int

    @property
    def rate(self) -> Fraction | None:
        """Toss wins over matches (exact), or ``None`` before the first counted match."""
        return Fraction(self.wins, self.matches) if self.matches else None

    @property
    def balance_class(self) -> BalanceClass:
        return balance_class(self.balance)


@dataclass(frozen=True, slots=True)
class TossTable:
    stage: Stage
    enabled: bool  # the stage uses the deterministic toss
    rounds: tuple[int, ...]
    rows: tuple[TossRow, ...]

    @property
    def max_abs_balance(self) -> int:
        return max((abs(r.balance) for r in self.rows), default=0)


def toss_table(tournament: Tournament, stage: Stage | None = None) -> TossTable:
    """The Toss table of ``stage`` (default: the last stage), in the order players registered.

    A player who is in none of the stage's rounds and not listed as a participant is left out.
    """
    stage = stage if stage is not None else tournament.stage()
    history = toss_history(stage)
    rounds = tuple(sorted(r.number for r in stage.rounds))
    rows = []
    for player in tournament.players:
        listed = stage.participants is None or player.id in stage.participants
        if player.id not in history.records and not listed:
            continue
        record = history.of(player.id)
        rows.append(
            TossRow(
                player=player,
                cells=tuple(record.entry(n) for n in rounds),
                wins=record.wins,
                matches=record.matches,
                balance=record.balance,
                manual=record.manual,
            )
        )
    return TossTable(stage, toss_applies(stage), rounds, tuple(rows))
