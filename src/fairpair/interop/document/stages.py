"""A stage in the document: flat settings (``format``, ``pairing_method``, ``elimination``, ...)
beside the stage's facts, as organizers write them. The engine keeps the settings in a
per-format configuration (``Stage.config``); ``stage_from_settings`` builds it and refuses a
contradiction, ``stage_settings`` reads the flat settings back. A new configuration field is
read and written by its name with no change here.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from fairpair.engine.errors import InvalidStage, path_text
from fairpair.engine.stage import Stage, stage_from_settings
from fairpair.engine.stage_config import DEFAULT_NAMES
from fairpair.interop.document.validator_core import PydanticCustomError

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


def tidy_stage(stage: Stage, out: dict[str, Any], kept: tuple[str, ...]) -> None:
    """The writer leaves a stage's name out when it is its format's own name (the reader's
    default), and writes it when it differs — even when it is "Swiss" on another format; and
    it leaves out a setting of the stage's format that has its default value (the writer's
    defaults are a Swiss stage's, which has no such key)."""
    for field in dataclasses.fields(stage.config):
        key = _RENAMED.get(field.name, field.name)
        if key in out and key not in kept and getattr(stage.config, field.name) == field.default:
            del out[key]

    if stage.name == DEFAULT_NAMES[stage.format] and "name" not in kept:
        out.pop("name", None)
    elif "name" not in out:  # "Swiss" on another format: said, after the id as always
        rest = {k: v for k, v in out.items() if k != "id"}
        head = {"id": out["id"]} if "id" in out else {}
        out.clear()
        out.update({**head, "name": stage.name, **rest})
