"""A stage in the document: flat settings (``format``, ``pairing_method``, ``elimination``, ...)
beside the stage's facts, as organizers write them. The engine keeps the settings in a
per-format configuration (``Stage.config``); ``stage_from_settings`` builds it and refuses a
contradiction, ``stage_settings`` reads the flat settings back. A new configuration field is
read and written by its name with no change here.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pydantic_core import PydanticCustomError

from fairpair.engine.errors import InvalidStage, path_text
from fairpair.engine.stage import Stage, stage_from_settings

#: Configuration fields the document calls by another name.
_RENAMED = {"thresholds": "elimination"}


def stage_of(**settings: Any) -> Stage:
    """The engine stage of a validated stage object."""
    try:
        return stage_from_settings(**settings)
    except InvalidStage as error:
        raise PydanticCustomError(
            "stage", "{reason}", {"reason": error.reason, "field": path_text(error.location.path)}
        ) from None


def stage_settings(stage: Stage) -> dict[str, Any]:
    """The document keys of ``stage``: its own fields and its configuration's, flat."""
    out = {f.name: getattr(stage, f.name) for f in dataclasses.fields(stage) if f.name != "config"}
    config = stage.config
    out["format"] = config.kind
    for field in dataclasses.fields(config):
        out[_RENAMED.get(field.name, field.name)] = getattr(config, field.name)
    return out
