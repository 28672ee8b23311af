"""Glicko-2 against Glickman's own worked example ("Example of the Glicko-2 system",
glicko.net/glicko/glicko2.pdf): a player rated 1500, RD 200, volatility 0.06 (τ = 0.5) plays
three games in one rating period — beats a 1400 (RD 30), loses to a 1550 (RD 100) and to a
1700 (RD 300) — and ends rated 1464.06, RD 151.52, volatility 0.05999."""

from __future__ import annotations

import math

import pytest

from fairpair.engine.ratings import glicko
from fairpair.engine.ratings.values import Rating

PAPER_GAMES = [
    (Rating(1400, 30), 1.0),
    (Rating(1550, 100), 0.0),
    (Rating(1700, 300), 0.0),
]


def test_glickmans_example() -> None:
    after = glicko.rate_period(Rating(1500, 200, 0.06), PAPER_GAMES)
    # The paper rounds each step (μ' = −0.2069 → r' = 1464.06); the exact value is 1464.0507.
    assert after.value == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.005)
    # σ' = 0.05999 in the paper (printed to five places: 0.0599960 exactly).
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)
    assert after.games == 3


def _paper_f(x: float, delta: float, phi: float, v: float, a: float, tau: float) -> float:
    """Step 5's f(x), transcribed from the paper."""
    ex = math.exp(x)
    return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2


@pytest.mark.parametrize("rating", [1500.0, 1900.0, 1100.0])
def test_the_volatility_step_is_the_papers(rating: float) -> None:
    """The package squares μ where the paper squares φ (equal only at 1500): ``_Player``
    computes the paper's f(x) whatever the rating."""
    player = glicko._Player(rating, 200, 0.06)
    phi = 200 / 173.7178
    for x in (-6.0, -5.6, -4.0):
        assert player._f(x, -0.48, 1.78, -5.63) == pytest.approx(
            _paper_f(x, -0.48, phi, 1.78, -5.63, 0.5)
        )


def test_a_stronger_player_losing_gains_volatility_the_paper_way() -> None:
    """Away from 1500 the corrected step gives the paper's volatility (solved here by the
    paper's own iteration, with its ε = 0.000001)."""
    own = Rating(1900, 200, 0.06)
    after = glicko.rate_period(own, [(r, 0.0) for r, _ in PAPER_GAMES])
    mu, phi, sigma, tau = 400 / 173.7178, 200 / 173.7178, 0.06, 0.5
    scale = 173.7178
    opponents = [((r.value - 1500) / scale, (r.deviation or 0) / scale) for r, _ in PAPER_GAMES]

    def g(p: float) -> float:
        return 1 / math.sqrt(1 + 3 * p * p / math.pi**2)

    def e(m: float, p: float) -> float:
        return 1 / (1 + math.exp(-g(p) * (mu - m)))

    v = 1 / sum(g(p) ** 2 * e(m, p) * (1 - e(m, p)) for m, p in opponents)
    delta = v * sum(g(p) * (0 - e(m, p)) for m, p in opponents)
    a = math.log(sigma**2)
    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while _paper_f(a - k * tau, delta, phi, v, a, tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = _paper_f(big_a, delta, phi, v, a, tau), _paper_f(big_b, delta, phi, v, a, tau)
    while abs(big_b - big_a) > 1e-6:
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = _paper_f(c, delta, phi, v, a, tau)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = c, f_c
    assert after.volatility == pytest.approx(math.exp(big_a / 2), rel=1e-9)
    assert after.value < own.value


def test_a_missed_period_grows_the_deviation() -> None:
    """Step 6 for a player who did not compete: φ* = √(φ² + σ²), per missed period."""
    own = Rating(1600, 50, 0.06)
    once = glicko.idle(own, 1)
    assert once.deviation == pytest.approx(math.sqrt(50**2 + (0.06 * 173.7178) ** 2))
    assert once.value == 1600
    thrice = glicko.idle(own, 3)
    assert thrice.deviation == pytest.approx(math.sqrt(50**2 + 3 * (0.06 * 173.7178) ** 2))
    assert glicko.idle(own, 0) == own
    assert glicko.idle(Rating(1600, 340, 0.06), 200).deviation == glicko.MAX_DEVIATION
    assert glicko.rate_period(own, []) == once
