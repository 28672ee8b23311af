"""Tie-breaks based on ratings: ARO, ARO Cut-1, TPR, PTP, APRO, APPO. Source: FIDE Handbook
C.07 (edition applied from 1 August 2024; unchanged in substance by the 2026 amendment),
article 10 (10.1 ARO, 10.2 TPR, 10.3 PTP, 10.4 APRO, 10.5 APPO) with the Cut-1 modifier of
art. 14.1; the conversion tables of the FIDE Rating Regulations B.02 art. 8.1.1 and 8.1.2
(``fide_tables``), as FIDE's TieBreakServer applies them.

Only games played against an opponent count (a rating-based tie-break leaves forfeits and
byes out, C.07 art. 10 and 16). Ratings are ``Player.rating``. C.07 drops the rating-based
tie-breaks when some players are unrated, unless the tournament's regulations give unrated
players a rating; fairpair instead leaves unrated opponents (and the games against them) out,
as ``aro`` always has — docs/tiebreaks.md says so. C.07's ``/U`` modifier gives unrated players
a rating instead: ``with_unrated`` (the catalogue's ``aro_unrated_1000``, …).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Protocol

from fairpair.engine.errors import N_
from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Compute, Tiebreak, ValueKind, defined
from fairpair.engine.tiebreaks.context import TiebreakContext, Value
from fairpair.engine.tiebreaks.fide_tables import dp, pd


class RatingCompute(Protocol):
    """A rating tie-break, given the rating of unrated players (``None``: left out)."""

    def __call__(
        self, ctx: TiebreakContext, unrated: int | None = None
    ) -> Mapping[PlayerId, Value]: ...


def _ratings(ctx: TiebreakContext, unrated: int | None) -> dict[PlayerId, int | None]:
    """Every player's rating; an unrated player's is ``unrated`` (``None``: none)."""
    return {
        pid: unrated if rec.player.rating is None else rec.player.rating
        for pid, rec in ctx.records.items()
    }


def _rated_games(
    ctx: TiebreakContext, unrated: int | None = None
) -> dict[PlayerId, tuple[list[int], int]]:
    """Per player: the ratings of the rated opponents played (unrated ones at ``unrated``
    when it is given), and the player's score in those games as game score ×2 (a win 2, a
    draw 1)."""
    ratings = _ratings(ctx, unrated)
    out: dict[PlayerId, tuple[list[int], int]] = {}
    for pid, rec in ctx.records.items():
        rated: list[int] = []
        score = 0
        for opponent, outcome in zip(rec.opponents, rec.outcomes, strict=True):
            rating = ratings.get(opponent)
            if rating is not None:
                rated.append(rating)
                score += int(outcome)
        out[pid] = (rated, score)
    return out


def _mean_half_up(values: list[int]) -> int | None:
    """The mean of whole numbers rounded to the nearest whole number, half up:
    floor(mean + ½) = (2 × sum + n) // 2n."""
    return (2 * sum(values) + len(values)) // (2 * len(values)) if values else None


#: The definition of ``aro``, one message a paragraph (/help/tiebreaks).
ARO_TEXT = defined(
    N_(
        "Average rating of opponents: the mean rating of the rated opponents the player faced "
        "(unrated opponents and unplayed rounds left out), rounded to the nearest whole "
        "number, half up (FIDE C.07 ARO: 1500 and 1601 → 1551). No rated opponent: no value. "
        "Where the regulations give unrated players a rating (C.07's ``/U``), "
        "``aro_unrated_1000`` counts an unrated opponent at 1000 — as do ``rating``, ``tpr``, "
        "``ptp``, ``apro``, ``appo`` and the ARO cuts with ``_unrated_<rating>``."
    ),
    N_("*Source:* C.07 art. 10.1."),
)


def average_rating_of_opponents(
    ctx: TiebreakContext, unrated: int | None = None
) -> Mapping[PlayerId, Value]:
    """Average rating of opponents (its definition: ``ARO_TEXT``)."""
    return {pid: _mean_half_up(rated) for pid, (rated, _) in _rated_games(ctx, unrated).items()}


