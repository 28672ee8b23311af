"""A result as people say it ("Ash wins 2-1"): the service's messages and pages, and the CSV
exports, read it from here."""

from __future__ import annotations

from fairpair.engine.results import Result, ResultKind

__all__ = ["result_text"]


def result_text(result: Result, a: str, b: str) -> str:
    """A result as people say it: "Ash wins 2-1" (the winner's games first), "draw 1-1",
    "Bo forfeits"."""
    games = result.games
    score = (
        f" {games.a}-{games.b}" + (f"-{games.draws}" if games and games.draws else "")
        if games
        else ""
    )
    kind = result.kind
    if kind is ResultKind.FORFEIT:
        loser = b if result.winner and result.winner.value == "a" else a
        return f"{loser} forfeits"
    if kind is ResultKind.DOUBLE_FORFEIT:
        return "both forfeit"
    if kind is ResultKind.SKIPPED:
        return "skipped (no result)"
    if kind is ResultKind.INTENTIONAL_DRAW:
        return f"intentional draw{score}"
    if result.winner is None:
        return f"draw{score}"
    if result.winner.value == "a":
        return f"{a} wins{score}"
    won = f" {games.b}-{games.a}" + (f"-{games.draws}" if games.draws else "") if games else ""
    return f"{b} wins{won}"  # the score as the winner tells it
