"""Standings: points, then the stage's tiebreaks in order; ties share a rank ("1224")."""

from fairpair.engine.standings.table import Standings, StandingsRow, compute_standings

__all__ = ["Standings", "StandingsRow", "compute_standings"]
