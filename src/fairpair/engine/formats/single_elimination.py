"""The single-elimination format: a top cut played as a bracket (MTR 10.4 seeding, byes to
the top seeds, an optional third-place match). The shared stage logic is in
``engine.playoff`` (reading), ``bracket_stage`` (refusals, status), ``bracket_round``
(pairing) and ``bracket_notes``; docs/brackets.md."""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.formats.bracket_round import pair_bracket_round
from fairpair.engine.pairing.draft import PairingDraft
from fairpair.engine.pairing.optimiser import Tuning
from fairpair.engine.playoff import bracket_finished
from fairpair.engine.stage import PairingMethod, Stage
from fairpair.engine.stage_config import StageFormat
from fairpair.engine.tournament import Tournament


@dataclass(frozen=True, slots=True)
class SingleEliminationRules:
    kind: StageFormat = StageFormat.SINGLE_ELIMINATION

    def pair_next_round(
        self,
        tournament: Tournament,
        stage: Stage,
        *,
        method: PairingMethod | None = None,
        tuning: Tuning | None = None,
    ) -> PairingDraft:
        """Every bracket match playable now (``method`` and ``tuning`` do not apply)."""
        return pair_bracket_round(tournament, stage)

    def finished(self, tournament: Tournament, stage: Stage) -> bool:
        return bracket_finished(tournament, stage)
