"""Match results: games, draws, forfeits, skipped matches.

A result is told from side ``a`` (the first-listed player of the match) and side ``b``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fairpair.engine.errors import InvalidResult, Said, saying


class Side(StrEnum):
    A = "a"
    B = "b"

    @property
    def other(self) -> Side:
        return Side.B if self is Side.A else Side.A


class MatchFormat(StrEnum):
    """How many games a match has. Draws are possible in BO1 and two-game matches."""

    BO1 = "bo1"
    BO3 = "bo3"
    BO5 = "bo5"
    TWO_GAME = "two_game"

    @property
    def can_draw(self) -> bool:
        return self in (MatchFormat.BO1, MatchFormat.TWO_GAME)


class ResultKind(StrEnum):
    """What happened at the table.

    - ``played``: the match was played; ``winner`` is the winning side, or ``None`` for a draw.
    - ``intentional_draw``: both players agreed to a draw.
    - ``forfeit``: one side forfeited; ``winner`` is the side that did *not* forfeit.
    - ``double_forfeit``: both sides forfeited; both get forfeit-loss points.
    - ``skipped``: the match will not happen; nobody scores and it is closed.
    """

    PLAYED = "played"
    INTENTIONAL_DRAW = "intentional_draw"
    FORFEIT = "forfeit"
    DOUBLE_FORFEIT = "double_forfeit"
    SKIPPED = "skipped"


@dataclass(frozen=True, slots=True)
class GameScore:
    """Games won by side a, by side b, and drawn games."""

    a: int
    b: int
    draws: int = 0

    def __post_init__(self) -> None:
        for name in ("a", "b", "draws"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise InvalidResult(
                    f"games.{name}",
                    saying("must be a whole number ≥ 0, got %(value)r", value=value),
                )

    @property
    def total(self) -> int:
        return self.a + self.b + self.draws

    def winner(self) -> Side | None:
        if self.a > self.b:
            return Side.A
        if self.b > self.a:
            return Side.B
        return None

    def flipped(self) -> GameScore:
        return GameScore(self.b, self.a, self.draws)


@dataclass(frozen=True, slots=True)
class Result:
    """The reported result of one match."""

    kind: ResultKind
    winner: Side | None = None
    games: GameScore | None = None

    def __post_init__(self) -> None:
        kind = self.kind
        if kind is ResultKind.PLAYED:
            if self.games is not None and self.games.winner() != self.winner:
                told = self.winner.value if self.winner else "draw"
                score = f"{self.games.a}-{self.games.b}"
                if self.games.draws:
                    score += f"-{self.games.draws}"
                raise InvalidResult(
                    "winner",
                    saying(
                        "the games %(score)s do not give the reported outcome (%(told)s)",
                        score=score,
                        told=told,
                    ),
                )
        elif kind is ResultKind.FORFEIT:
            if self.winner is None:
                raise InvalidResult(
                    "winner", saying("a forfeit needs the side that did not forfeit")
                )
        elif self.winner is not None:
            raise InvalidResult(
                "winner", saying("a %(kind)s result has no winner", kind=kind.value)
            )
        if kind in (ResultKind.DOUBLE_FORFEIT, ResultKind.SKIPPED) and self.games is not None:
            raise InvalidResult("games", saying("a %(kind)s match has no games", kind=kind.value))

    # Convenience constructors -------------------------------------------------------------
    @staticmethod
    def from_games(a: int, b: int, draws: int = 0) -> Result:
        games = GameScore(a, b, draws)
        return Result(ResultKind.PLAYED, games.winner(), games)

    @staticmethod
    def win(side: Side, games: GameScore | None = None) -> Result:
        return Result(ResultKind.PLAYED, side, games)

    @staticmethod
    def draw(games: GameScore | None = None, *, intentional: bool = False) -> Result:
        kind = ResultKind.INTENTIONAL_DRAW if intentional else ResultKind.PLAYED
        return Result(kind, None, games)

    @staticmethod
    def forfeit(winner: Side) -> Result:
        return Result(ResultKind.FORFEIT, winner)

    @property
    def is_draw(self) -> bool:
        return self.winner is None and self.kind in (
            ResultKind.PLAYED,
            ResultKind.INTENTIONAL_DRAW,
        )

    @property
    def was_played(self) -> bool:
        """True when the two players actually met over the board."""
        return self.kind in (ResultKind.PLAYED, ResultKind.INTENTIONAL_DRAW)


def without_winner(result: Result) -> str:
    """What a result without a winner is, in the organizer's words ("a draw", "a double
    forfeit", ...): a playoff refuses each of them."""
    return str(without_winner_said(result))


def without_winner_said(result: Result) -> Said:
    """``without_winner`` as a phrase to say (``engine.errors.Said``)."""
    return _WITHOUT_WINNER.get(result.kind, _A_DRAW)


_WITHOUT_WINNER = {
    ResultKind.DOUBLE_FORFEIT: saying("a double forfeit"),
    ResultKind.SKIPPED: saying("a skipped match"),
    ResultKind.INTENTIONAL_DRAW: saying("an intentional draw"),
}
_A_DRAW = saying("a draw")
