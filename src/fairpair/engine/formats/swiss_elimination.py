"""The Swiss elimination format: Swiss pairing in win–loss pools, with thresholds (seed 004).
Who has advanced or is eliminated is the standings' badge: ``engine.player_status``."""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.formats.swiss import SwissRules
from fairpair.engine.stage_config import StageFormat


@dataclass(frozen=True, slots=True)
class SwissEliminationRules(SwissRules):
    kind: StageFormat = StageFormat.SWISS_ELIMINATION
