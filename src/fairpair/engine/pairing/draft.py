"""The draft of the next round: tables, byes and notes. Nothing is recorded until released."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from fairpair.engine.pairing.notes import PairingNote
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Bye, Match, PodTable, Round, Toss
from fairpair.engine.standings import Standings


@dataclass(frozen=True, slots=True)
class DraftPairing:
    """One table. ``a`` is the higher-ranked player. ``forced_rematch``: they met before and no
    pairing of the field avoids it; ``forbidden``: a forbidden pair paired because it had to."""

    table: int
    a: PlayerId
    b: PlayerId
    forced_rematch: bool = False
    forbidden: bool = False
    match_id: str = ""
    """The format's id of the match (a bracket's ``M5``); empty: ``"<round>.<table>"``."""
    plays_first: Toss | None = None
    """Who plays first when the format says so (a playoff: the higher seed; a round robin:
    the Berger table's first-named player); the Swiss toss is decided at release."""


@dataclass(frozen=True, slots=True)
class DraftPod:
    """One pod table: ``seats`` in seat order (seat 1 plays first)."""

    table: int
    seats: tuple[PlayerId, ...]


@dataclass(frozen=True, slots=True)
class PairingDraft:
    stage_id: str
    round_number: int
    pairings: tuple[DraftPairing, ...]
    byes: tuple[Bye, ...]
    notes: tuple[PairingNote, ...]
    eligible: tuple[PlayerId, ...]
    """Every player this round pairs or gives a bye to (best first within each group)."""
    standings: Standings | None = field(default=None, compare=False, hash=False, repr=False)
    """The standings before this round, that ranked the field (``None`` in round 1): callers
    read ranks and points here instead of computing them again."""
    points_before: Mapping[PlayerId, Fraction] = field(default_factory=dict, hash=False, repr=False)
    """Each player's points before this round, from ``standings`` (empty in round 1)."""
    pods: tuple[DraftPod, ...] = ()
    """The pod tables of a pod stage (its ``pairings`` are empty)."""

    def to_round(self) -> Round:
        """The round as it would be released: matches without results, and the byes."""
        return Round(
            self.round_number,
            tuple(Match(p.table, p.a, p.b, None, p.plays_first, p.match_id) for p in self.pairings),
            self.byes,
            tuple(PodTable(p.table, p.seats) for p in self.pods),
        )

    @property
    def forced(self) -> tuple[DraftPairing, ...]:
        return tuple(p for p in self.pairings if p.forced_rematch or p.forbidden)
