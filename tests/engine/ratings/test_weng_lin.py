"""OpenSkill against the package's own documented examples (its README's "Limited Example"
and its user manual, openskill.me): fairpair rates with the same model and defaults."""

from __future__ import annotations

import pytest

from fairpair.engine.ratings import weng_lin
from fairpair.engine.ratings.values import Rating


def test_the_readme_example() -> None:
    """README: two teams of two new players; the first wins → μ 26.964294621803063,
    σ 8.177962604389991 for the winners, μ 23.035705378196937 for the losers."""
    model = weng_lin.MODEL
    r = model.rating
    [[a, b], [x, y]] = model.rate([[r(), r()], [r(), r()]])
    assert (a.mu, a.sigma) == pytest.approx((26.964294621803063, 8.177962604389991))
    assert (x.mu, x.sigma) == pytest.approx((23.035705378196937, 8.177962604389991))
    assert (a, x) == (b, y)  # the README: (a == b) and (x == y)
    assert Rating(25.0, 25 / 3) == weng_lin.UNRATED


def test_the_manuals_ordinal_and_prediction() -> None:
    """Manual, "Ranks": the winner's ordinal is 2.4304068086330872, the loser's
    −1.4981824349730388; "Predicting Winners": [0.2021226121041832, 0.7978773878958167]."""
    assert weng_lin.ordinal(Rating(26.964294621803063, 8.177962604389991)) == pytest.approx(
        2.4304068086330872
    )
    assert weng_lin.ordinal(Rating(23.035705378196937, 8.177962604389991)) == pytest.approx(
        -1.4981824349730388
    )
    model = weng_lin.MODEL
    p1, p2 = model.rating(), model.rating(mu=33.564, sigma=1.123)
    assert model.predict_win([[p1], [p2]]) == pytest.approx(
        [0.2021226121041832, 0.7978773878958167]
    )


def test_a_pod_by_places() -> None:
    """A pod of four new players: first gains most, last loses most, σ shrinks for all; a
    shared place gives equal ratings to equal players."""
    four = [weng_lin.UNRATED] * 4
    after = weng_lin.rate_table(four, [1, 2, 3, 4])
    values = [r.value for r in after]
    assert values == sorted(values, reverse=True)
    assert values[0] > 25 > values[3]
    assert all(r.deviation is not None and r.deviation < 25 / 3 for r in after)
    assert all(r.games == 1 for r in after)
    # The manual's own "Artificial Ranks" call, seats listed in another order.
    shuffled = weng_lin.rate_table(four, [4, 1, 3, 2])
    assert shuffled[1].value == pytest.approx(values[0])
    assert shuffled[0].value == pytest.approx(values[3])
    tied = weng_lin.rate_table(four, [1, 1, 3, 4])
    assert tied[0].value == pytest.approx(tied[1].value)


def test_a_table_needs_two_seats_with_places() -> None:
    with pytest.raises(ValueError):
        weng_lin.rate_table([weng_lin.UNRATED], [1])
    with pytest.raises(ValueError):
        weng_lin.rate_table([weng_lin.UNRATED] * 3, [1, 2])
