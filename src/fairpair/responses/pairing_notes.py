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
from fairpair.engine.pairing.notes import Pair
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import ByeKind
from fairpair.engine.stage import PairingMethod
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
    | ForcedForbiddenModel,
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


def note_model(note: PairingNote, names: Mapping[PlayerId, str]) -> NoteModel:
    """``note`` as its JSON model, with its sentence."""
    text = render_note(note, names)
    match note:
        case ExcludedNote():
            return ExcludedModel(
                kind="excluded", reason=note.reason, players=list(note.players), text=text
            )
        case RoundOneNote():
            return RoundOneModel(kind="round_one", seeds=note.seeds, text=text)
        case MethodNote():
            return MethodModel(
                kind="method",
                method=note.method,
                slide_first_round=note.slide_first_round,
                text=text,
            )
        case GroupNote():
            return GroupModel(kind="group", group=note.group, players=list(note.players), text=text)
        case GroupSkippedNote():
            return GroupSkippedModel(
                kind="group_skipped", group=note.group, players=list(note.players), text=text
            )
        case ScoreGroupNote():
            return ScoreGroupModel(
                kind="score_group",
                group=note.group,
                score=score_model(note.score),
                players=list(note.players),
                text=text,
            )
        case AssignedByeNote():
            return AssignedByeModel(
                kind="assigned_bye", player=note.player, bye=note.bye, text=text
            )
        case ByeNote():
            return ByeModel(
                kind="bye",
                group=note.group,
                player=note.player,
                rule=note.rule,
                repeat=note.repeat,
                forced=note.forced,
                instead_of=note.instead_of,
                instead_forced=note.instead_forced,
                text=text,
            )
        case FloatNote():
            return FloatModel(
                kind="float",
                group=note.group,
                player=note.player,
                source=score_model(note.source),
                target=score_model(note.target),
                text=text,
            )
        case RematchRepairedNote():
            return RematchRepairedModel(
                kind="rematch_repaired",
                group=note.group,
                reason=note.reason,
                pairs=_pairs(note.pairs),
                text=text,
            )
        case ForcedRematchNote():
            return ForcedRematchModel(
                kind="forced_rematch",
                group=note.group,
                count=note.count,
                pairs=_pairs(note.pairs),
                text=text,
            )
        case ForcedForbiddenNote():
            return ForcedForbiddenModel(
                kind="forced_forbidden",
                group=note.group,
                count=note.count,
                pairs=_pairs(note.pairs),
                text=text,
            )
    raise AssertionError(note)  # pragma: no cover
