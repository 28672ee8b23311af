"""Scoring: match points, bye and forfeit points, game points. Exact numbers only."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm

from fairpair.engine.results import GameScore, MatchFormat


def _f(value: int | str) -> Fraction:
    return Fraction(value)


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points for each outcome. Values are ``Fraction`` so ½ is exact; never floats.

    ``game_win``/``game_draw`` are game points (MTR: 3 and 1, a lost game 0). ``bye_games``
    is how a pairing or full bye counts in game records (MTR: a 2-0 win). ``forfeit_games``
    is how a forfeit counts in game records (``None``: no games).
    """

    win: Fraction = field(default_factory=lambda: _f(3))
    draw: Fraction = field(default_factory=lambda: _f(1))
    loss: Fraction = field(default_factory=lambda: _f(0))
    bye: Fraction = field(default_factory=lambda: _f(3))
    half_bye: Fraction = field(default_factory=lambda: _f(1))
    forfeit_win: Fraction = field(default_factory=lambda: _f(3))
    forfeit_loss: Fraction = field(default_factory=lambda: _f(0))
    game_win: Fraction = field(default_factory=lambda: _f(3))
    game_draw: Fraction = field(default_factory=lambda: _f(1))
    bye_games: GameScore | None = field(default_factory=lambda: GameScore(2, 0))
    forfeit_games: GameScore | None = None
    match_format: MatchFormat = MatchFormat.BO3

    def __post_init__(self) -> None:
        for name in (
            "win",
            "draw",
            "loss",
            "bye",
            "half_bye",
            "forfeit_win",
            "forfeit_loss",
            "game_win",
            "game_draw",
        ):
            value = getattr(self, name)
            if isinstance(value, float):
                raise TypeError(f"Scoring.{name} must be exact (int or Fraction), not float")
            object.__setattr__(self, name, Fraction(value))
        if self.win <= 0:
            raise ValueError("Scoring.win must be > 0")
        if self.game_win <= 0:
            raise ValueError("Scoring.game_win must be > 0")

    @property
    def unit(self) -> int:
        """The smallest denominator that makes every point value a whole number."""
        return lcm(
            *(
                v.denominator
                for v in (
                    self.win,
                    self.draw,
                    self.loss,
                    self.bye,
                    self.half_bye,
                    self.forfeit_win,
                    self.forfeit_loss,
                )
            )
        )
