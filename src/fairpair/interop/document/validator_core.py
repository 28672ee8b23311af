"""pydantic-core's compiled validator, without the Python layer of its package.

Reading a document needs three classes of pydantic-core's compiled extension
(``SchemaValidator``, ``ValidationError``, ``PydanticCustomError``) and its version. ``import
pydantic_core`` also runs the package's ``__init__``, which imports ``core_schema`` (the typed
definitions of every schema: ``TypedDict``s built at import) and ``typing_extensions``: 16 ms of
CPU that every command paid at start-up, measured beside the command's other imports (docs/
performance.md "Start-up"), for definitions the shipped validator never reads.

So the extension is loaded here from its own file, found where the package is installed, under
its own name (``pydantic_core._pydantic_core``): a later ``import pydantic_core`` (the server,
through pydantic) finds it in ``sys.modules`` and shares its classes, so an error raised by one
is caught as the other's. When the package is already imported, or its extension cannot be
found this way, the package is imported as usual — same classes, slower start.
"""

from __future__ import annotations

import sys
from importlib.machinery import ModuleSpec, PathFinder
from importlib.util import module_from_spec
from typing import TYPE_CHECKING

EXTENSION = "pydantic_core._pydantic_core"


def _extension_spec() -> ModuleSpec | None:
    """Where the extension is installed, found without running the package's ``__init__``."""
    if EXTENSION in sys.modules:
        return None
    package = PathFinder.find_spec("pydantic_core")
    places = package.submodule_search_locations if package is not None else None
    spec = PathFinder.find_spec(EXTENSION, places) if places else None
    return spec if spec is not None and spec.loader is not None else None


_SPEC = _extension_spec()

if TYPE_CHECKING or _SPEC is None:
    # Already imported (the server), or not found on its own: the package as usual.
    from pydantic_core import PydanticCustomError, SchemaValidator, ValidationError
    from pydantic_core import __version__ as VERSION
else:
    _core = module_from_spec(_SPEC)
    sys.modules[EXTENSION] = _core
    try:
        _SPEC.loader.exec_module(_core)
    except BaseException:
        del sys.modules[EXTENSION]
        raise
    SchemaValidator = _core.SchemaValidator
    ValidationError = _core.ValidationError
    PydanticCustomError = _core.PydanticCustomError
    VERSION: str = _core.__version__

__all__ = ["VERSION", "PydanticCustomError", "SchemaValidator", "ValidationError"]
