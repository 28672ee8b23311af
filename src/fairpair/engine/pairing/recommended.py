"""How many rounds to play: guidance, never enforced (docs/architecture.md "Recommended rounds").

- ``log2_rounds``: enough rounds for exactly one undefeated player, ⌈log₂ N⌉ (seed 001,
  "How many rounds?").
- ``magic_rounds``: Magic Tournament Rules, Appendix E, for fields where draws are common
  (https://blogs.magicjudges.org/rules/mtr-appendix-e/): 9 rounds from 227 players, 10 from 410.
- ``expected_records``: players expected on each number of losses when every round halves each
  group cleanly: N × C(rounds, losses) ÷ 2^rounds (seed 001's table).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

#: MTR Appendix E: (fewest players, Swiss rounds, playoff). Up to 8 players the MTR runs single
#: elimination instead (2 rounds for 4 teams, 3 for 5–8); 9–16 is 5 rounds (4 with a booster
#: draft top 8).
MTR_APPENDIX_E: tuple[tuple[int, int, str], ...] = (
    (2, 1, "none"),
    (3, 2, "none (MTR: single elimination, no Swiss)"),
    (5, 3, "none (MTR: single elimination, no Swiss)"),
    (9, 5, "top 4 (4 rounds and top 8 with a booster draft playoff)"),
    (17, 5, "top 8"),
    (33, 6, "top 8"),
    (65, 7, "top 8"),
    (129, 8, "top 8"),
    (227, 9, "top 8"),
    (410, 10, "top 8"),
)


def log2_rounds(players: int) -> int:
    """⌈log₂ N⌉: each round halves the undefeated group until one is left."""
    if players < 2:
        return 0
    return (players - 1).bit_length()


def magic_rounds(players: int) -> tuple[int, str]:
    """Swiss rounds and playoff from MTR Appendix E."""
    rounds, playoff = 0, "none"
    for fewest, r, p in MTR_APPENDIX_E:
        if players >= fewest:
            rounds, playoff = r, p
    return rounds, playoff


@dataclass(frozen=True, slots=True)
class ExpectedRecord:
    losses: int
    players: Fraction


def expected_records(players: int, rounds: int, up_to: int = 2) -> list[ExpectedRecord]:
    """Players expected to finish with 0..``up_to`` losses: N × C(rounds, losses) ÷ 2^rounds."""
    return [
        ExpectedRecord(k, Fraction(players * comb(rounds, k), 2**rounds))
        for k in range(min(up_to, rounds) + 1)
    ]
