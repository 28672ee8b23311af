"""A stage of a tournament (a Swiss, a Swiss elimination): its settings and its rounds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from fairpair.engine.drops import Drop
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import ByeKind, Round
from fairpair.engine.ruleset import Ruleset


class StageFormat(StrEnum):
    SWISS = "swiss"
    SWISS_ELIMINATION = "swiss_elimination"


class PairingMethod(StrEnum):
    """How players are matched inside a score group (seed 004, "Pairing methods")."""

    ADJACENT = "adjacent"
    SLIDE = "slide"
    FOLD = "fold"
    RANDOM = "random"


class TossPolicy(StrEnum):
    NEUTRAL = "neutral"
    CATCH_UP = "catch-up"


@dataclass(frozen=True, slots=True)
class TossSettings:
    enabled: bool = False
    policy: TossPolicy = TossPolicy.NEUTRAL


@dataclass(frozen=True, slots=True)
class Elimination:
    """Swiss elimination: reach ``wins_to_advance`` wins → Advanced; ``losses_to_eliminate``
    losses → Eliminated. Max rounds is derived: W + L − 1."""

    wins_to_advance: int
    losses_to_eliminate: int

    @property
    def max_rounds(self) -> int:
        return self.wins_to_advance + self.losses_to_eliminate - 1


@dataclass(frozen=True, slots=True)
class Group:
    name: str
    players: tuple[PlayerId, ...]


@dataclass(frozen=True, slots=True)
class AssignedBye:
    """A bye set before pairing: earned (rounds 1..N) or set by the organizer for a round."""

    player: PlayerId
    round: int
    kind: ByeKind = ByeKind.FULL


@dataclass(frozen=True, slots=True)
class Stage:
    id: str = "swiss"
    name: str = "Swiss"
    format: StageFormat = StageFormat.SWISS
    ruleset: Ruleset = field(default_factory=Ruleset)
    pairing_method: PairingMethod = PairingMethod.ADJACENT
    slide_first_round: bool = True
    max_rounds: int | None = None
    seed: str = ""
    seeds: Mapping[PlayerId, int] = field(default_factory=dict)
    participants: tuple[PlayerId, ...] | None = None
    groups: tuple[Group, ...] = ()
    elimination: Elimination | None = None
    assigned_byes: tuple[AssignedBye, ...] = ()
    forbidden_pairs: tuple[tuple[PlayerId, PlayerId], ...] = ()
    toss: TossSettings = field(default_factory=TossSettings)
    rounds: tuple[Round, ...] = ()
    drops: tuple[Drop, ...] = ()

    @property
    def round_cap(self) -> int | None:
        """The most rounds this stage may have (the elimination cap wins over max_rounds)."""
        if self.elimination is not None:
            cap = self.elimination.max_rounds
            return cap if self.max_rounds is None else min(cap, self.max_rounds)
        return self.max_rounds
