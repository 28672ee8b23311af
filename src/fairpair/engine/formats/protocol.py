"""What every stage format provides: its kind, how it pairs its next round, and when it is
finished. (Who is through or out — the standings' badge — is ``engine.player_status``.)"""

from __future__ import annotations

from typing import Protocol

from fairpair.engine.pairing.draft import PairingDraft
from fairpair.engine.pairing.optimiser import Tuning
from fairpair.engine.stage import PairingMethod, Stage, StageFormat
from fairpair.engine.tournament import Tournament


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

    def finished(self, tournament: Tournament, stage: Stage) -> bool:
        """Every match this stage will ever have is reported: its cap is reached (Swiss), its
        schedule played (round robin), its bracket decided (a champion). A cut drawn from this
        stage may then be made (``engine.changes.draw_cut``)."""
        ...