#: The definition of ``aro_cut1``, one message a paragraph (/help/tiebreaks).
ARO_CUT1_TEXT = defined(
    N_(
        "ARO Cut-1: the average rating of opponents without the lowest-rated opponent (one "
        "game against them, if met twice), rounded half up. Fewer than two rated opponents: no "
        "value."
    ),
    N_("*Source:* C.07 art. 10.1 with the Cut-1 modifier of art. 14.1."),
)


def aro_cut1(ctx: TiebreakContext, unrated: int | None = None) -> Mapping[PlayerId, Value]:
    """ARO Cut-1 (its definition: ``ARO_CUT1_TEXT``)."""
    games = _rated_games(ctx, unrated)
    return {pid: _mean_half_up(sorted(rated)[1:]) for pid, (rated, _) in games.items()}


def _aro_cut(
    ctx: TiebreakContext, low: int, high: int, unrated: int | None
) -> Mapping[PlayerId, Value]:
    """ARO without the ``low`` lowest and the ``high`` highest ratings (one game each)."""
    out: dict[PlayerId, Value] = {}
    for pid, (rated, _) in _rated_games(ctx, unrated).items():
        kept = sorted(rated)[low:]
        out[pid] = _mean_half_up(kept[: len(kept) - high])
    return out


#: The definition of ``aro_cut2``, one message a paragraph (/help/tiebreaks).
ARO_CUT2_TEXT = defined(
    N_(
        "ARO Cut-2: the average rating of opponents without the two lowest-rated ones, rounded "
        "half up. Fewer than three rated opponents: no value."
    ),
    N_("*Example:* 1500, 1600, 1700, 1800 → 1750."),
    N_("*Source:* C.07 art. 10.1 with the Cut-2 modifier of art. 14.1."),
)


def aro_cut2(ctx: TiebreakContext, unrated: int | None = None) -> Mapping[PlayerId, Value]:
    """ARO Cut-2 (its definition: ``ARO_CUT2_TEXT``)."""
    return _aro_cut(ctx, 2, 0, unrated)


#: The definition of ``aro_median1``, one message a paragraph (/help/tiebreaks).
ARO_MEDIAN1_TEXT = defined(
    N_(
        "ARO Median-1: the average rating of opponents without the lowest- and the "
        "highest-rated one, rounded half up. Fewer than three rated opponents: no value."
    ),
    N_("*Example:* 1500, 1600, 1700, 1800 → 1650."),
    N_("*Source:* C.07 art. 10.1, 14.1."),
)


def aro_median1(ctx: TiebreakContext, unrated: int | None = None) -> Mapping[PlayerId, Value]:
    """ARO Median-1 (its definition: ``ARO_MEDIAN1_TEXT``)."""
    return _aro_cut(ctx, 1, 1, unrated)


#: The definition of ``aro_median2``, one message a paragraph (/help/tiebreaks).
ARO_MEDIAN2_TEXT = defined(
    N_(
        "ARO Median-2: the average rating of opponents without the two lowest- and the two "
        "highest-rated ones, rounded half up. Fewer than five rated opponents: no value."
    ),
    N_("*Source:* C.07 art. 10.1, 14.1."),
)


def aro_median2(ctx: TiebreakContext, unrated: int | None = None) -> Mapping[PlayerId, Value]:
    """ARO Median-2 (its definition: ``ARO_MEDIAN2_TEXT``)."""
    return _aro_cut(ctx, 2, 2, unrated)


#: The definition of ``rating``, one message a paragraph (/help/tiebreaks).
RATING_TEXT = defined(
    N_(
        "Rating (RTNG): the player's own rating; the higher ranks first. An unrated player has "
        "no value (ranks after the rated ones; TieBreakServer instead drops RTNG for everyone "
        "when anyone is unrated, unless the regulations give unrated players a rating)."
    ),
    N_("*Source:* C.07 as amended in force from 1 March 2026 (TieBreakServer's ``RTNG``)."),
)


def own_rating(ctx: TiebreakContext, unrated: int | None = None) -> Mapping[PlayerId, Value]:
    """Rating (its definition: ``RATING_TEXT``)."""
    return dict(_ratings(ctx, unrated))


