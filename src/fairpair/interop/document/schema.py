"""The tournament document's schema: the ONE place that says what a document may hold.

One ``TypedDict`` per document object, its keys named exactly as the fields of the engine class
it becomes, each typed with a bounded value type from ``values``. ``bind`` (binding.py) turns a
validated object into its engine object and lets the writer read it back by the same names.
To add a field: add its key here, with the engine's name (docs/tournament-document.md, "How to
add a field"); nothing else reads or writes field by field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, Literal, NotRequired

from pydantic import (
    AfterValidator,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Strict,
    Tag,
    with_config,
)
from typing_extensions import TypedDict

from fairpair.engine.drops import Drop
from fairpair.engine.players import Player
from fairpair.engine.results import MatchFormat, ResultKind
from fairpair.engine.rounds import (
    Bye,
    ByeKind,
    Match,
    PodTable,
    Round,
    RoundState,
    Toss,
    TossReason,
)
from fairpair.engine.ruleset import PairingOrder, UnplayedRounds, WinRateBasis
from fairpair.engine.rulesets import DEFAULT, PRESETS
from fairpair.engine.stage import (
    AssignedBye,
    Elimination,
    Group,
    PairingMethod,
    Stage,
    StageCut,
    StageFormat,
    TossPolicy,
    TossSettings,
)
from fairpair.engine.stage_config import DutchText, PieceColour, RemainderMode
from fairpair.engine.tournament import Tournament
from fairpair.interop.document.binding import BINDINGS, Binding
from fairpair.interop.document.checks import no_result, ruleset_tag
from fairpair.interop.document.limits import MAX_SEATS, MAX_STAGES, MAX_TIEBREAKS
from fairpair.interop.document.results import Winner, result_of
from fairpair.interop.document.rulesets import changed_preset, preset, tiebreak
from fairpair.interop.document.stages import stage_of, stage_settings, tidy_stage
from fairpair.interop.document.tables import round_of, tidy_round
from fairpair.interop.document.values import (
    BirthDate,
    Exact,
    Federation,
    FideId,
    Flag,
    Games,
    Id,
    Label,
    Name,
    PlaceNumber,
    PlayerRef,
    RatingNumber,
    RoundCount,
    RoundNumber,
    SeedNumber,
    Sex,
    Share,
    TableNumber,
    Title,
)


def bind(
    engine: type[Any],
    document: type[Any],
    *,
    ignore: tuple[str, ...] = (),
    factory: Callable[..., Any] | None = None,
    settings: Callable[[Any], Mapping[str, Any]] | None = None,
    tidy: Callable[[Any, dict[str, Any], tuple[str, ...]], None] | None = None,
    **defaults: Any,
) -> AfterValidator:
    """Register ``document`` (a ``TypedDict``) as the shape of ``engine``; the validator that
    turns a validated ``document`` into an ``engine`` object. ``ignore``: document keys that
    are not engine fields (the format marker); ``defaults``: the document's own defaults;
    ``factory``/``settings``/``tidy``: see ``Binding``."""
    keys = tuple(k for k in document.__annotations__ if k not in ignore)
    binding = Binding(engine, keys, defaults, ignore, factory, settings, tidy, document.__name__)
    BINDINGS[engine] = binding  # the writer's
    simple = not (defaults or ignore or factory)
    return AfterValidator(binding.make if simple else binding.build)


def _shape(title: str) -> ConfigDict:
    return ConfigDict(extra="forbid", title=title)


# ------------------------------------------------------------------ players and drops
@with_config(_shape("Player"))
class PlayerDoc(TypedDict):
    id: Id
    name: Name
    seed: NotRequired[Annotated[SeedNumber | None, Field(description="1 is the top seed.")]]
    rating: NotRequired[RatingNumber | None]
    team: NotRequired[Name | None]
    sex: NotRequired[Sex | None]
    title: NotRequired[Title | None]
    federation: NotRequired[Federation | None]
    fide_id: NotRequired[FideId | None]
    birth_date: NotRequired[BirthDate | None]


PlayerEntry = Annotated[PlayerDoc, bind(Player, PlayerDoc)]


@with_config(_shape("Drop"))
class DropDoc(TypedDict):
    player: PlayerRef
    after_round: Annotated[
        RoundCount, Field(description="Not paired after this round (0: before round 1).")
    ]
    stage: NotRequired[
        Annotated[
            Id | None,
            Field(description="Tournament-level drops: the stage whose rounds are meant."),
        ]
    ]


DropEntry = Annotated[DropDoc, bind(Drop, DropDoc)]


# ------------------------------------------------------------------ rounds
@with_config(_shape("Result"))
class ResultDoc(TypedDict):
    """A reported result, told from side a (the match's first player) and side b."""

    kind: NotRequired[ResultKind]
    winner: NotRequired[
        Annotated[
            Winner | None,
            Field(
                description="played: a, b or draw (may be left out when games decide it); "
                "forfeit: the side that did NOT forfeit."
            ),
        ]
    ]
    games: NotRequired[Games | None]


ResultEntry = Annotated[ResultDoc, AfterValidator(result_of)]


@with_config(_shape("Toss"))
class TossDoc(TypedDict):
    first: Annotated[PlayerRef, Field(description="The player who plays first.")]
    reason: NotRequired[TossReason]
    manual: NotRequired[Flag]


TossEntry = Annotated[TossDoc, bind(Toss, TossDoc, reason=TossReason.MANUAL)]


@with_config(_shape("Match"))
class MatchDoc(TypedDict):
    table: TableNumber
    a: PlayerRef
    b: PlayerRef
    result: NotRequired[Annotated[ResultEntry | None, Field(description="Absent until reported.")]]
    toss: NotRequired[TossEntry | None]
    id: NotRequired[
        Annotated[Id, Field(description='Stable within the stage; default "<round>.<table>".')]
    ]


MatchEntry = Annotated[MatchDoc, bind(Match, MatchDoc)]  # its default id: ``tables.round_of``


@with_config(_shape("Bye"))
class ByeDoc(TypedDict):
    """A bye has no result: its points come from its kind and the ruleset."""

    player: PlayerRef
    kind: NotRequired[ByeKind]


ByeEntry = Annotated[ByeDoc, BeforeValidator(no_result), bind(Bye, ByeDoc)]


@with_config(_shape("PodTable"))
class PodTableDoc(TypedDict):
    """A multi-seat table: seats in seat order, each seat's finishing place once reported."""

    table: TableNumber
    seats: Annotated[tuple[PlayerRef, ...], Field(max_length=MAX_SEATS)]
    places: NotRequired[
        Annotated[tuple[PlaceNumber, ...] | None, Field(description="1 is first; ties share.")]
    ]
    id: NotRequired[Id]


PodEntry = Annotated[PodTableDoc, bind(PodTable, PodTableDoc)]


@with_config(_shape("Round"))
class RoundDoc(TypedDict):
    number: RoundNumber
    matches: NotRequired[tuple[MatchEntry, ...]]
    byes: NotRequired[tuple[ByeEntry, ...]]
    pods: NotRequired[tuple[PodEntry, ...]]
    state: NotRequired[
        Annotated[RoundState | None, Field(description="Left out: derived from the results.")]
    ]


RoundEntry = Annotated[RoundDoc, bind(Round, RoundDoc, factory=round_of, tidy=tidy_round)]


# ------------------------------------------------------------------ rulesets
@with_config(_shape("Scoring"))
class ScoringDoc(TypedDict):
    win: NotRequired[Exact]
    draw: NotRequired[Exact]
    loss: NotRequired[Exact]
    bye: NotRequired[Exact]
    half_bye: NotRequired[Exact]
    forfeit_win: NotRequired[Exact]
    forfeit_loss: NotRequired[Exact]
    game_win: NotRequired[Exact]
    game_draw: NotRequired[Exact]
    bye_games: NotRequired[Games | None]
    forfeit_games: NotRequired[Games | None]
    match_format: NotRequired[MatchFormat]
    place_points: NotRequired[Annotated[tuple[Exact, ...], Field(max_length=MAX_SEATS)]]


TiebreakName = Annotated[str, AfterValidator(tiebreak)]


@with_config(_shape("ChangedRuleset"))
class RulesetDoc(TypedDict):
    """A preset (``base``) with only the organizer's changes."""

    base: NotRequired[Annotated[str, Field(description=f"One of: {', '.join(PRESETS)}.")]]
    scoring: NotRequired[ScoringDoc]
    tiebreaks: NotRequired[Annotated[tuple[TiebreakName, ...], Field(max_length=MAX_TIEBREAKS)]]
    percentage_floor: NotRequired[Share]
    unplayed: NotRequired[UnplayedRounds]
    byes_in_own_record: NotRequired[Flag]
    dropped_cap: NotRequired[Share | None]
    win_rate: NotRequired[WinRateBasis]
    forfeits_have_opponent: NotRequired[Flag]
    rank_withdrawn: NotRequired[Flag]
    pairing_order: NotRequired[PairingOrder]


RulesetEntry = Annotated[
    Annotated[str, AfterValidator(preset), Tag("preset")]
    | Annotated[RulesetDoc, AfterValidator(changed_preset), Tag("changed")],
    Discriminator(ruleset_tag),
    Field(description="A preset name, or a preset with changes."),
]


# ------------------------------------------------------------------ stages
@with_config(_shape("Group"))
class GroupDoc(TypedDict):
    name: Name
    players: tuple[PlayerRef, ...]


@with_config(_shape("Elimination"))
class EliminationDoc(TypedDict):
    wins_to_advance: RoundNumber
    losses_to_eliminate: RoundNumber


@with_config(_shape("AssignedBye"))
class AssignedByeDoc(TypedDict):
    player: PlayerRef
    round: RoundNumber
    kind: NotRequired[ByeKind]
    requested: NotRequired[
        Annotated[Flag, Field(description="The player asked for it (a requested bye).")]
    ]


@with_config(_shape("TossSettings"))
class TossSettingsDoc(TypedDict):
    enabled: NotRequired[Flag]
    policy: NotRequired[TossPolicy]


@with_config(_shape("StageCut"))
class StageCutDoc(TypedDict):
    from_stage: Id
    top: NotRequired[Annotated[SeedNumber, Field(ge=2)] | None]
    percent: NotRequired[
        Annotated[Exact, Field(description="Per cent of the players who took part.")] | None
    ]
    sizes: NotRequired[
        Annotated[
            tuple[Annotated[SeedNumber, Field(ge=2)], ...], Field(min_length=1, max_length=16)
        ]
    ]
    replace_dropped: NotRequired[Flag]
    automatic: NotRequired[Flag]


@with_config(_shape("Stage"))
class StageDoc(TypedDict):
    id: NotRequired[Id]
    name: NotRequired[Name]
    format: NotRequired[StageFormat]
    ruleset: NotRequired[RulesetEntry]
    pairing_method: NotRequired[PairingMethod]
    slide_first_round: NotRequired[Flag]
    max_rounds: NotRequired[RoundNumber | None]
    seed: NotRequired[
        Annotated[Label, Field(description="The stage seed: random choices follow from it.")]
    ]
    seeds: NotRequired[dict[PlayerRef, SeedNumber]]
    participants: NotRequired[tuple[PlayerRef, ...] | None]
    groups: NotRequired[tuple[Annotated[GroupDoc, bind(Group, GroupDoc)], ...]]
    elimination: NotRequired[Annotated[EliminationDoc, bind(Elimination, EliminationDoc)] | None]
    assigned_byes: NotRequired[
        tuple[Annotated[AssignedByeDoc, bind(AssignedBye, AssignedByeDoc)], ...]
    ]
    forbidden_pairs: NotRequired[tuple[tuple[PlayerRef, PlayerRef], ...]]
    toss: NotRequired[Annotated[TossSettingsDoc, bind(TossSettings, TossSettingsDoc)]]
    prefer_repeat_bye: NotRequired[Flag]
    half_point_byes: NotRequired[
        Annotated[
            int,
            Strict(),
            Field(
                ge=0,
                le=99,
                description="Half-point byes a player may request (default: 2 under chess "
                "scoring, else none).",
            ),
        ]
        | None
    ]
    initial_colour: NotRequired[
        Annotated[
            PieceColour | None,
            Field(
                description="Dutch system: the colour of round 1's top player (C.04.2); "
                "absent or null: drawn by lot from the stage seed."
            ),
        ]
    ]
    baku: NotRequired[Flag]
    dutch_text: NotRequired[
        Annotated[
            DutchText,
            Field(
                description="Dutch system: the text of C.04.3 followed where the texts differ, "
                '"2026" (in force from 1 February 2026, the default) or "2025" (1 July 2025 '
                "to 31 January 2026): whether a pairing-allocated bye that scores no more than "
                "a loss is a downfloat."
            ),
        ]
    ]
    third_place: NotRequired[Flag]
    cycles: NotRequired[Annotated[int, Strict(), Field(ge=1, le=2)]]
    pod_size: NotRequired[Annotated[int, Strict(), Field(ge=3, le=10)]]
    remainder: NotRequired[RemainderMode]
    cut: NotRequired[Annotated[StageCutDoc, bind(StageCut, StageCutDoc)] | None]
    autopilot: NotRequired[Flag]
    rounds: NotRequired[tuple[RoundEntry, ...]]
    drops: NotRequired[tuple[DropEntry, ...]]


#: The document's own default: a stage without ``ruleset`` uses the ``default`` preset.
StageEntry = Annotated[
    StageDoc,
    bind(
        Stage,
        StageDoc,
        factory=stage_of,
        settings=stage_settings,
        tidy=tidy_stage,
        ruleset=DEFAULT,
    ),
]


# ------------------------------------------------------------------ the document
@with_config(_shape("fairpair tournament document"))
class TournamentDoc(TypedDict):
    format: NotRequired[Literal["fairpair-tournament"]]
    version: NotRequired[Literal[1]]
    name: Name
    players: tuple[PlayerEntry, ...]
    stages: NotRequired[Annotated[tuple[StageEntry, ...], Field(max_length=MAX_STAGES)]]
    drops: NotRequired[tuple[DropEntry, ...]]


#: The whole document becomes a ``Tournament``; with no ``stages``, one Swiss stage with the
#: ``default`` preset.
Document = Annotated[
    TournamentDoc,
    bind(Tournament, TournamentDoc, ignore=("format", "version"), stages=(Stage(ruleset=DEFAULT),)),
]
