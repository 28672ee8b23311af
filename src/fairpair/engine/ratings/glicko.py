"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2022 revision of the 2001
paper: http://www.glicko.net/glicko/glicko2.pdf) through the ``glicko2`` package (Ryan
Kirkman's pyglicko2). The package is untyped: this module is the one place that imports it,
and gives the rest of fairpair typed functions.

**The rating period is an event.** Glickman: "The Glicko-2 system works best when the number
of games in a rating period is moderate to large, say an average of at least 10-15 games per
player in a rating period." A round is one game per player; an event (a weekly night of four
to six rounds) is the closest a community comes to that, so all of an event's rated games
form one period: each player's games are rated together, against the opponents' ratings as
they stood before the event. A player who misses periods — events of the community's game
they did not play — has their rating deviation grown once per missed period (step 6:
φ* = √(φ² + σ²)), capped at 350, an unrated player's.

The package's volatility step (``Player._f``, step 5's function f(x)) squares the rating μ
where Glickman's formula squares the deviation φ; the two agree only for a 1500 rating
(μ = 0), as in the paper's example. ``_Player`` puts the paper's formula back; everything
else is the package's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import glicko2  # type: ignore[import-untyped]

from fairpair.engine.ratings.values import Rating

#: An unrated player (the paper: "rate a new player at 1500 with an RD of 350"; the
#: volatility 0.06, as in its example).
UNRATED = Rating(1500.0, 350.0, 0.06)
#: The system constant τ ("reasonable choices are between 0.3 and 1.2"; the example: 0.5).
TAU = 0.5
#: No rating deviation grows past an unrated player's.
MAX_DEVIATION = 350.0


class _Player(glicko2.Player):  # type: ignore[misc]
    """The package's player with step 5's f(x) as Glickman writes it:
    f(x) = eˣ(Δ² − φ² − v − eˣ) / (2(φ² + v + eˣ)²) − (x − a)/τ²."""

    _tau = TAU

    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        ex = math.exp(x)
        phi2 = float(self._Player__rd) ** 2
        return ex * (delta**2 - phi2 - v - ex) / (2 * (phi2 + v + ex) ** 2) - (x - a) / (
            self._tau**2
        )


def idle(rating: Rating, periods: int) -> Rating:
    """``rating`` after ``periods`` rating periods without a game (step 6 for each)."""
    if periods <= 0 or rating.deviation is None or rating.volatility is None:
        return rating
    grown = math.sqrt(rating.deviation**2 + periods * (rating.volatility * 173.7178) ** 2)
    return Rating(
        rating.value,
        min(grown, MAX_DEVIATION),
        rating.volatility,
        rating.games,
        rating.peak,
    )


def rate_period(own: Rating, games: Sequence[tuple[Rating, float]]) -> Rating:
    """``own`` after one rating period with ``games``: each an opponent's rating before the
    period and the player's score against them (1, ½, 0). No game: the deviation grows."""
    if not games:
        return idle(own, 1)
    assert own.deviation is not None and own.volatility is not None
    player = _Player(own.value, own.deviation, own.volatility)
    player.update_player(
        [g[0].value for g in games],
        [g[0].deviation if g[0].deviation is not None else MAX_DEVIATION for g in games],
        [g[1] for g in games],
    )
    return Rating(
        float(player.rating),
        min(float(player.rd), MAX_DEVIATION),
        float(player.vol),
        own.games + len(games),
        max(own.peak or own.value, float(player.rating)),
    )