def _tpr(rated: list[int], score: int) -> int | None:
    """ARO + dp(p), p the fractional score in whole per cent, rounded half up."""
    aro = _mean_half_up(rated)
    if aro is None:
        return None
    games = len(rated)
    # p = score / games in points (score is ×2): 100 × score / 2n, half up.
    percent = (100 * score + games) // (2 * games)
    return aro + dp(percent)


def _ptp(rated: list[int], score: int) -> int | None:
    """The lowest whole rating R whose expected score against ``rated`` (B.02 table 8.1.2,
    no 400-point cut) is at least the score; a zero score: the lowest rating − 800."""
    if not rated:
        return None
    if score == 0:
        return min(rated) - 800
    target = 50 * score  # the score in hundredths of a point (score is ×2)

    def expected(r: int) -> int:
        return sum(pd(r - opponent) for opponent in rated)

    low, high = min(rated) - 800, max(rated) + 800  # expected(high) = 100 per game ≥ target
    while low < high:
        mid = (low + high) // 2
        if expected(mid) >= target:
            high = mid
        else:
            low = mid + 1
    return low


#: The definition of ``tpr``, one message a paragraph (/help/tiebreaks).
TPR_TEXT = defined(
    N_(
        "Tournament performance rating (TPR): the average rating of the rated opponents played "
        "(ARO, rounded half up) plus the rating difference dp of FIDE's conversion table for "
        "the fractional score p made in those games — p = points ÷ games, in whole per cent "
        "rounded half up (FIDE Rating Regulations B.02, table 8.1.1). Forfeits, byes and "
        "unrated opponents are left out. No rated opponent: no value."
    ),
    N_("*Example:* 1½ from 2 games against 1600 and 1800: ARO 1700, p = 75%, dp 193 → 1893."),
    N_("*Source:* C.07 art. 10.2; B.02 art. 8.1.1."),
)


def tournament_performance_rating(
    ctx: TiebreakContext, unrated: int | None = None
) -> Mapping[PlayerId, Value]:
    """Tournament performance rating (its definition: ``TPR_TEXT``)."""
    games = _rated_games(ctx, unrated)
    return {pid: _tpr(rated, score) for pid, (rated, score) in games.items()}


#: The definition of ``ptp``, one message a paragraph (/help/tiebreaks).
PTP_TEXT = defined(
    N_(
        "Perfect tournament performance (PTP): the lowest whole rating R whose expected score "
        "against the rated opponents played — the sum over them of the scoring probability of "
        "FIDE's table for R minus their rating, with no 400-point cut — is at least the points "
        "the player made against them. A zero score: the lowest opponent rating − 800; a full "
        "score: the highest + 736 (the table's 100%). Forfeits, byes and unrated opponents are "
        "left out. No rated opponent: no value."
    ),
    N_(
        "*Example:* a draw against one opponent rated 1700: 1697 (the table gives 0.50 up to a "
        "difference of 3 points); 1 from 2 games against 1600 and 1800: 1699 (0.64 + 0.36)."
    ),
    N_("*Source:* C.07 art. 10.3; B.02 art. 8.1.2."),
)


def perfect_tournament_performance(
    ctx: TiebreakContext, unrated: int | None = None
) -> Mapping[PlayerId, Value]:
    """Perfect tournament performance (its definition: ``PTP_TEXT``)."""
    games = _rated_games(ctx, unrated)
    return {pid: _ptp(rated, score) for pid, (rated, score) in games.items()}


def _average_over_opponents(
    ctx: TiebreakContext, values: Mapping[PlayerId, Value]
) -> dict[PlayerId, Value]:
    out: dict[PlayerId, Value] = {}
    for pid, rec in ctx.records.items():
        found = [v for v in map(values.get, rec.opponents) if isinstance(v, int)]
        out[pid] = _mean_half_up(found)
    return out


#: The definition of ``apro``, one message a paragraph (/help/tiebreaks).
APRO_TEXT = defined(
    N_(
        "Average performance rating of opponents (APRO): the mean of the TPRs of the opponents "
        "the player played (one per game; forfeits and byes left out; opponents without a TPR "
        "skipped), rounded half up."
    ),
    N_("*Source:* C.07 art. 10.4."),
)


