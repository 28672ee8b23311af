"""The draft of the next round: tables, byes and notes. Nothing is recorded until released."""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.pairing.notes import PairingNote
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Bye, Match, Round


@dataclass(frozen=True, slots=True)
class DraftPairing:
    """One table. ``a`` is the higher-ranked player. ``forced_rematch``: they met before and no
    pairing of the field avoids it; ``forbidden``: a forbidden pair paired because it had to."""

    table: int
    a: PlayerId
    b: PlayerId
    forced_rematch: bool = False
    forbidden: bool = False


@dataclass(frozen=True, slots=True)
class PairingDraft:
    stage_id: str
    round_number: int
    pairings: tuple[DraftPairing, ...]
    byes: tuple[Bye, ...]
    notes: tuple[PairingNote, ...]
    eligible: tuple[PlayerId, ...]
    """Every player this round pairs or gives a bye to (best first within each group)."""

    def to_round(self) -> Round:
        """The round as it would be released: matches without results, and the byes."""
        return Round(
            self.round_number,
            tuple(Match(p.table, p.a, p.b) for p in self.pairings),
            self.byes,
        )

    @property
    def forced(self) -> tuple[DraftPairing, ...]:
        return tuple(p for p in self.pairings if p.forced_rematch or p.forbidden)
