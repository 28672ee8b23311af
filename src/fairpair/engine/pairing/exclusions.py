"""Why a player is left out of a round's eligible field (seed 004, "Who gets left out of
pairings"), in the order the reasons are checked."""

from __future__ import annotations

from enum import StrEnum


class Exclusion(StrEnum):
    DROPPED = "dropped"
    """Dropped or withdrew (tournament or stage level) before this round."""
    ADVANCED = "advanced"
    """Swiss elimination: reached the wins to advance."""
    ELIMINATED = "eliminated"
    """Swiss elimination: reached the losses to eliminate; a playoff: knocked out."""
    NO_STANDINGS_ROW = "no_standings_row"
    """No completed match in this stage yet (rounds after the first)."""
    NO_GROUP = "no_group"
    """In no group of a grouped stage."""
    ASSIGNED_BYE_DROPPED = "assigned_bye_dropped"
    """Had a bye assigned for this round but has dropped."""
    WAITING = "waiting"
    """A playoff: still in, waiting for the other side of their next bracket match (a bye
    to a top seed, or the other half of the bracket still playing)."""
    CHAMPION = "champion"
    """A playoff: has won the bracket."""
