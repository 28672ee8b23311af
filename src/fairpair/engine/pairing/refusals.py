"""Why the next round cannot be paired, one kind each (all ``PairingRefused``, exit code 8).

Each kind has a stable ``code`` for interfaces (the CLI's exit codes, later HTTP statuses) and
carries its numbers as attributes; ``reason`` is the sentence for a person (``said``: the same
as an ``engine.errors.Said``, for a reader's language).
"""

from __future__ import annotations

from typing import ClassVar

from fairpair.engine.errors import Location, PairingRefused, Said


class RoundCapReached(PairingRefused):
    """The stage already has as many rounds as its max rounds (or the elimination's W + L − 1)."""

    code: ClassVar[str] = "round_cap_reached"

    def __init__(
        self, where: str | Location, reason: str | Said, *, round_number: int, cap: int
    ) -> None:
        super().__init__(where, reason)
        self.round_number = round_number
        self.cap = cap


class RoundStillOpen(PairingRefused):
    """An earlier round still has ``outstanding`` matches without a result."""

    code: ClassVar[str] = "round_still_open"

    def __init__(
        self, where: str | Location, reason: str | Said, *, open_round: int, outstanding: int
    ) -> None:
        super().__init__(where, reason)
        self.open_round = open_round
        self.outstanding = outstanding


class NobodyToPair(PairingRefused):
    """Fewer than two eligible players (in every group of a grouped stage), and no bye."""

    code: ClassVar[str] = "nobody_to_pair"


class WeightLimitReached(PairingRefused):
    """The round needs more score-group crossings than one exact matching can rank
    (``costs.level_units``): pair it by hand; please report it."""

    code: ClassVar[str] = "weight_limit"


class NoDutchPairingExists(PairingRefused):
    """The Dutch system finds no pairing of the round that keeps its absolute criteria (no
    second game between two players, no second pairing-allocated bye, no two players with the
    same absolute colour preference below the topscorers of the last round): C.04.3 C.1–C.3.
    The arbiter decides (C.04.3, Introductory remarks)."""

    code: ClassVar[str] = "no_dutch_pairing"


class WholeRoundMethod(PairingRefused):
    """The Dutch system was asked of the score-group pairer (a Swiss elimination, or a direct
    call of ``engine.pairing.pair_next_round``): it pairs a whole Swiss round by its own rules
    and only through the Swiss format (``fairpair.pair_next_round``)."""

    code: ClassVar[str] = "whole_round_method"
