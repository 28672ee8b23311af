"""OpenSkill: Weng and Lin's Bayesian ratings ("A Bayesian Approximation Method for Online
Ranking", JMLR 12, 2011) through the ``openskill`` package, with its Plackett-Luce model —
the one its manual recommends: "a good balance between efficiency and accuracy and is the
recommended model for most use cases" (https://openskill.me, "Picking Models").

A pod table is one match of as many one-player teams as it has seats, ranked by finishing
place (a shared place is a tie); a one-on-one game, when a community rates matches with
OpenSkill too, is a table of two. OpenSkill is an online system: an event's tables are rated
one after another in round order, each from the ratings the round before left. The package's
defaults: μ = 25, σ = 25/3 for a new player; τ = 25/300 added to σ before each match, so a
rating keeps moving.
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce, PlackettLuceRating

from fairpair.engine.ratings.values import Rating

#: The model with the package's defaults (its manual: "we recommend you stick to the default
#: values").
MODEL = PlackettLuce()
UNRATED = Rating(MODEL.mu, MODEL.sigma)


def _own(rating: Rating) -> PlackettLuceRating:
    sigma = rating.deviation if rating.deviation is not None else MODEL.sigma
    return MODEL.create_rating([rating.value, sigma])


def rate_table(ratings: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """The ratings of a table's seats after it finished in ``places`` (1 = first; equal
    places tie), in seat order."""
    if len(ratings) != len(places) or len(ratings) < 2:
        raise ValueError("a rated table has two seats or more, each with a place")
    teams = MODEL.rate([[_own(r)] for r in ratings], ranks=[float(p) for p in places])
    return [
        Rating(team[0].mu, team[0].sigma, None, r.games + 1, max(r.peak or r.value, team[0].mu))
        for team, r in zip(teams, ratings, strict=True)
    ]


def ordinal(rating: Rating) -> float:
    """The package's ``ordinal()``: μ − 3σ."""
    return float(_own(rating).ordinal())
