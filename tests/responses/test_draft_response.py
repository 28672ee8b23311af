"""The pairing draft's response model: the JSON of ``fairpair pair --json`` (version 2), its
published JSON Schema, and structured notes that survive a round trip."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from drafts import played, tournament

from fairpair.engine.drops import Drop
from fairpair.engine.pairing import NoteKind, pair_next_round
from fairpair.engine.stage import Group
from fairpair.responses.draft import (
    JSON_FORMAT,
    JSON_VERSION,
    PairingDraftModel,
    draft_model,
    draft_schema,
)

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "docs" / "schemas" / "pairing-draft.schema.json"
REGENERATE = (
    'uv run python -c "import json; from fairpair.responses.draft import draft_schema; '
    'print(json.dumps(draft_schema(), indent=2, ensure_ascii=False))" '
    "> docs/schemas/pairing-draft.schema.json"
)


def test_the_published_schema_is_current() -> None:
    published = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert published == draft_schema(), f"{SCHEMA.name} is stale: run `{REGENERATE}`"


def test_every_note_kind_has_its_own_shape_in_the_schema() -> None:
    schema = draft_schema()
    kinds = {
        model["properties"]["kind"]["const"]
        for model in schema["$defs"].values()
        if "kind" in model.get("properties", {}) and "const" in model["properties"]["kind"]
    }
    assert kinds == {kind.value for kind in NoteKind}


def test_drafts_round_trip_through_the_model() -> None:
    late = played(tournament(15), 6, seed=11, draw_rate=0.3)
    grouped = tournament(9, groups=(Group("A", ("p00", "p01", "p02")), Group("B", ("p03",))))
    forbidden = tournament(2, forbidden_pairs=(("p00", "p01"),))
    dropped = replace(played(tournament(8), 2, seed=2), drops=(Drop("p01", 1), Drop("p05", 0)))
    small = played(tournament(5), 5, seed=1)  # late and small: forced rematches, repeat byes
    for t in (late, grouped, forbidden, dropped, small):
        draft = pair_next_round(t)
        payload = draft_model(t, draft).model_dump(mode="json")
        assert payload["format"] == JSON_FORMAT and payload["version"] == JSON_VERSION == 2
        again = PairingDraftModel.model_validate(payload)
        assert again.model_dump(mode="json") == payload
        assert len(payload["notes"]) == len(draft.notes)
        for note, data in zip(draft.notes, payload["notes"], strict=True):
            assert data["kind"] == note.kind.value
            assert isinstance(data["text"], str) and data["text"]
            assert "detail" not in data
        assert all("toss" not in p for p in payload["pairings"])


def test_points_in_the_json_are_the_standings_points_before_the_round() -> None:
    t = played(tournament(7), 3, seed=4, draw_rate=0.5)
    draft = pair_next_round(t)
    payload = draft_model(t, draft).model_dump(mode="json")
    for table in payload["pairings"]:
        for side in ("a", "b"):
            player = table[side]
            points = draft.points_before[player["id"]]
            assert player["points_exact"] == (
                str(points.numerator)
                if points.denominator == 1
                else f"{points.numerator}/{points.denominator}"
            )


def test_every_note_class_has_its_model_with_the_same_fields() -> None:
    import dataclasses
    import typing

    from fairpair.engine.pairing.notes import PairingNote
    from fairpair.responses.pairing_notes import _MODELS

    classes = set(typing.get_args(PairingNote))
    assert set(_MODELS) == classes
    for note_class, model in _MODELS.items():
        note_fields = {f.name for f in dataclasses.fields(note_class)}
        model_fields = set(model.model_fields) - {"kind", "text"}
        # Every fact of the note is in its JSON; every JSON field is read off the note.
        assert note_fields <= model_fields, note_class
        assert all(hasattr(note_class, name) or name in note_fields for name in model_fields)
