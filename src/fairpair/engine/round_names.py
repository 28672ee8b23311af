"""The name of a round as organizers and players say it, for every page, print, message and
API text that shows one (issue 28, point 3).

A Swiss, Swiss elimination, round robin or pods round is "Round N". A playoff round is named
by its bracket matches (``engine.brackets.round_names``): Quarterfinals, Semifinals, Final (and
Round of 16 … before them) in single elimination; Winners round N, Losers round N, Grand final
in double elimination. The round not released yet (the next one) is named by the bracket
matches playable now, so a button can say "Start the Quarterfinals" before the draft exists.
"""

from __future__ import annotations

from collections.abc import Iterable

from fairpair.engine.brackets.round_names import bracket_round_name
from fairpair.engine.errors import FairpairError
from fairpair.engine.playoff import BracketRun, read_bracket
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import StageFormat
from fairpair.engine.tournament import Tournament

BRACKETS = frozenset({StageFormat.SINGLE_ELIMINATION, StageFormat.DOUBLE_ELIMINATION})


def plain_name(number: int) -> str:
    return f"Round {number}"


def _run(tournament: Tournament, stage: Stage) -> BracketRun | None:
    if stage.format not in BRACKETS:
        return None
    try:
        return read_bracket(tournament, stage)
    except FairpairError:  # a bracket its rounds contradict: the plain name
        return None


def round_names(tournament: Tournament, stage: Stage) -> dict[int, str]:
    """The name of each released round of ``stage`` and of its next round (by number)."""
    upcoming = stage.last_round + 1
    run = _run(tournament, stage)
    if run is None:
        numbers = [*(r.number for r in stage.rounds), upcoming]
        return {n: plain_name(n) for n in numbers}
    names = {
        r.number: bracket_round_name(run.bracket, (m.id for m in r.matches)) or plain_name(r.number)
        for r in stage.rounds
    }
    waiting = [m for m in run.now.playable if m not in run.released]
    names[upcoming] = bracket_round_name(run.bracket, waiting) or plain_name(upcoming)
    return names


def round_name(tournament: Tournament, stage: Stage, number: int) -> str:
    """The name of round ``number`` of ``stage`` (released, or the next one)."""
    return round_names(tournament, stage).get(number) or plain_name(number)


def draft_name(tournament: Tournament, stage: Stage, number: int, match_ids: Iterable[str]) -> str:
    """The name of a draft of round ``number`` pairing the bracket matches ``match_ids``."""
    run = _run(tournament, stage)
    if run is None:
        return plain_name(number)
    return bracket_round_name(run.bracket, match_ids) or plain_name(number)
