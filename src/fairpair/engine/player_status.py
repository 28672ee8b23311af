"""A player's standing in a stage beyond their points — the standings' badge: *withdrawn* for a
dropped player, else what the stage's format says (seed 004 "Swiss elimination": *advanced* at
W wins, *eliminated* at L losses; a playoff: *eliminated* once a player has a final place other
than first), else nothing.

Every output of the standings reads it (the table, ``--json``, CSV), so it stands below the
formats: reading a badge never loads the pairing engine."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import Elimination, StageFormat
from fairpair.engine.standings.table import StandingsRow


class PlayerStatus(StrEnum):
    """A player's standing in a stage beyond their points (the standings badge)."""

    WITHDRAWN = "withdrawn"
    ADVANCED = "advanced"
    ELIMINATED = "eliminated"


PLAYOFFS = frozenset((StageFormat.SINGLE_ELIMINATION, StageFormat.DOUBLE_ELIMINATION))


def elimination_status(rules: Elimination, row: StandingsRow | None) -> PlayerStatus | None:
    """Swiss elimination: ``advanced`` once a player has the wins to advance, ``eliminated``
    once they have the losses to be eliminated (a bye counts as a win), else ``None``."""
    if row is None:
        return None
    if row.wins >= rules.wins_to_advance:
        return PlayerStatus.ADVANCED
    if row.losses >= rules.losses_to_eliminate:
        return PlayerStatus.ELIMINATED
    return None


def bracket_status(row: StandingsRow) -> PlayerStatus | None:
    """``eliminated`` once a player has a final place other than first (playoff standings
    carry the place, ``StandingsRow.place``); ``None`` while they are still in."""
    place = row.place
    if place is not None and place.first > 1:
        return PlayerStatus.ELIMINATED
    return None


def player_status(stage: Stage, row: StandingsRow) -> PlayerStatus | None:
    """``withdrawn`` for a dropped player, else what the stage's format says (advanced,
    eliminated) or ``None``."""
    return status_reader(stage)(row)


def status_reader(stage: Stage) -> Callable[[StandingsRow], PlayerStatus | None]:
    """``player_status`` of ``stage``'s rows, the stage's format read once (a table of 10,000
    rows)."""
    rules = stage.elimination
    if stage.format is StageFormat.SWISS_ELIMINATION and rules is not None:
        return lambda row: _WITHDRAWN if row.dropped else elimination_status(rules, row)
    if stage.format in PLAYOFFS:
        return lambda row: _WITHDRAWN if row.dropped else bracket_status(row)
    return _withdrawn_or_nothing


_WITHDRAWN = PlayerStatus.WITHDRAWN


def _withdrawn_or_nothing(row: StandingsRow) -> PlayerStatus | None:
    return None if row.dropped_after is None else _WITHDRAWN
