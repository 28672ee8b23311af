"""How a document object becomes an engine object and back, by field name.

Each document object is a ``TypedDict`` whose keys are the engine dataclass's field names (the
schema, in ``schema.py``). ``schema.bind`` ties the two together: reading builds the engine
object from the validated keys (a missing key takes the engine's default, or the document's
own default given there); writing reads every key the ``TypedDict`` names and leaves out the
defaults.
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
    """An engine class and its document ``TypedDict``'s keys, with the document's own defaults.

    ``factory`` builds the engine object from the keys when the class's own constructor does
    not take them (a stage is built from flat settings); ``settings`` reads the keys back off
    an engine object (default: the attribute of each key's name); ``tidy`` removes what the
    writer need not say (a table id that is the default one)."""

    engine: type[Any]
    keys: tuple[str, ...]
    defaults: Mapping[str, Any]
    ignore: tuple[str, ...] = ()
    factory: Callable[..., Any] | None = None
    settings: Callable[[Any], Mapping[str, Any]] | None = None
    tidy: Callable[[Any, dict[str, Any], tuple[str, ...]], None] | None = None
    document: str = ""
    """The ``TypedDict``'s name (its ``$defs`` entry in the JSON Schema)."""

    def make(self, values: dict[str, Any]) -> Any:
        """The engine object of a validated document object (no defaults of its own)."""
        return self.engine(**values)

    def build(self, values: dict[str, Any]) -> Any:
        """The engine object of a validated document object, with the document's defaults."""
        for key in self.ignore:
            values.pop(key, None)
        make = self.factory or self.engine
        if self.defaults:
            return make(**{**self.defaults, **values})
        return make(**values)

    def read(self, value: Any) -> Mapping[str, Any]:
        """The document keys of the engine object ``value``."""
        if self.settings is not None:
            return self.settings(value)
        return {key: getattr(value, key) for key in self.keys}

    def written_defaults(self) -> dict[str, Any]:
        """Each key's default (``MISSING`` when it has none), in the document's key order."""
        if self.factory is not None and self.settings is not None:
            # Keys that are not fields: the defaults are the settings of a default object.
            made = self.read(self.factory(**self.defaults))
            return {key: made.get(key, dataclasses.MISSING) for key in self.keys}
        fields = {f.name: f for f in dataclasses.fields(self.engine)}
        out: dict[str, Any] = {}
        for key in self.keys:
            field = fields[key]
            if key in self.defaults:
                out[key] = self.defaults[key]
            elif field.default is not dataclasses.MISSING:
                out[key] = field.default
            elif field.default_factory is not dataclasses.MISSING:
                out[key] = field.default_factory()
            else:
                out[key] = dataclasses.MISSING
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
        values = binding.read(value)
        out: dict[str, Any] = {}
        for name, default in _defaults(binding).items():
            item = values.get(name, dataclasses.MISSING)
            if item is dataclasses.MISSING or (item == default and name not in kept):
                continue
            out[name] = written(item, keep)
        if binding.tidy is not None:
            binding.tidy(value, out, kept)
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
