"""The cells a match fills in the pairings and results tables: its players, who plays first,
and its result — told once, for both tables."""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.result_text import result_text
from fairpair.engine.rounds import Match, PodTable


def games_cell(match: Match) -> str:
    """``2-1`` (side a's games first), ``1-1-1`` with drawn games; empty without games."""
    games = match.result.games if match.result else None
    if games is None:
        return ""
    return f"{games.a}-{games.b}" + (f"-{games.draws}" if games.draws else "")


def winner_cell(match: Match, names: Mapping[str, str]) -> str:
    """The winner's name (a forfeit: the side that did not forfeit); empty for a draw, a
    double forfeit, a skipped match or no result."""
    result = match.result
    if result is None or result.winner is None:
        return ""
    return names[match.a if result.winner.value == "a" else match.b]


def result_cell(match: Match, names: Mapping[str, str]) -> str:
    """The result as people say it ("Ann wins 2-1"); empty while not reported."""
    if match.result is None:
        return ""
    return result_text(match.result, names[match.a], names[match.b])


def pod_result_cell(pod: PodTable, names: Mapping[str, str]) -> str:
    """A pod's finishing places ("1 Ann; 2 Bo; 3 Cy"); empty while not reported."""
    if pod.places is None:
        return ""
    order = sorted(zip(pod.places, pod.seats, strict=True))
    return "; ".join(f"{place} {names[player]}" for place, player in order)


def first_cell(match: Match, names: Mapping[str, str]) -> str:
    """The name of the player who plays first (the toss); empty without a toss."""
    return names[match.toss.first] if match.toss is not None else ""
