"""The double-elimination format: winners and losers brackets (the alternating crossover),
the grand final, and a reset only when the losers-bracket champion wins it. It pairs, reads
and ends as single elimination does — the bracket itself differs (``engine.brackets.double``,
built by ``bracket_stage`` from the stage's format); docs/brackets.md."""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.formats.single_elimination import SingleEliminationRules
from fairpair.engine.stage_config import StageFormat


@dataclass(frozen=True, slots=True)
class DoubleEliminationRules(SingleEliminationRules):
    kind: StageFormat = StageFormat.DOUBLE_ELIMINATION
