"""Each player's toss record in a stage: who played first in which round, and the balance.

balance = 2 × toss wins − matches with a toss. Only matches of this stage count (the balance
starts at 0 in every stage). A bye never has a toss and counts for nothing. A match with no
toss recorded, and a match that was not played at the table (a forfeit, a double forfeit or a
skipped match), keep their tag in the record but count for neither wins nor matches.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Match, TossReason
from fairpair.engine.stage import Stage
from fairpair.engine.unplayed import TOSS_COUNTED_RESULTS


class TossTag(StrEnum):
    """What a player's round looks like on the Toss table."""

    FIRST = "T"  # played first
    SECOND = "-"  # played, the opponent went first
    BYE = "B"  # had a bye: no toss
    UNTOSSED = "?"  # played a match that has no toss recorded


@dataclass(frozen=True, slots=True)
class TossEntry:
    """One round of one player's record."""

    round: int
    tag: TossTag
    opponent: PlayerId | None = None
    reason: TossReason | None = None
    manual: bool = False
    counted: bool = False


@dataclass(frozen=True, slots=True)
class TossRecord:
    """A player's toss entries in round order (only rounds the player took part in).

    ``wins``: counted matches in which the player played first; ``matches``: counted matches (a
    toss, played at the table); ``manual``: tosses of the player's matches set by hand. All three
    are derived from ``entries`` once, when the record is made.
    """

    player: PlayerId
    entries: tuple[TossEntry, ...] = ()
    wins: int = field(init=False, default=0)
    matches: int = field(init=False, default=0)
    manual: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        counted = [e for e in self.entries if e.counted]
        object.__setattr__(self, "wins", sum(1 for e in counted if e.tag is TossTag.FIRST))
        object.__setattr__(self, "matches", len(counted))
        object.__setattr__(self, "manual", sum(1 for e in self.entries if e.manual))

    @property
    def balance(self) -> int:
        """2 × toss wins − matches: 0 is fair, positive had the play too often, negative is due."""
        return 2 * self.wins - self.matches

    def entry(self, round_number: int) -> TossEntry | None:
        for e in self.entries:
            if e.round == round_number:
                return e
        return None


@dataclass(frozen=True, slots=True)
class TossHistory:
    """Every player's toss record in a stage, before a given round (or over the whole stage)."""

    records: Mapping[PlayerId, TossRecord]

    def of(self, player: PlayerId) -> TossRecord:
        """The record of ``player``; an empty one if they have not played in this stage yet."""
        return self.records.get(player) or TossRecord(player)

    def balance(self, player: PlayerId) -> int:
        return self.of(player).balance


def _match_entries(round_number: int, match: Match) -> tuple[TossEntry, TossEntry]:
    toss = match.toss
    # The one table of engine.unplayed: a toss counts unless nobody played at the table.
    counted = toss is not None and (
        match.result is None or match.result.kind in TOSS_COUNTED_RESULTS
    )
    out: list[TossEntry] = []
    for player in match.players:
        opponent = match.opponent_of(player)
        if toss is None:
            out.append(TossEntry(round_number, TossTag.UNTOSSED, opponent))
            continue
        tag = TossTag.FIRST if toss.first == player else TossTag.SECOND
        out.append(TossEntry(round_number, tag, opponent, toss.reason, toss.manual, counted))
    return out[0], out[1]


def toss_history(stage: Stage, before_round: int | None = None) -> TossHistory:
    """The toss records of ``stage`` over its rounds numbered below ``before_round`` (all when
    ``None``). Pure: reads only the stage."""
    entries: dict[PlayerId, list[TossEntry]] = {}
    rounds = sorted(
        (r for r in stage.rounds if before_round is None or r.number < before_round),
        key=lambda r: r.number,
    )
    for rnd in rounds:
        for match in rnd.matches:
            for player, entry in zip(match.players, _match_entries(rnd.number, match), strict=True):
                entries.setdefault(player, []).append(entry)
        for bye in rnd.byes:
            entries.setdefault(bye.player, []).append(TossEntry(rnd.number, TossTag.BYE))
    return TossHistory({p: TossRecord(p, tuple(es)) for p, es in entries.items()})
