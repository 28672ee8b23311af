"""pydantic's validation messages in the reader's language (``fairpair.i18n.pydantic_words``):
English exactly pydantic's; the common types said from the catalogue with the same values."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, Field, ValidationError

from fairpair import i18n
from fairpair.i18n.pydantic_words import pydantic_message


class Form(BaseModel):
    top: int = Field(ge=2)
    name: str = Field(min_length=1)
    kind: int


def _errors(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    with pytest.raises(ValidationError) as caught:
        Form.model_validate(data)
    return {str(e["loc"][0]): dict(e) for e in caught.value.errors()}


def test_english_is_pydantics_own_message() -> None:
    for error in _errors({"top": 1, "name": "", "kind": "x"}).values():
        assert pydantic_message(error) == error["msg"]


def test_german_and_japanese_say_the_common_messages_with_their_values() -> None:
    errors = _errors({"top": 1, "name": ""})
    with i18n.speaking("de"):
        assert pydantic_message(errors["top"]) == "Muss größer oder gleich 2 sein"
        assert pydantic_message(errors["name"]) == "Muss mindestens 1 Zeichen haben"
        assert pydantic_message(errors["kind"]) == "Pflichtfeld"
    with i18n.speaking("ja"):
        assert pydantic_message(errors["top"]) == "2 以上にしてください"
        wrong = _errors({"top": 2, "name": "a", "kind": "x"})["kind"]
        assert pydantic_message(wrong) == "整数を入力してください(整数として読めません)"
