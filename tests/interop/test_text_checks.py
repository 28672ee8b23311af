"""A document's ids and names are refused exactly when ``engine.validation.text_problem`` says
so, with its words: the reader's quick path for printable ASCII changes no verdict."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.engine.validation import text_problem
from fairpair.interop.document import parse_document
from fairpair.interop.document.checks import TextCheck
from fairpair.interop.document.validator_core import PydanticCustomError
from fairpair.interop.errors import DocumentError

#: Short texts mixing printable ASCII, blanks, control characters, surrogates and others.
TEXTS = st.text(
    alphabet=st.one_of(
        st.sampled_from(" \t\n\r\x00\x1f\x7f\x85\xa0\u2028\u3000\ud800\udfff"),
        st.characters(min_codepoint=32, max_codepoint=126),
        st.characters(),
    ),
    max_size=12,
)


@settings(max_examples=600)
@given(value=TEXTS, limit=st.integers(min_value=1, max_value=10), name=st.booleans())
def test_a_text_passes_exactly_when_text_problem_finds_nothing(
    value: str, limit: int, name: bool
) -> None:
    check = TextCheck("a name" if name else "an id", limit)
    problem = text_problem(value, limit, name=name)
    if problem is None:
        assert check(value) is value
    else:
        with pytest.raises(PydanticCustomError) as refused:
            check(value)
        assert str(refused.value) == f"{check.kind} {problem}"


@settings(max_examples=150)
# (an empty name and an unpaired surrogate are refused by the schema's own string checks first,
# in their own words: "at least 1 character", "is not valid text")
@given(value=TEXTS.filter(lambda v: v and not any(0xD800 <= ord(c) <= 0xDFFF for c in v)))
def test_a_players_name_in_a_document_is_refused_with_text_problems_words(value: str) -> None:
    document = {
        "format": "fairpair-tournament",
        "version": 1,
        "name": "t",
        "players": [{"id": "p1", "name": value}, {"id": "p2", "name": "Bo"}],
    }
    problem = text_problem(value, name=True)
    if problem is None:
        assert parse_document(document).players[0].name == value
    else:
        with pytest.raises(DocumentError) as refused:
            parse_document(document)
        assert problem in str(refused.value)
