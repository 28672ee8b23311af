"""``fairpair pair --json`` writes notes as plain data (``responses.note_data``, no pydantic):
for every note kind it is the note model's JSON, key for key and in the same order, and
``FIELDS`` names each model's fields as the model orders them."""

from __future__ import annotations

import json

from hypothesis import given, reject, settings
from hypothesis import strategies as st

from fairpair.engine.pairing import render_note
from fairpair.engine.pairing.elimination import Pool
from fairpair.engine.pairing.notes import GroupScore, PairingNote
from fairpair.responses.note_data import FIELDS, note_data
from fairpair.responses.pairing_notes import _MODELS, note_model

IDS = st.sampled_from(["p01", "p02", "p03", "p10"])
NAMES = {"p01": "Ash", "p02": "Brook", "p03": "Cleo"}  # p10 has no name: its id is shown

st.register_type_strategy(
    GroupScore,
    st.one_of(
        st.builds(
            GroupScore,
            points=st.fractions(min_value=0, max_value=30, max_denominator=4),
        ),
        st.builds(GroupScore, pool=st.builds(Pool, st.integers(0, 9), st.integers(0, 9))),
    ),
)


def test_fields_name_each_models_fields_in_its_order() -> None:
    assert set(FIELDS) == set(_MODELS)
    for note, model in _MODELS.items():
        assert tuple(model.model_fields) == ("kind", *FIELDS[note], "text"), note.__name__


NOTES = st.one_of([st.from_type(note) for note in _MODELS])


@settings(max_examples=600, deadline=None)
@given(note=NOTES)
def test_every_note_is_its_models_json(note: PairingNote) -> None:
    try:  # random values can make a note no draft makes (tables of 0 seats): skip those
        render_note(note, NAMES)
    except (ArithmeticError, ValueError, KeyError, IndexError):
        reject()
    plain = note_data(note, NAMES)
    model = note_model(note, NAMES).model_dump(mode="json")
    assert json.dumps(plain) == json.dumps(model)
