"""A pairing note as plain JSON data, without pydantic: what ``pairing_notes.note_model(note,
names).model_dump(mode="json")`` gives, key for key and in the same order.

``fairpair pair --json`` writes notes through this module so that the command does not import
pydantic and build the notes' models (about a third of the command's start-up,
docs/performance.md "Start-up"). The models stay the API's schema; ``tests/responses/
test_plain_data.py`` checks that every note kind gives the same JSON both ways and that
``FIELDS`` names each model's fields in its order.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from fairpair.engine.pairing import render_note
from fairpair.engine.pairing.notes import (
    AssignedByeNote,
    BracketByeNote,
    BracketMatchNote,
    BracketResetNote,
    BracketSeedNote,
    ByeNote,
    ColoursNote,
    DutchBracketNote,
    DutchTextNote,
    ExcludedNote,
    FloatNote,
    ForcedForbiddenNote,
    ForcedRematchNote,
    GroupNote,
    GroupScore,
    GroupSkippedNote,
    MethodNote,
    PairingNote,
    PodByesNote,
    PodForcedRepeatsNote,
    PodRepeatsAvoidedNote,
    PodSeatsNote,
    PodTablesNote,
    RematchRepairedNote,
    RoundOneNote,
    RoundRobinNumbersNote,
    RoundRobinSitOutNote,
    ScoreGroupNote,
    SeatReplacedNote,
    VirtualPointsNote,
    WalkoverNote,
)
from fairpair.engine.players import PlayerId
from fairpair.responses.values import decimal, exact_text

#: Each note class's JSON fields between ``kind`` and ``text``, in its model's order.
FIELDS: dict[type, tuple[str, ...]] = {
    ExcludedNote: ("reason", "players"),
    RoundOneNote: ("seeds",),
    MethodNote: ("method", "slide_first_round", "by_rating"),
    GroupNote: ("group", "players"),
    GroupSkippedNote: ("group", "players"),
    ScoreGroupNote: ("group", "score", "players"),
    AssignedByeNote: ("player", "bye", "requested"),
    ByeNote: ("group", "player", "rule", "repeat", "forced", "instead_of", "instead_forced"),
    FloatNote: ("group", "player", "source", "target"),
    RematchRepairedNote: ("group", "reason", "pairs"),
    ForcedRematchNote: ("group", "count", "pairs"),
    ForcedForbiddenNote: ("group", "count", "pairs"),
    PodTablesNote: ("players", "sizes", "pod_size", "remainder", "byes", "exact"),
    PodByesNote: ("players", "repeat"),
    PodRepeatsAvoidedNote: ("pairs",),
    PodForcedRepeatsNote: ("count", "pairs", "proven"),
    PodSeatsNote: ("first", "spread"),
    RoundRobinNumbersNote: (
        "players",
        "source",
        "cycle",
        "cycle_round",
        "cycles",
        "rounds",
        "dummy",
    ),
    RoundRobinSitOutNote: ("player", "reason", "opponent"),
    BracketSeedNote: ("seed", "player", "slot", "size"),
    BracketByeNote: ("seed", "player", "match"),
    BracketMatchNote: (
        "match",
        "label",
        "winner_to",
        "winner_place",
        "loser_to",
        "order",
        "loser_place",
    ),
    WalkoverNote: ("match", "label", "winner", "withdrawn", "unreplaced"),
    SeatReplacedNote: ("withdrawn", "replacement", "seed", "from_stage"),
    BracketResetNote: ("final", "reset", "needed"),
    VirtualPointsNote: ("players", "points", "group_a", "full_rounds", "accelerated_rounds"),
    DutchTextNote: ("edition",),
    ColoursNote: (
        "white",
        "black",
        "rule",
        "higher",
        "higher_number",
        "white_wants",
        "white_strength",
        "black_wants",
        "black_strength",
        "denied",
    ),
    DutchBracketNote: (
        "score",
        "moved_down",
        "upfloaters",
        "downfloaters",
        "pair_count",
        "colour_denied",
        "strong_denied",
        "repeat_downfloat",
        "repeat_upfloat",
    ),
}


def score_data(score: GroupScore) -> dict[str, Any]:
    """A score group's score as ``ScoreModel`` dumps it."""
    points, pool = score.points, score.pool
    return {
        "points": decimal(points) if points is not None else None,
        "points_exact": exact_text(points) if points is not None else None,
        "pool": {"wins": pool.wins, "losses": pool.losses} if pool is not None else None,
    }


def _value(name: str, value: object) -> object:
    if isinstance(value, GroupScore):
        return score_data(value)
    if name == "pairs":
        return [{"a": a, "b": b} for a, b in value]  # type: ignore[attr-defined]
    if isinstance(value, tuple):
        return [_value("", v) for v in value]
    if isinstance(value, Enum):
        return value.value
    return value


def note_data(note: PairingNote, names: Mapping[PlayerId, str]) -> dict[str, Any]:
    """``note`` as JSON-ready data with its sentence (English, as the command writes it)."""
    data: dict[str, Any] = {"kind": note.kind.value}
    for name in FIELDS[type(note)]:
        data[name] = _value(name, getattr(note, name))
    data["text"] = str(render_note(note, names))
    return data
