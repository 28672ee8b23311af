"""A stage's configuration in the database: the tournament document's stage object without
its facts (rounds and drops live in their own tables). One schema reads and writes both."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pydantic_core import ValidationError

from fairpair.engine.errors import InvalidStage, Location
from fairpair.engine.stage import Stage
from fairpair.engine.tournament import Tournament
from fairpair.i18n import gettext
from fairpair.i18n.pydantic_words import pydantic_message
from fairpair.interop.document.binding import written
from fairpair.interop.document.compiled import document_validator
from fairpair.interop.document.read import said_of

FACTS = ("rounds", "drops")


def settings_of(stage: Stage) -> dict[str, Any]:
    """``stage``'s configuration as document JSON (defaults left out), without its facts."""
    document_validator()  # the bindings the writer reads come with it
    data: dict[str, Any] = written(replace(stage, rounds=(), drops=()))
    for key in FACTS:
        data.pop(key, None)
    data.setdefault("id", stage.id)
    return data


def stage_of_settings(settings: dict[str, Any]) -> Stage:
    """The engine stage (without rounds or drops) of stored or given ``settings``.

    Refuses (``InvalidStage``, naming the setting) what the document schema refuses.
    """
    for key in FACTS:
        if key in settings:
            raise InvalidStage(
                Location(("stage", key)), gettext("%(key)s are facts, not settings") % {"key": key}
            )
    try:
        tournament: Tournament = document_validator().validate_python(
            {"name": "-", "players": [], "stages": [settings]}
        )
    except ValidationError as error:
        first = error.errors()[0]
        path = [str(p) for p in first["loc"][2:] if p not in ("preset", "changed")]
        # a tie-break's problem or pydantic's message: in the reader's language
        reason = said_of(first) or pydantic_message(first)
        raise InvalidStage(Location(tuple(path) or ("stage",)), reason) from None
    return tournament.stages[0]
