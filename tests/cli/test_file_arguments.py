"""A command's ``FILE`` / ``EVENT|FILE`` argument is the text typed, read through ``os`` (the
document commands do not import ``pathlib``): whether it names a file and whether it is a TRF
file are decided as they were with ``pathlib.Path``."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from fairpair.cli.saved import is_document
from fairpair.interop.files import TRF_SUFFIXES, is_trf, suffix_of

#: Names made of the characters that decide: dots, slashes, letters of the suffixes.
NAMES = st.text(alphabet="./\\aTrfjsonx-_ ", max_size=14)


def _document_by_pathlib(text: str) -> bool:
    path = Path(text)
    return path.exists() or "/" in text or "\\" in text or bool(path.suffix)


def _suffix_by_pathlib(text: str) -> str:
    return Path(text).suffix.lower()


@given(NAMES)
def test_a_slug_or_a_file_is_told_as_pathlib_told_it(text: str) -> None:
    assert is_document(text) == _document_by_pathlib(text)


@given(NAMES)
def test_a_trf_name_is_told_as_pathlib_told_it(text: str) -> None:
    suffix = _suffix_by_pathlib(text)
    if suffix in TRF_SUFFIXES:
        assert is_trf(text)
    elif suffix == ".json":
        assert not is_trf(text)


@given(NAMES)
def test_a_suffix_is_pathlib_s(text: str) -> None:
    assert suffix_of(text) == Path(text).suffix


def test_a_path_object_is_read_as_its_text(tmp_path: Path) -> None:
    trf = tmp_path / "club.TRF"
    trf.write_text("012 Club\n")
    assert is_trf(trf) and is_trf(str(trf))
    document = tmp_path / "event"
    document.write_text('  {"players": []}')
    assert not is_trf(document)
    assert is_document(str(document)) and is_document("event.json")
    assert not is_document("friday-night")
