"""A result in the document: told from side ``a`` and side ``b``, ``winner`` ``"a"``, ``"b"`` or
``"draw"``, ``games`` ``[a, b]`` or ``[a, b, drawn]`` (docs/tournament-document.md, "Results")."""

from __future__ import annotations

from typing import Any, Literal

from fairpair.engine.errors import InvalidResult
from fairpair.engine.results import GameScore, Result, ResultKind, Side
from fairpair.interop.document.binding import WRITERS
from fairpair.interop.document.validator_core import PydanticCustomError

Winner = Literal["a", "b", "draw"]


_SIDES = {"a": Side.A, "b": Side.B}
#: Results are immutable: one object per distinct result (a big event has a handful).
_SEEN: dict[tuple[ResultKind, str | None, GameScore | None], Result] = {}


def result_of(values: dict[str, Any]) -> Result:
    """The engine ``Result`` of a validated result object."""
    if len(values) == 1:  # ``{"winner": ...}`` alone, most results of a big event
        plain = _PLAIN.get(values.get("winner"))
        if plain is not None:
            return plain
    kind: ResultKind = values.get("kind", ResultKind.PLAYED)
    told: Winner | None = values.get("winner")
    games: GameScore | None = values.get("games")
    key = (kind, told, games)
    found = _SEEN.get(key)
    if found is None:
        found = _result(kind, told, games)
        if len(_SEEN) < 10_000:
            _SEEN[key] = found
    return found


#: A played result told by its winner alone: one object each.
_PLAIN: dict[Any, Result] = {
    told: _SEEN.setdefault((ResultKind.PLAYED, told, None), Result(ResultKind.PLAYED, side))
    for told, side in (("a", Side.A), ("b", Side.B), ("draw", None))
}


def _result(kind: ResultKind, told: Winner | None, games: GameScore | None) -> Result:
    if kind is ResultKind.PLAYED and told is None and games is None:
        raise PydanticCustomError(
            "result", "a played result needs `winner` (a, b or draw) or `games`"
        )
    if kind is ResultKind.INTENTIONAL_DRAW and told not in (None, "draw"):
        raise PydanticCustomError("result", "an intentional draw has no winner")
    winner: Side | None
    if told is not None and told != "draw":
        winner = _SIDES[told]
    elif told is None and kind is ResultKind.PLAYED and games is not None:
        winner = games.winner()
    else:
        winner = None
    try:
        return Result(kind, winner, games)
    except InvalidResult as error:
        # ``field`` puts the place on the part of the result that is wrong.
        raise PydanticCustomError(
            "result", "{reason}", {"reason": error.reason, "field": error.where}
        ) from None


def games_of(games: GameScore) -> list[int]:
    return [games.a, games.b, games.draws] if games.draws else [games.a, games.b]


def written_result(result: Result) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if result.kind is not ResultKind.PLAYED:
        out["kind"] = result.kind.value
    if result.winner is not None:
        out["winner"] = result.winner.value
    elif result.kind is ResultKind.PLAYED:
        out["winner"] = "draw"
    if result.games is not None:
        out["games"] = games_of(result.games)
    return out


WRITERS[Result] = written_result
WRITERS[GameScore] = games_of
