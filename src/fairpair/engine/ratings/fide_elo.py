"""FIDE's Elo rating change, from the published regulation: FIDE Handbook B.02, FIDE Rating
Regulations effective from 1 March 2024, article 8.3 ("Determining the rating change for a
rated player"). Arithmetic, not a library:

- 8.3.1 for each game, D = the player's rating − the opponent's; "A difference in rating of
  more than 400 points shall be counted for rating purposes as though it were a difference
  of 400 points";
- 8.3.2 the score probability PD from table 8.1.2 (``tiebreaks.fide_tables.pd``); ΔR =
  score − PD for each game; ΣΔR over the event; ΣΔR × K is the rating change;
- 8.3.3 K = 40 for a player new to the rating list until they have completed events with at
  least 30 games; K = 20 as long as the rating remains under 2400; K = 10 once the published
  rating has reached 2400, even if it drops below later; K = 40 for all players until the end
  of the year of their 18th birthday, as long as their rating remains under 2300; and if the
  number of games n in a rating period times K exceeds 700, K is the largest whole number
  with K × n ≤ 700;
- 8.3.4 the rating change is rounded to the nearest whole number, 0.5 away from zero.

A club's ratings treat each event as a rating period (FIDE's own is a month): the change is
shown per event, computed against the opponents' ratings as they stood before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from fairpair.engine.ratings.values import Rating
from fairpair.engine.tiebreaks.fide_tables import pd

#: A club player's first rating when they bring none (their registered rating, when the
#: event has one, is used instead).
START = 1500
#: 8.3.1's 400-point rule.
CAP = 400
#: 8.3.3's limit on K × n.
KN_LIMIT = 700


@dataclass(frozen=True, slots=True)
class EloChange:
    """One player's event under 8.3: the K used, the games, the score, the expected score
    ΣPD, and the rating change (rounded, 8.3.4)."""

    k: int
    games: int
    score: Fraction
    expected: Fraction
    change: int


def expected_score(own: int, opponent: int) -> Fraction:
    """PD of a game (8.3.1–8.3.2): table 8.1.2 for D = own − opponent, cut to ±400."""
    difference = max(-CAP, min(CAP, own - opponent))
    return Fraction(pd(difference), 100)


def k_factor(rating: int, games_before: int, peak: int, *, junior: bool = False) -> int:
    """K (8.3.3) for a player rated ``rating`` with ``games_before`` rated games, whose
    highest rating was ``peak``; ``junior``: the event is in or before the year of their 18th
    birthday."""
    if games_before < 30:
        return 40
    if junior and rating < 2300:
        return 40
    if peak >= 2400:
        return 10
    return 20


def rounded(value: Fraction) -> int:
    """8.3.4: to the nearest whole number, 0.5 away from zero."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def elo_change(
    own: Rating, games: Sequence[tuple[int, float]], *, junior: bool = False
) -> EloChange:
    """The rating change of a player rated ``own`` over an event's ``games``: each the
    opponent's rating before the event and the player's score (1, ½, 0)."""
    rating = round(own.value)
    n = len(games)
    k = k_factor(rating, own.games, round(own.peak or own.value), junior=junior)
    if n and k * n > KN_LIMIT:
        k = KN_LIMIT // n
    score = sum((Fraction(s).limit_denominator(2) for _, s in games), Fraction(0))
    expected = sum((expected_score(rating, opp) for opp, _ in games), Fraction(0))
    return EloChange(k, n, score, expected, rounded((score - expected) * k))


def rate_period(own: Rating, games: Sequence[tuple[int, float]], *, junior: bool = False) -> Rating:
    """``own`` after an event's ``games`` (``elo_change``)."""
    change = elo_change(own, games, junior=junior)
    after = round(own.value) + change.change
    peak = max(own.peak or own.value, float(after))
    return Rating(float(after), None, None, own.games + len(games), peak)
