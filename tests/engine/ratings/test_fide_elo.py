"""FIDE Elo by the regulation's own text (FIDE Handbook B.02, Rating Regulations effective
from 1 March 2024, article 8.3), each clause worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fairpair.engine.ratings import fide_elo
from fairpair.engine.ratings.values import Rating


@pytest.mark.parametrize(
    ("own", "opponent", "pd"),
    [
        (2000, 2000, "0.50"),
        (2003, 2000, "0.50"),  # 0-3
        (2004, 2000, "0.51"),  # 4-10
        (2100, 2000, "0.64"),  # 99-106
        (2000, 2100, "0.36"),  # the lower-rated player: L
        (2400, 2000, "0.92"),  # 392-411
        (2500, 2000, "0.92"),  # 8.3.1: more than 400 counts as 400
        (1500, 2235, "0.08"),  # 735 points below, counted as 400
    ],
)
def test_score_probability_table_and_the_400_point_rule(own: int, opponent: int, pd: str) -> None:
    assert fide_elo.expected_score(own, opponent) == Fraction(pd)


def test_k_factors() -> None:
    """8.3.3: 40 until 30 games; 20 under 2400; 10 once the rating reached 2400 (even if it
    dropped since); 40 for a junior under 2300."""
    assert fide_elo.k_factor(1800, 29, 1800) == 40
    assert fide_elo.k_factor(1800, 30, 1800) == 20
    assert fide_elo.k_factor(2399, 200, 2399) == 20
    assert fide_elo.k_factor(2380, 200, 2400) == 10
    assert fide_elo.k_factor(2250, 80, 2250, junior=True) == 40
    assert fide_elo.k_factor(2300, 80, 2300, junior=True) == 20


def test_an_event_change() -> None:
    """A 2000 (K 20) beats a 2100 (PD .36), draws a 1900 (PD .64), beats a 1500 (counted as
    1600: PD .92): ΣPD 1.92, score 2.5, ΣΔR 0.58, change 0.58 × 20 = 11.6 → +12."""
    own = Rating(2000, games=50, peak=2050)
    games = [(2100, 1.0), (1900, 0.5), (1500, 1.0)]
    change = fide_elo.elo_change(own, games)
    assert change == fide_elo.EloChange(20, 3, Fraction(5, 2), Fraction(192, 100), 12)
    after = fide_elo.rate_period(own, games)
    assert after.value == 2012
    assert after.games == 53
    assert after.peak == 2050


def test_the_700_rule() -> None:
    """8.3.3: K × n may not pass 700 — a K-40 player with 20 games gets K = 35."""
    change = fide_elo.elo_change(Rating(1600, games=0), [(1600, 1.0)] * 20)
    assert change.k == 35
    assert change.change == 35 * 10  # ΣΔR = 20 × 0.5


def test_rounding_is_half_away_from_zero() -> None:
    """8.3.4: a change of +2.5 is +3 and −2.5 is −3 (K 10: ΔR ±0.25 against a player
    190 points away, PD .75 / .25)."""
    master = Rating(2450, games=300, peak=2500)
    assert fide_elo.elo_change(master, [(2640, 0.0)]).change == -3
    assert fide_elo.elo_change(master, [(2260, 1.0)]).change == 3
    assert fide_elo.rounded(Fraction(-5, 2)) == -3
    assert fide_elo.rounded(Fraction(5, 2)) == 3
    assert fide_elo.rounded(Fraction(-12, 10)) == -1
