"""FIDE's rating conversion tables, as data: FIDE Handbook B.02, FIDE Rating Regulations
(effective from 1 March 2024), article 8.1.1 (fractional score p → rating difference dp) and
article 8.1.2 (rating difference D → scoring probability PD). The tie-breaks based on
performance (C.07 art. 10.2–10.5) read them.
"""

from __future__ import annotations

from bisect import bisect_left

#: B.02 table 8.1.1, dp for p = 0.50, 0.51, …, 1.00 (p below 0.50: dp(p) = −dp(1 − p)).
DP_FROM_HALF: tuple[int, ...] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)  # fmt: skip

#: B.02 table 8.1.2: the highest rating difference D (of the higher-rated player) with the
#: scoring probability PD = 0.50, 0.51, …, 0.99; above 735, PD = 1.00.
PD_UPPER_BOUNDS: tuple[int, ...] = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68,
    76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235,
    245, 256, 267, 278, 290, 302, 315, 328, 344, 357,
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip


def dp(percent: int) -> int:
    """B.02 8.1.1: the rating difference for a fractional score of ``percent`` / 100."""
    if not 0 <= percent <= 100:
        raise ValueError(f"a score percentage is between 0 and 100, not {percent}")
    return DP_FROM_HALF[percent - 50] if percent >= 50 else -DP_FROM_HALF[50 - percent]


def pd(difference: int) -> int:
    """B.02 8.1.2: the scoring probability, in hundredths, of a player rated ``difference``
    points above their opponent (negative: below). No 400-point cut (C.07 art. 10.3)."""
    higher = bisect_left(PD_UPPER_BOUNDS, abs(difference))
    probability = 50 + higher  # 100 past the last bound
    return probability if difference >= 0 else 100 - probability
