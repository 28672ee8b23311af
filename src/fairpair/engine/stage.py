"""A stage of a tournament: its format's configuration, its scoring, and its facts.

``config`` says how the stage pairs (``engine.stage_config``); ``rounds`` and ``drops`` are
what happened. The read-only properties (``toss``, ``elimination``, ``groups``, ...) are views
of the configuration, so there is one source of truth. ``stage_from_settings`` builds a stage
from flat settings (as a document or a form gives them) and refuses a contradiction.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fairpair.engine.drops import Drop
from fairpair.engine.errors import N_, InvalidStage, Location, saying
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Round
from fairpair.engine.ruleset import Ruleset
from fairpair.engine.stage_config import (
    CONFIG_CLASSES,
    DEFAULT_HALF_POINT_BYES,
    DEFAULT_NAMES,
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
from fairpair.engine.stage_cut import StageCut

__all__ = [
    "AssignedBye",
    "Elimination",
    "Group",
    "PairingMethod",
    "Stage",
    "StageCut",
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
    """Who plays in this stage (``None``: every player of the event); a cut stage's field in
    seed order once the cut is drawn."""
    cut: StageCut | None = None
    """Where the field comes from when it is the top cut of an earlier stage."""
    rounds: tuple[Round, ...] = ()
    drops: tuple[Drop, ...] = ()
    autopilot: bool = False
    """Rounds run themselves (seed 001, "How Team Up runs Swiss"): when a round's last result
    is recorded the round is completed and the next one paired, released and opened. Off by
    default; the engine never reads it — the service does (docs/autopilot.md)."""

    # Views of the configuration ---------------------------------------------------------
    @property
    def format(self) -> StageFormat:
        return self.config.kind

    @property
    def chess(self) -> bool:
        """Who plays first is White, the other player Black: the stage is scored as chess
        (win 1, draw ½, loss 0 — its actual scoring, whatever the ruleset is called) or is a
        round robin."""
        return self.format is StageFormat.ROUND_ROBIN or self.ruleset.scoring.is_chess

    @property
    def swiss(self) -> SwissConfig | None:
        """The Swiss settings (``None`` for a playoff, round robin or pod stage)."""
        config = self.config
        return config if isinstance(config, SwissConfig) else None

    @property
    def pairing_method(self) -> PairingMethod:
        swiss = self.swiss
        return swiss.pairing_method if swiss is not None else PairingMethod.ADJACENT

    @property
    def max_rounds(self) -> int | None:
        return getattr(self.config, "max_rounds", None)

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
        swiss = self.swiss
        return swiss.groups if swiss is not None else ()

    @property
    def assigned_byes(self) -> tuple[AssignedBye, ...]:
        swiss = self.swiss
        return swiss.assigned_byes if swiss is not None else ()

    @property
    def forbidden_pairs(self) -> tuple[tuple[PlayerId, PlayerId], ...]:
        swiss = self.swiss
        return swiss.forbidden_pairs if swiss is not None else ()

    @property
    def toss(self) -> TossSettings:
        """The toss settings; off outside Swiss (seed 000: the toss is Swiss-only)."""
        swiss = self.swiss
        return swiss.toss if swiss is not None else TossSettings()

    @property
    def prefer_repeat_bye(self) -> bool:
        swiss = self.swiss
        return swiss is not None and swiss.prefer_repeat_bye

    @property
    def half_point_bye_limit(self) -> int:
        """How many half-point byes a player may request in this stage: the Swiss stage's
        ``half_point_byes``, else ``DEFAULT_HALF_POINT_BYES`` when it is scored as chess (win
        1, draw ½: FIDE events allow requested half-point byes) and none otherwise (Magic and
        Pokémon events have no half-point byes: a player who misses a round sits it out).
        Outside Swiss, none."""
        swiss = self.swiss
        if swiss is None:
            return 0
        if swiss.half_point_byes is not None:
            return swiss.half_point_byes
        return DEFAULT_HALF_POINT_BYES if self.ruleset.scoring.is_chess else 0

    @property
    def is_playoff(self) -> bool:
        """A single- or double-elimination stage: no draws, the higher seed chooses."""
        return self.format in (StageFormat.SINGLE_ELIMINATION, StageFormat.DOUBLE_ELIMINATION)

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


#: Settings the document calls by another name than the configuration field.
_DOCUMENT_NAMES = {"thresholds": "elimination"}


def many_live(stage: Stage) -> bool:
    """Whether ``stage`` may have several rounds Scheduled or Open at once (a round robin:
    every round is fixed at the start and may be released ahead)."""
    return stage.format is StageFormat.ROUND_ROBIN


def stage_from_settings(
    *,
    id: str = "swiss",
    name: str | None = None,
    format: StageFormat = StageFormat.SWISS,
    ruleset: Ruleset | None = None,
    seed: str = "",
    seeds: Mapping[PlayerId, int] | None = None,
    participants: tuple[PlayerId, ...] | None = None,
    cut: StageCut | None = None,
    rounds: tuple[Round, ...] = (),
    drops: tuple[Drop, ...] = (),
    autopilot: bool = False,
    where: Location | None = None,
    **settings: Any,
) -> Stage:
    """A stage from flat settings (the document's stage keys).

    ``name`` defaults to the format's name ("Swiss", "Single elimination", ...).
    ``settings`` are the fields of the format's configuration class (``CONFIG_CLASSES``;
    ``elimination`` is the document's name for a Swiss elimination's thresholds). Refuses,
    naming the setting, one that belongs to another format (a value of ``None`` is "not
    set") and a Swiss elimination without thresholds.
    """
    at = where or Location(stage=id)
    format = StageFormat(format)
    config_class = CONFIG_CLASSES[format]
    own = {_DOCUMENT_NAMES.get(f.name, f.name): f.name for f in dataclasses.fields(config_class)}
    given: dict[str, Any] = {}
    for key, value in settings.items():
        if key not in own:
            if key not in ALL_SETTINGS:
                raise TypeError(f"stage_from_settings() got an unexpected setting {key!r}")
            if value is None:
                continue
            owners = [k.value for k, c in CONFIG_CLASSES.items() if key in _names(c)]
            raise InvalidStage(
                Location((*at.path, key), stage=id),
                saying(
                    _SETTING_WORDS.get(key, _BELONGS),
                    key=key,
                    owners=" or ".join(owners),
                    format=format.value,
                    first=owners[0],
                ),
            )
        if value is None and own[key] in _REQUIRED.get(format, ()):
            continue
        given[own[key]] = value
    if format is StageFormat.SWISS_ELIMINATION and "thresholds" not in given:
        raise InvalidStage(
            Location((*at.path, "elimination"), stage=id),
            saying(
                "a swiss_elimination stage needs its thresholds: "
                '"elimination": {"wins_to_advance": W, "losses_to_eliminate": L}'
            ),
        )
    if format is StageFormat.SWISS_ELIMINATION and given.get("slide_first_round") is None:
        given.pop("slide_first_round", None)
    if "toss" in given and given["toss"] is None:
        del given["toss"]
    try:
        config = config_class(**given)
    except InvalidStage as error:
        raise InvalidStage(
            Location((*at.path, *error.location.path), stage=id), error.said
        ) from None
    return Stage(
        id=id,
        name=DEFAULT_NAMES[format] if name is None else name,
        config=config,
        ruleset=ruleset if ruleset is not None else Ruleset(),
        seed=seed,
        seeds=dict(seeds or {}),
        participants=participants,
        cut=cut,
        rounds=rounds,
        drops=drops,
        autopilot=autopilot,
    )


def _names(config_class: type[FormatConfig]) -> set[str]:
    return {_DOCUMENT_NAMES.get(f.name, f.name) for f in dataclasses.fields(config_class)}


#: How a refusal names a setting that belongs to another format.
_SETTING_WORDS = {
    "elimination": N_(
        'elimination thresholds belong to a %(owners)s stage; this stage is "%(format)s" '
        '(set "format": "%(first)s" or remove "%(key)s")'
    ),
    "slide_first_round": N_(
        'the round-1 Slide switch belongs to a %(owners)s stage; this stage is "%(format)s" '
        '(set "format": "%(first)s" or remove "%(key)s")'
    ),
}
_BELONGS = N_(
    '"%(key)s" belongs to a %(owners)s stage; this stage is "%(format)s" (set "format": '
    '"%(first)s" or remove "%(key)s")'
)

#: Every configuration setting of any format, by its document name.
ALL_SETTINGS = frozenset(name for c in CONFIG_CLASSES.values() for name in _names(c))
_REQUIRED = {StageFormat.SWISS_ELIMINATION: ("thresholds",)}
