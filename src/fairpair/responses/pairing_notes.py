"""The JSON of pairing notes: one model per note kind (``kind`` tells them apart), the same
fields as the engine's notes (``engine.pairing.notes``) plus ``text``, the rendered sentence.

Players are ids; points come as a JSON number and an exact text (``"5/2"``), as everywhere in
fairpair's JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from fairpair.engine.pairing import (
    AssignedByeNote,
    Blocked,
    ByeNote,
    ByeRule,
    ExcludedNote,
    Exclusion,
    FloatNote,
    ForcedForbiddenNote,
    ForcedRematchNote,
    GroupNote,
    GroupScore,
    GroupSkippedNote,
    MethodNote,
    PairingNote,
    RematchRepairedNote,
    RoundOneNote,
    ScoreGroupNote,
    SeedSource,
    render_note,
)
from fairpair.engine.pairing.notes import (
    BracketByeNote,
    BracketMatchNote,
    BracketResetNote,
    BracketSeedNote,
    ColourRule,
    ColoursNote,
    ColourWanted,
    DutchBracketNote,
    DutchTextNote,
    NumberSource,
    Pair,
    PodByesNote,
    PodForcedRepeatsNote,
    PodRepeatsAvoidedNote,
    PodSeatsNote,
    PodTablesNote,
    Preference,
    RoundRobinNumbersNote,
    RoundRobinSitOutNote,
    SeatReplacedNote,
    SitOutReason,
    VirtualPointsNote,
    WalkoverNote,
)
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import ByeKind
from fairpair.engine.stage import PairingMethod
from fairpair.engine.stage_config import DutchText
from fairpair.responses.values import decimal, exact_text


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PoolModel(Model):
    wins: int
    losses: int


class ScoreModel(Model):
    """A score group: ``points`` (and ``points_exact``) in a Swiss, else its win–loss ``pool``."""

    points: int | float | None
    points_exact: str | None
    pool: PoolModel | None


class PairModel(Model):
    """Two players at one table, ``a`` the higher-ranked."""

    a: str
    b: str


class ExcludedModel(Model):
    kind: Literal["excluded"]
    reason: Exclusion
    players: list[str]
    text: str


class RoundOneModel(Model):
    kind: Literal["round_one"]
    seeds: SeedSource
    text: str


class MethodModel(Model):
    kind: Literal["method"]
    method: PairingMethod
    slide_first_round: bool
    by_rating: bool = False
    text: str


class GroupModel(Model):
    kind: Literal["group"]
    group: str
    players: list[str]
    text: str


class GroupSkippedModel(Model):
    kind: Literal["group_skipped"]
    group: str
    players: list[str]
    text: str


class ScoreGroupModel(Model):
    kind: Literal["score_group"]
    group: str | None
    score: ScoreModel
    players: list[str]
    text: str


class AssignedByeModel(Model):
    kind: Literal["assigned_bye"]
    player: str
    bye: ByeKind
    requested: bool = False
    """The player asked for it (a requested bye)."""
    text: str


class ByeModel(Model):
    kind: Literal["bye"]
    group: str | None
    player: str
    rule: ByeRule
    repeat: bool
    forced: int
    instead_of: str | None
    instead_forced: int | None
    text: str


class FloatModel(Model):
    kind: Literal["float"]
    group: str | None
    player: str
    source: ScoreModel
    target: ScoreModel
    text: str


class RematchRepairedModel(Model):
    kind: Literal["rematch_repaired"]
    group: str | None
    reason: Blocked
    pairs: list[PairModel]
    text: str


class ForcedRematchModel(Model):
    kind: Literal["forced_rematch"]
    group: str | None
    count: int
    pairs: list[PairModel]
    text: str


class ForcedForbiddenModel(Model):
    kind: Literal["forced_forbidden"]
    group: str | None
    count: int
    pairs: list[PairModel]
    text: str


class PodTablesModel(Model):
    kind: Literal["pod_tables"]
    players: int
    sizes: list[int]
    pod_size: int
    remainder: str
    byes: int
    exact: bool
    text: str


class PodByesModel(Model):
    kind: Literal["pod_byes"]
    players: list[str]
    repeat: list[str]
    text: str


class PodRepeatsAvoidedModel(Model):
    kind: Literal["pod_repeats_avoided"]
    pairs: list[PairModel]
    text: str


class PodForcedRepeatsModel(Model):
    kind: Literal["pod_forced_repeats"]
    count: int
    pairs: list[PairModel]
    proven: bool
    text: str


class PodSeatsModel(Model):
    kind: Literal["pod_seats"]
    first: list[str]
    spread: int
    text: str


class RoundRobinNumbersModel(Model):
    """A round robin's Berger numbers (``players``: number 1 first) and this round's place in
    the schedule."""

    kind: Literal["round_robin_numbers"]
    players: list[str]
    source: NumberSource
    cycle: int
    cycle_round: int
    cycles: int
    rounds: int
    dummy: int | None
    text: str


class RoundRobinSitOutModel(Model):
    """A round-robin player without a game this round (a zero-point bye)."""

    kind: Literal["round_robin_sit_out"]
    player: str
    reason: SitOutReason
    opponent: str | None
    text: str


class BracketSeedModel(Model):
    kind: Literal["bracket_seed"]
    seed: int
    player: str
    slot: int
    size: int
    text: str


class BracketByeModel(Model):
    kind: Literal["bracket_bye"]
    seed: int
    player: str
    match: str
    text: str


class BracketMatchModel(Model):
    kind: Literal["bracket_match"]
    match: str
    label: str
    winner_to: str | None
    winner_place: str | None
    loser_to: str | None
    order: str | None
    loser_place: str | None
    text: str


class WalkoverModel(Model):
    kind: Literal["walkover"]
    match: str
    label: str
    winner: str
    withdrawn: str
    unreplaced: bool
    text: str


class SeatReplacedModel(Model):
    kind: Literal["seat_replaced"]
    withdrawn: str
    replacement: str
    seed: int
    from_stage: str
    text: str


class BracketResetModel(Model):
    kind: Literal["bracket_reset"]
    final: str
    reset: str
    needed: bool | None
    text: str


class DutchTextModel(Model):
    kind: Literal["dutch_text"]
    edition: DutchText
    text: str


class VirtualPointsModel(Model):
    kind: Literal["virtual_points"]
    players: list[str]
    points: ScoreModel
    group_a: int
    full_rounds: int
    accelerated_rounds: int
    text: str


class ColoursModel(Model):
    kind: Literal["colours"]
    white: str
    black: str
    rule: ColourRule
    higher: str
    higher_number: int
    white_wants: ColourWanted | None
    white_strength: Preference
    black_wants: ColourWanted | None
    black_strength: Preference
    denied: list[str]
    text: str


class DutchBracketModel(Model):
    kind: Literal["dutch_bracket"]
    score: ScoreModel
    moved_down: list[str]
    upfloaters: list[str]
    downfloaters: list[str]
    pair_count: int
    colour_denied: list[str]
    strong_denied: list[str]
    repeat_downfloat: list[str]
    repeat_upfloat: list[str]
    text: str


NoteModel = Annotated[
    ExcludedModel
    | RoundOneModel
    | MethodModel
    | GroupModel
    | GroupSkippedModel
    | ScoreGroupModel
    | AssignedByeModel
    | ByeModel
    | FloatModel
    | RematchRepairedModel
    | ForcedRematchModel
    | ForcedForbiddenModel
    | PodTablesModel
    | PodByesModel
    | PodRepeatsAvoidedModel
    | PodForcedRepeatsModel
    | PodSeatsModel
    | RoundRobinNumbersModel
    | RoundRobinSitOutModel
    | BracketSeedModel
    | BracketByeModel
    | BracketMatchModel
    | WalkoverModel
    | SeatReplacedModel
    | BracketResetModel
    | VirtualPointsModel
    | ColoursModel
    | DutchBracketModel
    | DutchTextModel,
    Field(discriminator="kind"),
]


def score_model(score: GroupScore) -> ScoreModel:
    pool = score.pool
    points = score.points
    return ScoreModel(
        points=decimal(points) if points is not None else None,
        points_exact=exact_text(points) if points is not None else None,
        pool=PoolModel(wins=pool.wins, losses=pool.losses) if pool is not None else None,
    )


def _pairs(pairs: tuple[Pair, ...]) -> list[PairModel]:
    return [PairModel(a=a, b=b) for a, b in pairs]


#: The JSON model of each note class: the same field names, plus ``kind`` and ``text``.
_MODELS: dict[type, type[Model]] = {
    ExcludedNote: ExcludedModel,
    RoundOneNote: RoundOneModel,
    MethodNote: MethodModel,
    GroupNote: GroupModel,
    GroupSkippedNote: GroupSkippedModel,
    ScoreGroupNote: ScoreGroupModel,
    AssignedByeNote: AssignedByeModel,
    ByeNote: ByeModel,
    FloatNote: FloatModel,
    RematchRepairedNote: RematchRepairedModel,
    ForcedRematchNote: ForcedRematchModel,
    ForcedForbiddenNote: ForcedForbiddenModel,
    PodTablesNote: PodTablesModel,
    PodByesNote: PodByesModel,
    PodRepeatsAvoidedNote: PodRepeatsAvoidedModel,
    PodForcedRepeatsNote: PodForcedRepeatsModel,
    PodSeatsNote: PodSeatsModel,
    RoundRobinNumbersNote: RoundRobinNumbersModel,
    RoundRobinSitOutNote: RoundRobinSitOutModel,
    BracketSeedNote: BracketSeedModel,
    BracketByeNote: BracketByeModel,
    BracketMatchNote: BracketMatchModel,
    WalkoverNote: WalkoverModel,
    SeatReplacedNote: SeatReplacedModel,
    BracketResetNote: BracketResetModel,
    VirtualPointsNote: VirtualPointsModel,
    ColoursNote: ColoursModel,
    DutchBracketNote: DutchBracketModel,
    DutchTextNote: DutchTextModel,
}


def _field(name: str, value: object) -> object:
    """A note's field as its model takes it: scores as ``ScoreModel``, pairs as ``PairModel``s,
    tuples as lists; everything else as it is."""
    if isinstance(value, GroupScore):
        return score_model(value)
    if name == "pairs":
        return _pairs(value)  # type: ignore[arg-type]
    if isinstance(value, tuple):
        return list(value)
    return value


def note_model(note: PairingNote, names: Mapping[PlayerId, str]) -> NoteModel:
    """``note`` as its JSON model, with its sentence: every field of the model is read off the
    note by name."""
    model = _MODELS[type(note)]
    fields = {
        name: _field(name, getattr(note, name))
        for name in model.model_fields
        if name not in ("kind", "text")
    }
    fields.update(kind=note.kind.value, text=render_note(note, names))
    return model.model_validate(fields)  # type: ignore[return-value]
