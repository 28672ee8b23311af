"""A ruleset: scoring plus tiebreak order plus the conventions the tiebreaks follow."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from fairpair.engine.scoring import Scoring


class UnplayedRounds(StrEnum):
    """How strength-of-schedule tiebreaks treat a round without an opponent (bye, forfeit).

    - ``no_opponent`` (default): the round is left out; it adds nothing.
    - ``virtual_opponent``: the round counts as a game against a virtual opponent who
      finishes on the player's own final points (and own percentages). This is the dummy
      opponent of FIDE C.07 as applied from 1 August 2024 (art. 16.4), without its other
      rules (``fide_2024`` has them all).
    - ``fide_2024``: FIDE C.07 article 16 as applied from 1 August 2024 to 28 February
      2026 — an opponent's trailing requested byes and absences (withdrawal included) count
      as draws in the score others use (16.3); each own unplayed round is a dummy opponent
      on the player's own final points, **uncapped** (16.4); Cut modifiers remove the
      voluntarily unplayed rounds first (16.5).
    - ``fide_2026`` (the ``fide`` preset): FIDE C.07 article 16 as amended in force from
      1 March 2026 — an opponent's trailing requested byes and absences count as draws in
      the score others use (16.3.2); each own unplayed round is a dummy opponent on the
      player's own points, capped by the scheduled opponent's adjusted score for a forfeit
      (16.4.1) or by a draw in every round otherwise (16.4.2); Cut modifiers remove the
      voluntarily unplayed rounds first (16.5). ``docs/tiebreaks.md`` has the details.
    """

    NO_OPPONENT = "no_opponent"
    VIRTUAL_OPPONENT = "virtual_opponent"
    FIDE_2024 = "fide_2024"
    FIDE_2026 = "fide_2026"

    @property
    def fide(self) -> bool:
        """Whether this is one of the editions of C.07 article 16 (2024 or 2026)."""
        return self in _FIDE_EDITIONS


_FIDE_EDITIONS = frozenset((UnplayedRounds.FIDE_2024, UnplayedRounds.FIDE_2026))


class WinRateBasis(StrEnum):
    """How a player's match-win rate is measured.

    - ``match_points``: match points ÷ (win points × rounds played) (MTR appendix C).
    - ``results``: (wins + ½ draws) ÷ rounds played (Play! Pokémon).
    """

    MATCH_POINTS = "match_points"
    RESULTS = "results"


class PairingOrder(StrEnum):
    """How a Swiss ranks its players for pairing (the order its score groups are cut from
    and its methods read).

    - ``standings`` (default): round 1 in seed order, unseeded players after the seeded ones
      in an order drawn from the stage seed; later rounds by the standings — points, then the
      stage's tiebreaks.
    - ``rating`` (the ``fide`` presets): pairing numbers, as FIDE's Swiss rules give them.
      The initial order (C.04.2 B, "Initial order") is the seeds when the organizer set any,
      else rating (highest first; unrated last), then FIDE title (GM, IM, WGM, FM, WIM, CM,
      WFM, WCM, none), then name; round 1 is paired in it. Later rounds rank by score, then
      pairing number (C.04.3 A.2) — tiebreaks never order a pairing. The pairing bye
      therefore goes to the lowest score group's lowest-rated player without one.
    """

    STANDINGS = "standings"
    RATING = "rating"


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Everything that decides points and order. Presets live in ``rulesets``.

    ``rank_withdrawn``: withdrawn (dropped) players keep a rank among everyone. FIDE ranks
    every participant by points and then tie-breaks — C.07 has no rule leaving a withdrawn
    player out, and treats their later rounds as unplayed rounds (art. 16) — and the rating
    report gives every player line a final rank (TRF-16 player line, columns 86–89). The
    ``fide`` presets set it; elsewhere a dropped player's row has no rank and the ranks count
    active players only.

    ``base`` names the preset a changed ruleset started from (``None`` for a preset itself or a
    ruleset built from scratch): the tournament document stores it as that preset plus only the
    fields that differ from it.

    ``pairing_order``: how a Swiss ranks its players for pairing (``PairingOrder``): by the
    standings, or — the ``fide`` presets — by score and pairing number (rating order).
    """

    name: str = "custom"
    scoring: Scoring = field(default_factory=Scoring)
    tiebreaks: tuple[str, ...] = ()
    percentage_floor: Fraction = field(default_factory=lambda: Fraction(33, 100))
    unplayed: UnplayedRounds = UnplayedRounds.NO_OPPONENT
    byes_in_own_record: bool = True
    dropped_cap: Fraction | None = None
    win_rate: WinRateBasis = WinRateBasis.MATCH_POINTS
    forfeits_have_opponent: bool = False
    rank_withdrawn: bool = False
    pairing_order: PairingOrder = PairingOrder.STANDINGS
    base: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.percentage_floor, float):
            raise TypeError("Ruleset.percentage_floor must be exact, not float")
        object.__setattr__(self, "percentage_floor", Fraction(self.percentage_floor))
        if not 0 <= self.percentage_floor <= 1:
            raise ValueError("Ruleset.percentage_floor must be between 0 and 1")
        if self.dropped_cap is not None:
            object.__setattr__(self, "dropped_cap", Fraction(self.dropped_cap))
            if not 0 <= self.dropped_cap <= 1:
                raise ValueError("Ruleset.dropped_cap must be between 0 and 1")
