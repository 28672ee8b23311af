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
    place_points: tuple[Fraction, ...] = ()
    """Pod tables: the points of finishing place 1, 2, 3, ... (a place past the list scores
    ``loss``). Empty (the default): a sole first place scores ``win``, a first place shared by
    two or more seats (a drawn game) scores ``draw``, any other place ``loss``."""

    @property
    def is_chess(self) -> bool:
        """Chess scoring: a win 1, a draw ½, a loss 0 (the game points are not looked at)."""
        return (self.win, self.draw, self.loss) == (Fraction(1), Fraction(1, 2), Fraction(0))

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
        if any(isinstance(v, float) for v in self.place_points):
            raise TypeError("Scoring.place_points must be exact (int or Fraction), not float")
        object.__setattr__(self, "place_points", tuple(Fraction(v) for v in self.place_points))
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
                    *self.place_points,
                )
            )
        )

    def pod_points(self, place: int, shared_by: int) -> Fraction:
        """The points of a pod-table seat that finished ``place``, shared by ``shared_by``
        seats (1 when alone in that place)."""
        if self.place_points:
            if place <= len(self.place_points):
                return self.place_points[place - 1]
            return self.loss
        if place == 1:
            return self.win if shared_by == 1 else self.draw
        return self.loss
