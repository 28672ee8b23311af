"""How a document object becomes an engine object and back, by field name.

Each document object is a ``TypedDict`` whose keys are the engine dataclass's field names (the
schema, in ``schema.py``). ``bind`` ties the two together: reading builds the engine object from
the validated keys (a missing key takes the engine's default, or the document's own default
given here); writing reads every field the ``TypedDict`` names and leaves out the defaults.
So a new engine field is one new key in one ``TypedDict`` (docs/tournament-document.md,
"How to add a field").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any


@dataclass(frozen=True, slots=True)
class Binding:
    """An engine class, its document ``TypedDict`` and the document's own defaults."""

    engine: type[Any]
    keys: tuple[str, ...]
    defaults: Mapping[str, Any]
    ignore: tuple[str, ...] = ()

    def make(self, values: dict[str, Any]) -> Any:
        """The engine object of a validated document object (no defaults of its own)."""
        return self.engine(**values)

    def build(self, values: dict[str, Any]) -> Any:
        """The engine object of a validated document object, with the document's defaults."""
        for key in self.ignore:
            values.pop(key, None)
        if self.defaults:
            return self.engine(**{**self.defaults, **values})
        return self.engine(**values)

    def written_defaults(self) -> dict[str, Any]:
        """Each written field's default (``MISSING`` when it has none)."""
        out: dict[str, Any] = {}
        for field in dataclasses.fields(self.engine):
            if field.name not in self.keys:
                continue
            if field.name in self.defaults:
                out[field.name] = self.defaults[field.name]
            elif field.default is not dataclasses.MISSING:
                out[field.name] = field.default
            elif field.default_factory is not dataclasses.MISSING:
                out[field.name] = field.default_factory()
            else:
                out[field.name] = dataclasses.MISSING
        return out


BINDINGS: dict[type[Any], Binding] = {}
#: Engine types the document writes in its own shape (a result, a ruleset, a game score).
WRITERS: dict[type[Any], Callable[[Any], Any]] = {}


def written(value: Any, keep: Mapping[type[Any], tuple[str, ...]] | None = None) -> Any:
    """``value`` as JSON data in the document's shape, defaults left out (except the keys
    ``keep`` names for a type: the user's own habit of writing them)."""
    writer = WRITERS.get(type(value))
    if writer is not None:
        return writer(value)
    binding = BINDINGS.get(type(value))
    if binding is not None:
        kept = keep.get(type(value), ()) if keep else ()
        out: dict[str, Any] = {}
        for name, default in _defaults(binding).items():
            item = getattr(value, name)
            if item == default and name not in kept:
                continue
            out[name] = written(item, keep)
        return out
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Fraction):
        return (
            value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
        )
    if isinstance(value, (tuple, list)):
        return [written(item, keep) for item in value]
    if isinstance(value, Mapping):
        return {key: written(item, keep) for key, item in value.items()}
    return value


_DEFAULTS: dict[type[Any], dict[str, Any]] = {}


def _defaults(binding: Binding) -> dict[str, Any]:
    found = _DEFAULTS.get(binding.engine)
    if found is None:
        found = _DEFAULTS[binding.engine] = binding.written_defaults()
    return found
