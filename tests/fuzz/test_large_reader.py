"""The large-document reader (``interop.document.large``) against the whole-document reader,
on hostile input: the same tournament or the same refusal for every file, and a valid document
read a round at a time (never by falling back to the whole reader)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairpair.engine.errors import FairpairError
from fairpair.interop.document import large, load_document

from .strategies import documents, mutated_examples, raw_bytes

EXAMPLES_PER_TEST = int(os.environ.get("FAIRPAIR_FUZZ_EXAMPLES", "40"))

same_as_whole = settings(
    max_examples=3 * EXAMPLES_PER_TEST,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
        HealthCheck.function_scoped_fixture,
    ],
)


def outcome(read: Any, path: Path) -> Any:
    """The tournament read, or the refusal: its class, its text and its problems."""
    try:
        return read(path)
    except FairpairError as error:
        return (type(error), str(error), getattr(error, "problems", None))


@same_as_whole
@given(data=st.one_of(documents(), mutated_examples(), raw_bytes()))
def test_the_large_reader_reads_every_file_as_the_whole_reader(
    data: bytes, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path_factory.mktemp("large") / "event.json"
    path.write_bytes(data)
    whole = outcome(load_document, path)
    fell_back: list[Path] = []

    def whole_again(again: Path) -> Any:
        fell_back.append(again)
        return load_document(again)

    with monkeypatch.context() as patched:
        patched.setattr(large, "load_document", whole_again)
        by_rounds = outcome(large.load_large_document, path)
    assert by_rounds == whole
    if not isinstance(whole, tuple):  # read: a round at a time, not again whole
        assert not fell_back
