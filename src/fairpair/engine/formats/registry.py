"""The registry of stage formats, and the calls that dispatch on a stage's format."""

from __future__ import annotations

from fairpair.engine.formats.double_elimination import DoubleEliminationRules
from fairpair.engine.formats.pods import PodsRules
from fairpair.engine.formats.protocol import FormatRules
from fairpair.engine.formats.round_robin import RoundRobinRules
from fairpair.engine.formats.single_elimination import SingleEliminationRules
from fairpair.engine.formats.swiss import SwissRules
from fairpair.engine.formats.swiss_elimination import SwissEliminationRules
from fairpair.engine.pairing.draft import PairingDraft
from fairpair.engine.pairing.optimiser import Tuning
from fairpair.engine.stage import PairingMethod, Stage
from fairpair.engine.stage_config import StageFormat
from fairpair.engine.tournament import Tournament, last_stage

FORMATS: dict[StageFormat, FormatRules] = {
    StageFormat.SWISS: SwissRules(),
    StageFormat.SWISS_ELIMINATION: SwissEliminationRules(),
    StageFormat.PODS: PodsRules(),
    StageFormat.ROUND_ROBIN: RoundRobinRules(),
    StageFormat.SINGLE_ELIMINATION: SingleEliminationRules(),
    StageFormat.DOUBLE_ELIMINATION: DoubleEliminationRules(),
}


def rules_for(stage: Stage) -> FormatRules:
    """The rules of ``stage``'s format."""
    return FORMATS[stage.format]


def stage_to_pair(tournament: Tournament, stage_id: str | None = None) -> Stage:
    """The stage with ``stage_id``; when ``None``, the stage whose next round is paired:
    the last stage, passing over cut stages until the stage they are cut from is finished
    and their cut is drawn or automatic (a cut drawn early while that stage is still
    played: name the stage to pair it anyway)."""
    if stage_id is not None or not tournament.stages:
        return tournament.stage(stage_id)

    def ready(s: Stage) -> bool:
        if s.cut is None or s.rounds:
            return True
        drawn = s.participants is not None or s.cut.automatic
        return drawn and stage_finished(tournament, s.cut.from_stage)

    return last_stage(tournament.stages, ready)


def pair_next_round(
    tournament: Tournament,
    stage: Stage | str | None = None,
    *,
    method: PairingMethod | None = None,
    tuning: Tuning | None = None,
) -> PairingDraft:
    """The draft of the next round of ``stage`` (its id, or the stage; default: the last
    stage, passing over cut stages not drawn yet — ``stage_to_pair``), paired by
    the rules of the stage's format. Nothing is recorded: release the draft with
    ``release_round``."""
    chosen = stage if isinstance(stage, Stage) else stage_to_pair(tournament, stage)
    return rules_for(chosen).pair_next_round(tournament, chosen, method=method, tuning=tuning)


def stage_finished(tournament: Tournament, stage: Stage | str) -> bool:
    """Every match of ``stage`` is reported and its format will pair no more rounds."""
    chosen = stage if isinstance(stage, Stage) else tournament.stage(stage)
    return rules_for(chosen).finished(tournament, chosen)
