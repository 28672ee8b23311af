"""What every stage format provides: its kind, how it pairs, and who is through or out."""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

from fairpair.engine.pairing.draft import PairingDraft
from fairpair.engine.pairing.optimiser import Tuning
from fairpair.engine.stage import PairingMethod, Stage, StageFormat
from fairpair.engine.standings import StandingsRow
from fairpair.engine.tournament import Tournament


class PlayerStatus(StrEnum):
    """A player's standing in a stage beyond their points (the standings badge)."""

    WITHDRAWN = "withdrawn"
    ADVANCED = "advanced"
    ELIMINATED = "eliminated"


class FormatRules(Protocol):
    """The rules of one stage format."""

    @property
    def kind(self) -> StageFormat: ...

    def pair_next_round(
        self,
        tournament: Tournament,
        stage: Stage,
        *,
        method: PairingMethod | None = None,
        tuning: Tuning | None = None,
    ) -> PairingDraft:
        """The draft of ``stage``'s next round, or a ``PairingRefused`` saying why not."""
        ...

    def status(self, stage: Stage, row: StandingsRow) -> PlayerStatus | None:
        """``advanced`` / ``eliminated`` when the format says so, else ``None``."""
        ...

    def finished(self, tournament: Tournament, stage: Stage) -> bool:
        """Every match this stage will ever have is reported: its cap is reached (Swiss), its
        schedule played (round robin), its bracket decided (a champion). A cut drawn from this
        stage may then be made (``engine.changes.draw_cut``)."""
        ...
