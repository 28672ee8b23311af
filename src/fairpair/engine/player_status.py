"""A player's standing in a stage beyond their points — the standings' badge: *withdrawn* for a
dropped player, else what the stage's format says (seed 004 "Swiss elimination": *advanced* at
W wins, *eliminated* at L losses; a playoff: *eliminated* once a player has a final place other
than first), else nothing.

Every output of the standings reads it (the table, ``--json``, CSV), so it stands below the
formats: reading a badge never loads the pairing engine."""

from __future__ import annotations

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
    if row.dropped:
        return PlayerStatus.WITHDRAWN
    if stage.format is StageFormat.SWISS_ELIMINATION and stage.elimination is not None:
        return elimination_status(stage.elimination, row)
    if stage.format in PLAYOFFS:
        return bracket_status(row)
    return None
