"""Per-format configuration of a stage: what the organizer set, apart from the facts.

A stage is its format's configuration (``SwissConfig``, ``SwissEliminationConfig``,
``SingleEliminationConfig``, ``DoubleEliminationConfig``, ``RoundRobinConfig``, ``PodsConfig``)
plus its facts (rounds, drops). The configuration is the one source
of truth for how the stage pairs: a Swiss elimination *is* its thresholds, so there is no way
to write one without them, and a plain Swiss has none to ignore.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from fairpair.engine.errors import InvalidStage, Location, saying
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import ByeKind


class StageFormat(StrEnum):
    """The kind of a stage. Each kind has one configuration class and one set of rules
    (``engine.formats``)."""

    SWISS = "swiss"
    SWISS_ELIMINATION = "swiss_elimination"
    SINGLE_ELIMINATION = "single_elimination"
    DOUBLE_ELIMINATION = "double_elimination"
    ROUND_ROBIN = "round_robin"
    PODS = "pods"


#: A stage's name when none is given: its format's name.
DEFAULT_NAMES = {
    StageFormat.SWISS: "Swiss",
    StageFormat.SWISS_ELIMINATION: "Swiss elimination",
    StageFormat.SINGLE_ELIMINATION: "Single elimination",
    StageFormat.DOUBLE_ELIMINATION: "Double elimination",
    StageFormat.ROUND_ROBIN: "Round robin",
    StageFormat.PODS: "Pods",
}


class RemainderMode(StrEnum):
    """Pods: what to do with the players left over after tables of the preferred size
    (13 players at 4: ``smaller`` 4+3+3+3, ``larger`` 4+4+5, ``byes`` 4+4+4 and a bye)."""

    SMALLER = "smaller"
    LARGER = "larger"
    BYES = "byes"


#: The preferred pod size when the organizer names none.
DEFAULT_POD_SIZE = 4


class PairingMethod(StrEnum):
    """How players are matched inside a score group (seed 004, "Pairing methods")."""

    ADJACENT = "adjacent"
    SLIDE = "slide"
    FOLD = "fold"
    RANDOM = "random"
    DUTCH = "dutch"
    """The FIDE Dutch system (C.04.3): the whole round by its rules, colours included — not a
    method inside score groups (``engine.pairing.dutch``)."""


class PieceColour(StrEnum):
    """A chess colour, for a setting (the Dutch system's initial colour)."""

    WHITE = "white"
    BLACK = "black"


class DutchText(StrEnum):
    """Which text of the FIDE Dutch system (Handbook C.04.3) a Dutch stage follows where the
    texts pair differently (docs/pairing.md, "The two texts")."""

    FEB_2026 = "2026"
    """In force from 1 February 2026 (C0403202602): a pairing-allocated bye is a downfloat
    whatever it scores (art. 1.4.3)."""
    JUL_2025 = "2025"
    """In force from 1 July 2025 to 31 January 2026 (C0403202507): a round scored without
    playing is a downfloat only when it scores more than a loss (art. 1.4.3), a
    pairing-allocated bye included — a zero-point one is no float."""


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
    """A bye set before pairing: earned (rounds 1..N), set by the organizer for a round, or
    ``requested`` by the player (or by staff for them): a half-point or zero-point bye for a
    coming round (docs/unplayed-rounds.md "Requested byes")."""

    player: PlayerId
    round: int
    kind: ByeKind = ByeKind.FULL
    requested: bool = False


#: Half-point byes a player may request in a chess-scored Swiss when the stage does not say:
#: FIDE opens commonly allow one or two (the organizer's rule, announced in advance; FIDE
#: Handbook C.04.1 leaves the number to the regulations of the event).
DEFAULT_HALF_POINT_BYES = 2


@dataclass(frozen=True, slots=True, kw_only=True)
class SwissConfig:
    """A Swiss stage (seed 004 "Setting up the stage"): the method inside score groups, an
    optional round cap, groups (each an independent Swiss), byes set in advance, pairs that
    must not meet, and the deterministic toss."""

    kind: ClassVar[StageFormat] = StageFormat.SWISS
    uses_toss: ClassVar[bool] = True

    pairing_method: PairingMethod = PairingMethod.ADJACENT
    max_rounds: int | None = None
    groups: tuple[Group, ...] = ()
    assigned_byes: tuple[AssignedBye, ...] = ()
    forbidden_pairs: tuple[tuple[PlayerId, PlayerId], ...] = ()
    toss: TossSettings = TossSettings()
    prefer_repeat_bye: bool = False
    """Off by default (seed 004): never a second bye while anyone eligible has none. On: a
    second bye is preferred over a forced rematch."""
    half_point_byes: int | None = None
    """How many half-point byes a player may request in this stage (``None``: the ruleset's
    default, ``DEFAULT_HALF_POINT_BYES`` under chess scoring, none otherwise;
    ``Stage.half_point_bye_limit``)."""
    initial_colour: PieceColour | None = None
    """The Dutch system's initial colour (C.04.2): the colour of round 1's top player.
    ``None``: drawn by lot from the stage seed."""
    baku: bool = False
    """Baku acceleration (C.04.5.1) for a Dutch stage: virtual points for group A in the first
    half of the rounds, for the pairing only."""
    dutch_text: DutchText = DutchText.FEB_2026
    """The text of the Dutch system the stage follows where the texts differ (``DutchText``):
    the one in force from 1 February 2026 unless the event was announced under the 2025 one."""

    def __post_init__(self) -> None:
        if self.baku and self.pairing_method is not PairingMethod.DUTCH:
            raise InvalidStage(
                Location(("baku",)),
                saying(
                    '"baku" (Baku acceleration, C.04.5.1) is a rule of the Dutch system: set '
                    '"pairing_method": "dutch" or turn Baku acceleration off'
                ),
            )
        if self.dutch_text is not DutchText.FEB_2026 and self.pairing_method is not (
            PairingMethod.DUTCH
        ):
            raise InvalidStage(
                Location(("dutch_text",)),
                saying(
                    '"dutch_text" chooses a text of the Dutch system (C.04.3): set '
                    '"pairing_method": "dutch" or leave it out'
                ),
            )

    @property
    def round_cap(self) -> int | None:
        return self.max_rounds


@dataclass(frozen=True, slots=True, kw_only=True)
class SwissEliminationConfig(SwissConfig):
    """A Swiss elimination ("X-N and you're out", seed 004): Swiss pairing inside win–loss
    pools, with thresholds; round 1 uses Slide when the method is Adjacent (switch on by
    default). Max rounds is derived, W + L − 1 (an explicit lower cap wins)."""

    kind: ClassVar[StageFormat] = StageFormat.SWISS_ELIMINATION

    thresholds: Elimination
    slide_first_round: bool = True

    @property
    def round_cap(self) -> int | None:
        cap = self.thresholds.max_rounds
        return cap if self.max_rounds is None else min(cap, self.max_rounds)


@dataclass(frozen=True, slots=True, kw_only=True)
class SingleEliminationConfig:
    """A single-elimination playoff (MTR 10.4 seeding from the stage's participants in seed
    order; byes to the top seeds when the field is not a power of two); ``third_place`` adds a
    match between the semifinal losers. No toss: the higher seed chooses who plays first."""

    kind: ClassVar[StageFormat] = StageFormat.SINGLE_ELIMINATION
    uses_toss: ClassVar[bool] = False

    third_place: bool = False

    @property
    def round_cap(self) -> int | None:
        return None  # the bracket ends the stage


@dataclass(frozen=True, slots=True, kw_only=True)
class DoubleEliminationConfig:
    """A double-elimination playoff: winners and losers brackets, the grand final, and a
    bracket reset only when the losers-bracket champion wins the final (docs/brackets.md)."""

    kind: ClassVar[StageFormat] = StageFormat.DOUBLE_ELIMINATION
    uses_toss: ClassVar[bool] = False

    @property
    def round_cap(self) -> int | None:
        return None


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundRobinConfig:
    """A round robin on FIDE Berger tables (C.05 Annex 1): everyone meets everyone once
    (``cycles`` 1) or twice with colours swapped (``cycles`` 2)."""

    kind: ClassVar[StageFormat] = StageFormat.ROUND_ROBIN
    uses_toss: ClassVar[bool] = False

    cycles: int = 1

    def __post_init__(self) -> None:
        if self.cycles not in (1, 2):
            raise InvalidStage(
                Location(("cycles",)),
                saying("a round robin has 1 or 2 cycles, not %(cycles)s", cycles=self.cycles),
            )

    @property
    def round_cap(self) -> int | None:
        return None  # the schedule ends the stage


@dataclass(frozen=True, slots=True, kw_only=True)
class PodsConfig:
    """Pods for free-for-all games: tables of ``pod_size`` (3–10, default 4) by score, the
    players left over as the organizer chooses (``remainder``), scored by finishing place
    (``Scoring.place_points``). No toss: the seat order rotates who sits first."""

    kind: ClassVar[StageFormat] = StageFormat.PODS
    uses_toss: ClassVar[bool] = False

    pod_size: int = DEFAULT_POD_SIZE
    remainder: RemainderMode = RemainderMode.SMALLER
    max_rounds: int | None = None

    def __post_init__(self) -> None:
        if not 3 <= self.pod_size <= 10:
            raise InvalidStage(
                Location(("pod_size",)),
                saying("a pod seats 3 to 10 players, not %(size)s", size=self.pod_size),
            )

    @property
    def round_cap(self) -> int | None:
        return self.max_rounds


FormatConfig = (
    SwissConfig
    | SwissEliminationConfig
    | SingleEliminationConfig
    | DoubleEliminationConfig
    | RoundRobinConfig
    | PodsConfig
)
"""Every stage format's configuration (one class per ``StageFormat``)."""

CONFIG_CLASSES: dict[StageFormat, type[FormatConfig]] = {
    StageFormat.SWISS: SwissConfig,
    StageFormat.SWISS_ELIMINATION: SwissEliminationConfig,
    StageFormat.SINGLE_ELIMINATION: SingleEliminationConfig,
    StageFormat.DOUBLE_ELIMINATION: DoubleEliminationConfig,
    StageFormat.ROUND_ROBIN: RoundRobinConfig,
    StageFormat.PODS: PodsConfig,
}
