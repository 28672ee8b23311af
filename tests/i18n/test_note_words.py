"""Pairing notes in the reader's language (``fairpair.web.note_words``): every note kind said
there is, in English, word for word the engine's sentence for the same note (so the messages
are the engine's sentences), and in German and Japanese a whole translated sentence holding
every name it names."""

from __future__ import annotations

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from fairpair import i18n
from fairpair.engine.pairing import render_note
from fairpair.engine.pairing.elimination import Pool
from fairpair.engine.pairing.notes import GroupScore, PairingNote
from fairpair.engine.players import PlayerId
from fairpair.responses.note_data import FIELDS, note_data
from fairpair.web.note_words import _KINDS, note_words, said_note

NAMES = {"p01": "Ash", "p02": "Brook", "p03": "Cleo", "p04": "Dev"}
IDS = st.sampled_from(sorted(NAMES))

st.register_type_strategy(PlayerId, IDS)
st.register_type_strategy(
    GroupScore,
    st.one_of(
        st.builds(GroupScore, points=st.fractions(min_value=0, max_value=30, max_denominator=2)),
        st.builds(GroupScore, pool=st.builds(Pool, st.integers(0, 9), st.integers(0, 9))),
    ),
)
SAID = [note for note in FIELDS if note.kind.value in _KINDS]  # type: ignore[attr-defined]
NOTES = st.one_of([st.from_type(note) for note in SAID])


def _data(note: PairingNote) -> dict[str, object] | None:
    try:
        render_note(note, NAMES)
    except (ArithmeticError, ValueError, KeyError, IndexError):
        return None
    if any(p not in NAMES for p in _ids(note_data(note, NAMES))):
        return None
    return note_data(note, NAMES)


def _ids(data: object) -> list[str]:
    """The player ids a note's data names (its fields of players and pairs)."""
    found: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("player", "instead_of", "a", "b") and isinstance(value, str):
                found.append(value)
            elif key == "players" and isinstance(value, list):
                found += [v for v in value if isinstance(v, str)]
            elif key == "pairs":
                found += _ids({"x": value})
            elif isinstance(value, (dict, list)):
                found += _ids(value)
    elif isinstance(data, list):
        for item in data:
            found += _ids(item)
    return found


def test_every_kind_said_here_is_a_note_kind() -> None:
    assert {note.kind.value for note in SAID} == set(_KINDS)  # type: ignore[attr-defined]


@settings(max_examples=500, deadline=None)
@given(note=NOTES)
def test_in_english_each_sentence_is_the_engines(note: PairingNote) -> None:
    data = _data(note)
    if data is None:
        reject()
    said = said_note(data, NAMES)
    if said is not None:  # None: a case still said by the engine alone (a rarer bye rule)
        assert said == data["text"]
    assert note_words(data, NAMES) == data["text"]


@pytest.mark.parametrize("lang", ["de", "ja"])
@settings(max_examples=200, deadline=None)
@given(note=NOTES)
def test_in_german_and_japanese_each_sentence_is_translated(lang: str, note: PairingNote) -> None:
    data = _data(note)
    if data is None:
        reject()
    with i18n.speaking(lang):
        said = note_words(data, NAMES)
    if said_note(data, NAMES) is None:
        return
    assert said != data["text"]
    for pid in _ids(data):  # every name the English sentence names
        if NAMES[pid] in str(data["text"]):
            assert NAMES[pid] in said