def apro(ctx: TiebreakContext, unrated: int | None = None) -> Mapping[PlayerId, Value]:
    """Average performance rating of opponents (its definition: ``APRO_TEXT``)."""
    return _average_over_opponents(ctx, tournament_performance_rating(ctx, unrated))


#: The definition of ``appo``, one message a paragraph (/help/tiebreaks).
APPO_TEXT = defined(
    N_(
        "Average perfect performance of opponents (APPO): the mean of the PTPs of the "
        "opponents the player played (one per game; forfeits and byes left out; opponents "
        "without a PTP skipped), rounded half up."
    ),
    N_("*Source:* C.07 art. 10.5."),
)


def appo(ctx: TiebreakContext, unrated: int | None = None) -> Mapping[PlayerId, Value]:
    """Average perfect performance of opponents (its definition: ``APPO_TEXT``)."""
    return _average_over_opponents(ctx, perfect_tournament_performance(ctx, unrated))


#: The rating tie-breaks that take C.07's ``/U`` (as TieBreakServer: RTNG, ARO and its cuts,
#: TPR, PTP, APRO, APPO), by catalogue name.
TAKES_UNRATED: dict[str, RatingCompute] = {
    "aro": average_rating_of_opponents,
    "aro_cut1": aro_cut1,
    "aro_cut2": aro_cut2,
    "aro_median1": aro_median1,
    "aro_median2": aro_median2,
    "rating": own_rating,
    "tpr": tournament_performance_rating,
    "ptp": perfect_tournament_performance,
    "apro": apro,
    "appo": appo,
}


def with_unrated(name: str, rating: int) -> Compute:
    """The rating tie-break ``name`` (one of ``TAKES_UNRATED``) with every unrated player
    rated ``rating`` (C.07 art. 10 with the ``/U`` modifier: the tournament's regulations
    give unrated players a rating): an unrated opponent counts at that rating, and RTNG
    gives an unrated player that rating."""
    return partial(TAKES_UNRATED[name], unrated=rating)


TIEBREAKS = (
    Tiebreak(
        "aro",
        "Average rating of opponents",
        "ARO",
        ValueKind.RATING,
        True,
        ARO_TEXT,
        average_rating_of_opponents,
    ),
    Tiebreak(
        "aro_cut1",
        "ARO Cut-1",
        "ARO-C1",
        ValueKind.RATING,
        True,
        ARO_CUT1_TEXT,
        aro_cut1,
    ),
    Tiebreak("aro_cut2", "ARO Cut-2", "ARO-C2", ValueKind.RATING, True, ARO_CUT2_TEXT, aro_cut2),
    Tiebreak(
        "aro_median1",
        "ARO Median-1",
        "ARO-M1",
        ValueKind.RATING,
        True,
        ARO_MEDIAN1_TEXT,
        aro_median1,
    ),
    Tiebreak(
        "aro_median2",
        "ARO Median-2",
        "ARO-M2",
        ValueKind.RATING,
        True,
        ARO_MEDIAN2_TEXT,
        aro_median2,
    ),
    Tiebreak("rating", "Rating", "RTNG", ValueKind.RATING, True, RATING_TEXT, own_rating),
    Tiebreak(
        "tpr",
        "Tournament performance rating",
        "TPR",
        ValueKind.RATING,
        True,
        TPR_TEXT,
        tournament_performance_rating,
    ),
    Tiebreak(
        "ptp",
        "Perfect tournament performance",
        "PTP",
        ValueKind.RATING,
        True,
        PTP_TEXT,
        perfect_tournament_performance,
    ),
    Tiebreak(
        "apro",
        "Average performance rating of opponents",
        "APRO",
        ValueKind.RATING,
        True,
        APRO_TEXT,
        apro,
    ),
    Tiebreak(
        "appo",
        "Average perfect performance of opponents",
        "APPO",
        ValueKind.RATING,
        True,
        APPO_TEXT,
        appo,
    ),
)
