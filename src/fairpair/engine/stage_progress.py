"""Where a stage stands, as the offers of the console read it (issue 28, point 3: offer only
what will be honoured): whether it will pair another round once its live round is complete,
and where its top cuts stand. Pure; no pairing is computed (a button must not cost a pairing
of 1,000 players): the rules that refuse a next round are read directly.

A stage pairs another round unless

* its round cap is reached (max rounds; a Swiss elimination's wins + losses − 1);
* it is a bracket whose champion is decided (nothing left to play), or a cut whose field is
  not drawn and cannot be drawn yet;
* it is a round robin whose whole schedule is released.

A Swiss without a cap always can: it ends when the organizer draws its cut.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fairpair.engine.errors import FairpairError
from fairpair.engine.formats import stage_finished
from fairpair.engine.formats.round_robin import round_robin_schedule
from fairpair.engine.pairing.recommended import log2_rounds
from fairpair.engine.playoff import read_bracket
from fairpair.engine.round_names import BRACKETS
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import PodsConfig, StageFormat
from fairpair.engine.tournament import Tournament

#: The formats whose rounds go on as long as the organizer wants (no cap of their own): under
#: the autopilot, a recommended number of rounds ends them (``autopilot_rounds``).
OPEN_ENDED = frozenset({StageFormat.SWISS, StageFormat.PODS})


def autopilot_rounds(stage: Stage) -> int | None:
    """How many rounds the autopilot plays in ``stage`` (docs/autopilot.md): its round cap
    (max rounds; a Swiss elimination's wins + losses − 1), else — without a cap — the rounds
    that leave one player who won every time among the N players of its round 1: a Swiss
    ⌈log₂ N⌉ (seed 001, "How many rounds?"), pods of k seats ⌈log_k N⌉ (a table has one
    winner); ``None``: the format ends the stage itself (a bracket, a round robin), or round
    1 is not played yet."""
    cap = stage.round_cap
    if cap is not None or stage.format not in OPEN_ENDED:
        return cap
    if not stage.rounds:
        return None
    field = len(stage.rounds[0].participants())
    if isinstance(stage.config, PodsConfig):
        rounds, reach = 0, 1
        while reach < field:
            rounds, reach = rounds + 1, reach * stage.config.pod_size
        return max(1, rounds)
    return max(1, log2_rounds(field))


def autopilot_goes_on(tournament: Tournament, stage: Stage) -> bool:
    """Once every round of ``stage`` so far is complete, does its autopilot pair another?
    (``more_rounds``, and — a Swiss or pods without a cap — fewer rounds than
    ``autopilot_rounds``.)"""
    if not more_rounds(tournament, stage):
        return False
    planned = autopilot_rounds(stage)
    return planned is None or stage.last_round < planned


def more_rounds(tournament: Tournament, stage: Stage) -> bool:
    """Once every round of ``stage`` so far is complete, may its next round be paired?"""
    upcoming = stage.last_round + 1
    cap = stage.round_cap
    if cap is not None and upcoming > cap:
        return False
    if stage.format in BRACKETS:
        if stage.cut is not None and stage.participants is None:
            return cut_state(tournament, stage) is CutState.DUE and stage.cut.automatic
        try:
            run = read_bracket(tournament, stage)
        except FairpairError:
            return False
        return run is not None and not run.decided
    if stage.format is StageFormat.ROUND_ROBIN:
        try:
            total = len(round_robin_schedule(tournament, stage).rounds)
        except FairpairError:
            return False
        return upcoming <= total
    return True


class CutState(StrEnum):
    """Where the cut of a cut stage stands."""

    WAITING = "waiting"
    """The stage it is cut from is still played (or its last round is live)."""
    DUE = "due"
    """The stage it is cut from has ended: the cut can be drawn now."""
    EARLY = "early"
    """The stage it is cut from has no round cap and no live round: the organizer may end it
    by drawing the cut (the cut is drawn "early")."""
    DRAWN = "drawn"
    """Its field is seated; round 1 is not released yet."""
    STARTED = "started"
    """Its round 1 is released: the field is fixed."""


def cut_state(tournament: Tournament, stage: Stage) -> CutState:
    """Where the cut of cut stage ``stage`` stands."""
    assert stage.cut is not None, f"stage {stage.id!r} is not a top cut"
    if stage.rounds:
        return CutState.STARTED
    if stage.participants is not None:
        return CutState.DRAWN
    source = tournament.stage(stage.cut.from_stage)
    if stage_finished(tournament, source):
        return CutState.DUE
    idle = bool(source.rounds) and all(r.is_complete for r in source.rounds)
    if idle and source.round_cap is None:
        return CutState.EARLY
    return CutState.WAITING


@dataclass(frozen=True, slots=True)
class CutSeats:
    """A cut stage and the number of seats its rule gives now ("Draw the top 8")."""

    stage: str
    seats: int


def cuts_from(tournament: Tournament, stage: Stage) -> tuple[Stage, ...]:
    """The cut stages whose field is the top of ``stage``."""
    return tuple(s for s in tournament.stages if s.cut is not None and s.cut.from_stage == stage.id)
