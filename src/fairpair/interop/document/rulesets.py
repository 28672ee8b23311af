"""A ruleset in the document: a preset's name, or ``{"base": PRESET, ...}`` with only the
organizer's changes. The engine ``Ruleset`` remembers its ``base``; writing it back stores that
base plus the fields that differ from it, so a changed preset reads back the same."""

from __future__ import annotations

import dataclasses
from typing import Any

from fairpair.engine.errors import saying
from fairpair.engine.ruleset import Ruleset
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.scoring import Scoring
from fairpair.engine.tiebreaks.parameters import SPELLINGS
from fairpair.engine.tiebreaks.registry import REGISTRY, UNKNOWN, tiebreak_said
from fairpair.interop.document.binding import WRITERS, written
from fairpair.interop.document.validator_core import PydanticCustomError

#: Ruleset fields the document does not write as changes (``base`` is the key ``base``).
NOT_CHANGES = ("name", "base")


def preset(name: str) -> Ruleset:
    found = PRESETS.get(name)
    if found is None:
        raise PydanticCustomError(
            "unknown_ruleset",
            "unknown ruleset {name} (known: {known})",
            {"name": repr(name)[:60], "known": ", ".join(PRESETS)},
        )
    return found


def tiebreak(name: str) -> str:
    """A tie-break name of the catalogue, or a parametrised one (``koya_limit_60``,
    ``aro_unrated_1000``) with an allowed number; refused with the reason otherwise."""
    if name in REGISTRY:
        return name
    problem = tiebreak_said(name)
    if problem is None:
        return name
    if problem.template == UNKNOWN:
        known = ", ".join((*sorted(REGISTRY), *SPELLINGS))
        problem = saying(UNKNOWN, name=repr(name)[:60], known=known)
    # The reason as a sentence (its text is the message): a page says it in its reader's
    # language (service.kernel.stage_settings).
    raise PydanticCustomError("unknown_tiebreak", "{reason}", {"reason": problem})


def changed_preset(values: dict[str, Any]) -> Ruleset:
    """The base preset with the organizer's changes (every key but ``base``)."""
    changes = dict(values)
    base = preset(changes.pop("base", "default"))
    scoring = changes.pop("scoring", None)
    try:
        if scoring is not None:
            changes["scoring"] = dataclasses.replace(base.scoring, **scoring)
        return dataclasses.replace(base, **changes, base=base.name)
    except (ValueError, TypeError) as error:
        reason = str(error).replace("Scoring.", "scoring.").replace("Ruleset.", "")
        raise PydanticCustomError("ruleset", "{reason}", {"reason": reason}) from None


def _base_of(ruleset: Ruleset) -> Ruleset:
    name = ruleset.base or ruleset.name
    return PRESETS.get(name, PRESETS["default"])


def _diff(value: Any, base: Any, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        f.name: getattr(value, f.name)
        for f in dataclasses.fields(value)
        if f.name not in skip and getattr(value, f.name) != getattr(base, f.name)
    }


def written_ruleset(ruleset: Ruleset) -> str | dict[str, Any]:
    base = _base_of(ruleset)
    changes = _diff(ruleset, base, NOT_CHANGES)
    if not changes and ruleset.name in (base.name, "custom"):
        return base.name
    out: dict[str, Any] = {"base": base.name}
    for name, value in changes.items():
        if isinstance(value, Scoring):
            out[name] = {k: written(v) for k, v in _diff(value, base.scoring).items()}
        else:
            out[name] = written(value)
    return out


WRITERS[Ruleset] = written_ruleset
