"""The Swiss format: pairing by score groups (engine.pairing), nobody is knocked out."""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.pairing.draft import PairingDraft
from fairpair.engine.pairing.dutch.draft import pair_dutch_round
from fairpair.engine.pairing.next_round import pair_next_round as pair_swiss_round
from fairpair.engine.pairing.optimiser import DEFAULT_TUNING, Tuning
from fairpair.engine.stage import PairingMethod, Stage
from fairpair.engine.stage_config import StageFormat
from fairpair.engine.tournament import Tournament


@dataclass(frozen=True, slots=True)
class SwissRules:
    kind: StageFormat = StageFormat.SWISS

    def pair_next_round(
        self,
        tournament: Tournament,
        stage: Stage,
        *,
        method: PairingMethod | None = None,
        tuning: Tuning | None = None,
    ) -> PairingDraft:
        chosen = method if method is not None else stage.pairing_method
        if chosen is PairingMethod.DUTCH:
            return pair_dutch_round(tournament, stage)
        return pair_swiss_round(
            tournament,
            stage,
            method=method,
            tuning=tuning if tuning is not None else DEFAULT_TUNING,
        )

    def finished(self, tournament: Tournament, stage: Stage) -> bool:
        """The round cap is reached and every round is complete (a Swiss without a cap is
        finished only when the organizer says so: they draw the cut by hand)."""
        return capped_and_complete(stage)


def capped_and_complete(stage: Stage) -> bool:
    """``stage`` has played its round cap and every round has all its results."""
    cap = stage.round_cap
    if cap is None or stage.last_round < cap:
        return False
    return all(r.is_complete for r in stage.rounds)
