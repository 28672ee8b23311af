"""The pairing draft as JSON (``fairpair pair --json``; the HTTP API later): pydantic models,
built from an engine ``PairingDraft``, published as ``docs/schemas/pairing-draft.schema.json``.

Version 2 (docs/pairing.md "JSON output"): notes are structured, one shape per ``kind``
(``pairing_notes``), instead of version 1's ``players`` + ``detail`` string.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from fairpair.engine.pairing import PairingDraft
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import ByeKind, Toss, TossReason
from fairpair.engine.tournament import Tournament
from fairpair.responses.draft_data import JSON_FORMAT as JSON_FORMAT  # re-exported
from fairpair.responses.draft_data import JSON_VERSION as JSON_VERSION
from fairpair.responses.draft_data import draft_data as draft_data  # re-exported
from fairpair.responses.pairing_notes import Model, NoteModel, note_model
from fairpair.responses.values import decimal, exact_text


class DraftPlayerModel(Model):
    """A player with their points before the round (a JSON number and the exact fraction)."""

    id: str
    name: str
    points: int | float
    points_exact: str


class DraftTossModel(Model):
    """Who plays first at the table and why (docs/toss.md)."""

    first: str
    reason: TossReason
    manual: bool


class DraftTableModel(Model):
    """One table; ``a`` is the higher-ranked player. ``toss`` is absent when the stage has no
    toss."""

    table: int
    a: DraftPlayerModel
    b: DraftPlayerModel
    forced_rematch: bool
    forbidden: bool
    toss: DraftTossModel | None = None

    @model_serializer(mode="wrap")
    def _without_empty_toss(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if data.get("toss") is None:
            data.pop("toss", None)
        return data


class DraftByeModel(Model):
    player: DraftPlayerModel
    kind: ByeKind


class DraftPodModel(Model):
    """One pod table (a pod stage, docs/pods.md): ``seats`` in seat order, seat 1 first."""

    table: int
    seats: list[DraftPlayerModel]


class PairingDraftModel(Model):
    """The draft of the next round: tables, byes and the notes that explain them; a pod
    stage's tables are ``pods`` (absent for two-player stages)."""

    format: Literal["fairpair-pairing-draft"]
    version: Literal[2]
    tournament: str
    stage: str
    round: int
    pairings: list[DraftTableModel]
    byes: list[DraftByeModel]
    notes: list[NoteModel]
    pods: list[DraftPodModel] = Field(default_factory=list)

    @model_serializer(mode="wrap")
    def _without_empty_pods(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if not data.get("pods"):
            data.pop("pods", None)
        return data


def _toss_model(toss: Toss | None) -> DraftTossModel | None:
    """The toss given, else who the format says plays first (a round robin's schedule)."""
    if toss is None:
        return None
    return DraftTossModel(first=toss.first, reason=toss.reason, manual=toss.manual)


def draft_model(
    tournament: Tournament,
    draft: PairingDraft,
    points: Mapping[PlayerId, Fraction] | None = None,
    tosses: Sequence[Toss] | None = None,
) -> PairingDraftModel:
    """The model of ``draft``; ``points`` default to the draft's own ``points_before``."""
    names = {p.id: p.name for p in tournament.players}
    before = draft.points_before if points is None else points
    zero = Fraction(0)
    players: dict[PlayerId, DraftPlayerModel] = {}
    shown: dict[Fraction, tuple[int | float, str]] = {}  # a field has few distinct points

    def player(pid: PlayerId) -> DraftPlayerModel:
        found = players.get(pid)
        if found is None:
            value = before.get(pid, zero)
            number, exact = shown.get(value) or shown.setdefault(
                value, (decimal(value), exact_text(value))
            )
            found = players[pid] = DraftPlayerModel(
                id=pid, name=names.get(pid, pid), points=number, points_exact=exact
            )
        return found

    # A Swiss toss is decided at release (``tosses`` when known); a playoff's draft already
    # says who plays first (the higher seed).
    toss_of: list[Toss | None] = (
        list(tosses) if tosses is not None else [p.plays_first for p in draft.pairings]
    )
    tables = [
        DraftTableModel(
            table=t.table,
            a=player(t.a),
            b=player(t.b),
            forced_rematch=t.forced_rematch,
            forbidden=t.forbidden,
            toss=_toss_model(toss_of[k] if k < len(toss_of) else t.plays_first),
        )
        for k, t in enumerate(draft.pairings)
    ]
    return PairingDraftModel(
        format=JSON_FORMAT,
        version=JSON_VERSION,
        tournament=tournament.name,
        stage=draft.stage_id,
        round=draft.round_number,
        pairings=tables,
        byes=[DraftByeModel(player=player(b.player), kind=b.kind) for b in draft.byes],
        notes=[note_model(n, names) for n in draft.notes],
        pods=[DraftPodModel(table=p.table, seats=[player(s) for s in p.seats]) for p in draft.pods],
    )


def draft_schema() -> dict[str, Any]:
    """The JSON Schema of the draft (published as docs/schemas/pairing-draft.schema.json)."""
    schema = PairingDraftModel.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "fairpair pairing draft"
    return schema
