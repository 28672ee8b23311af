"""The Swiss elimination format: Swiss pairing in win–loss pools, with thresholds (seed 004)."""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.formats.protocol import PlayerStatus
from fairpair.engine.formats.swiss import SwissRules
from fairpair.engine.pairing.elimination import threshold_reached
from fairpair.engine.pairing.exclusions import Exclusion
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import StageFormat
from fairpair.engine.standings import StandingsRow


@dataclass(frozen=True, slots=True)
class SwissEliminationRules(SwissRules):
    kind: StageFormat = StageFormat.SWISS_ELIMINATION

    def status(self, stage: Stage, row: StandingsRow) -> PlayerStatus | None:
        rules = stage.elimination
        if rules is None:
            return None
        # The pairing's own threshold rule.
        reached = threshold_reached(rules, row)
        if reached is Exclusion.ADVANCED:
            return PlayerStatus.ADVANCED
        if reached is Exclusion.ELIMINATED:
            return PlayerStatus.ELIMINATED
        return None
