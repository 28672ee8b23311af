"""A stage of a tournament: its format's configuration, its scoring, and its facts.

``config`` says how the stage pairs (``engine.stage_config``); ``rounds`` and ``drops`` are
what happened. The read-only properties (``toss``, ``elimination``, ``groups``, ...) are views
of the configuration, so there is one source of truth. ``stage_from_settings`` builds a stage
from flat settings (as a document or a form gives them) and refuses a contradiction.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from fairpair.engine.drops import Drop
from fairpair.engine.errors import InvalidStage, Location
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Round
from fairpair.engine.ruleset import Ruleset
from fairpair.engine.stage_config import (
    AssignedBye,
    Elimination,
    FormatConfig,
    Group,
    PairingMethod,
    StageFormat,
    SwissConfig,
    SwissEliminationConfig,
    TossPolicy,
    TossSettings,
)

__all__ = [
    "AssignedBye",
    "Elimination",
    "Group",
    "PairingMethod",
    "Stage",
    "StageFormat",
    "TossPolicy",
    "TossSettings",
    "stage_from_settings",
]


@dataclass(frozen=True, slots=True)
class Stage:
    id: str = "swiss"
    name: str = "Swiss"
    config: FormatConfig = field(default_factory=SwissConfig)
    ruleset: Ruleset = field(default_factory=Ruleset)
    seed: str = ""
    """The stage seed: every random choice (Random method, Neutral toss, unseeded order)."""
    seeds: Mapping[PlayerId, int] = field(default_factory=dict)
    participants: tuple[PlayerId, ...] | None = None
    rounds: tuple[Round, ...] = ()
    drops: tuple[Drop, ...] = ()

    # Views of the configuration ---------------------------------------------------------
    @property
    def format(self) -> StageFormat:
        return self.config.kind

    @property
    def pairing_method(self) -> PairingMethod:
        return self.config.pairing_method

    @property
    def max_rounds(self) -> int | None:
        return self.config.max_rounds

    @property
    def round_cap(self) -> int | None:
        """The most rounds this stage may have (the elimination cap wins over max_rounds)."""
        return self.config.round_cap

    @property
    def elimination(self) -> Elimination | None:
        """The thresholds of a Swiss elimination, ``None`` for any other format."""
        config = self.config
        return config.thresholds if isinstance(config, SwissEliminationConfig) else None

    @property
    def slide_first_round(self) -> bool:
        config = self.config
        return isinstance(config, SwissEliminationConfig) and config.slide_first_round

    @property
    def groups(self) -> tuple[Group, ...]:
        return self.config.groups

    @property
    def assigned_byes(self) -> tuple[AssignedBye, ...]:
        return self.config.assigned_byes

    @property
    def forbidden_pairs(self) -> tuple[tuple[PlayerId, PlayerId], ...]:
        return self.config.forbidden_pairs

    @property
    def toss(self) -> TossSettings:
        return self.config.toss

    def round(self, number: int) -> Round | None:
        """Round ``number`` of this stage, or ``None``."""
        for rnd in self.rounds:
            if rnd.number == number:
                return rnd
        return None

    @property
    def last_round(self) -> int:
        """The highest round number so far (0 before round 1)."""
        return max((r.number for r in self.rounds), default=0)


def stage_from_settings(
    *,
    id: str = "swiss",
    name: str = "Swiss",
    format: StageFormat = StageFormat.SWISS,
    ruleset: Ruleset | None = None,
    pairing_method: PairingMethod = PairingMethod.ADJACENT,
    slide_first_round: bool | None = None,
    max_rounds: int | None = None,
    seed: str = "",
    seeds: Mapping[PlayerId, int] | None = None,
    participants: tuple[PlayerId, ...] | None = None,
    groups: tuple[Group, ...] = (),
    elimination: Elimination | None = None,
    assigned_byes: tuple[AssignedBye, ...] = (),
    forbidden_pairs: tuple[tuple[PlayerId, PlayerId], ...] = (),
    toss: TossSettings | None = None,
    prefer_repeat_bye: bool = False,
    rounds: tuple[Round, ...] = (),
    drops: tuple[Drop, ...] = (),
    where: Location | None = None,
) -> Stage:
    """A stage from flat settings (the document's stage keys). Refuses, naming the setting,
    a Swiss elimination without thresholds and thresholds on a stage of another format."""
    at = where or Location(stage=id)
    common = {
        "pairing_method": pairing_method,
        "max_rounds": max_rounds,
        "groups": groups,
        "assigned_byes": assigned_byes,
        "forbidden_pairs": forbidden_pairs,
        "toss": toss if toss is not None else TossSettings(),
        "prefer_repeat_bye": prefer_repeat_bye,
    }
    config: FormatConfig
    if format is StageFormat.SWISS_ELIMINATION:
        if elimination is None:
            raise InvalidStage(
                Location((*at.path, "elimination"), stage=id),
                "a swiss_elimination stage needs its thresholds: "
                '"elimination": {"wins_to_advance": W, "losses_to_eliminate": L}',
            )
        config = SwissEliminationConfig(
            thresholds=elimination,
            slide_first_round=True if slide_first_round is None else slide_first_round,
            **common,  # type: ignore[arg-type]
        )
    else:
        if elimination is not None:
            raise InvalidStage(
                Location((*at.path, "elimination"), stage=id),
                f"elimination thresholds belong to a swiss_elimination stage; this stage is "
                f'"{format.value}" (set "format": "swiss_elimination" or remove the thresholds)',
            )
        if slide_first_round is not None:
            raise InvalidStage(
                Location((*at.path, "slide_first_round"), stage=id),
                f"the round-1 Slide switch belongs to a swiss_elimination stage; this stage is "
                f'"{format.value}"',
            )
        config = SwissConfig(**common)  # type: ignore[arg-type]
    return Stage(
        id=id,
        name=name,
        config=config,
        ruleset=ruleset if ruleset is not None else Ruleset(),
        seed=seed,
        seeds=dict(seeds or {}),
        participants=participants,
        rounds=rounds,
        drops=drops,
    )
