"""The compiled methods of fairpair's dataclasses, kept between runs as Python keeps bytecode.

``@dataclass`` writes a class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__`` (and, for a
frozen class, ``__setattr__`` and ``__delattr__``) as source text and compiles that text
while the class is made: about 0.4 ms of a frozen class's 0.5 ms — compiled again by every
run, as a module would be without its ``__pycache__``. Kept, they take 45 ms off importing
``fairpair pair``'s command (134 classes) and 20 ms off ``fairpair standings``'. The text
depends only on the class's definition, and the same text always compiles to the same code.

``keep_compiled()`` (called by the command line, ``fairpair.cli``, before it makes any class)
gives ``dataclasses`` an ``exec`` that looks each text up in a file beside the bytecode
(``__pycache__``, or ``PYTHONPYCACHEPREFIX``'s folder) before compiling it, and at exit adds
what it compiled to that file. The file is keyed by the whole text, so a stale entry is never
used (a changed class writes different text), and a file that cannot be read, is from
another Python or is damaged counts as empty. Only fairpair's own classes are kept; any other
class is made exactly as before. Nothing is written where Python writes no bytecode
(``PYTHONDONTWRITEBYTECODE``), nor where the folder cannot be written. The file is trusted
as the bytecode beside it is (``marshal``, like a ``.pyc``).
"""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER, cache_from_source
from types import CodeType
from typing import Any

#: The file's first bytes: Python's bytecode magic number (its code objects are not
#: readable by another version), then this format's own number. Then the length of the index
#: (4 bytes, little-endian), the index (``marshal``: each module's ``(offset, length)`` after
#: it) and each module's texts and code (``marshal``): a command reads the index and the
#: modules it imports, not the whole file (1.2 ms of every start when read whole).
HEADER = MAGIC_NUMBER + b"fpdc2"
_LENGTH = 4
#: The largest index read (a few kilobytes are written): more is a damaged file.
_MOST_INDEX = 1 << 20

#: When the file holds more texts than this, a run that adds some keeps only those it used.
MOST_KEPT = 5_000

#: Which modules' classes are kept: fairpair's own (``__name__`` in the class's module).
OWN = "fairpair"


class _Store:
    """The texts read from the file (per module, unmarshalled when first asked for) and
    those compiled by this process."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.file = _File(path)
        self.loaded: dict[str, dict[str, CodeType]] = {}
        self.used: dict[str, set[str]] = {}
        self.compiled: dict[str, dict[str, CodeType]] = {}

    def code(self, module: str, text: str) -> CodeType:
        known = self.loaded.get(module)
        if known is None:
            known = self.loaded[module] = _unpack(self.file.blob(module))
        self.used.setdefault(module, set()).add(text)
        code = known.get(text)
        if code is None:
            # What exec does with text: compiled as a module, inheriting no __future__ flag
            # (dataclasses, the caller, has none).
            code = compile(text, "<string>", "exec", dont_inherit=True)
            known[text] = code
            self.compiled.setdefault(module, {})[text] = code
        return code

    def save(self) -> None:
        """Add what this process compiled to the file (read again first: another process
        may have added its own meanwhile)."""
        if not self.compiled or self.path is None or sys.dont_write_bytecode:
            return
        packed = _read(self.path)
        if sum(len(_unpack(blob)) for blob in packed.values()) > MOST_KEPT:
            # Grown over many changes of the classes: start again from what this run used.
            packed = {
                module: marshal.dumps({text: self.loaded[module][text] for text in texts})
                for module, texts in self.used.items()
            }
        else:
            for module, codes in self.compiled.items():
                merged = _unpack(packed.get(module))
                merged.update(codes)
                packed[module] = marshal.dumps(merged)
        _write(self.path, _packed(packed))
        self.compiled = {}


class _File:
    """The kept file, read as asked: its index when opened, a module's part when first asked
    for (the file stays open: another process may replace it meanwhile, never change it)."""

    def __init__(self, path: str | None) -> None:
        self.handle: int | None = None
        self.index: dict[str, tuple[int, int]] = {}
        self.start = 0
        if path is None:
            return
        try:
            handle = os.open(path, os.O_RDONLY)
        except OSError:
            return
        try:
            head = os.pread(handle, 1 << 16, 0)
            if not head.startswith(HEADER) or len(head) < len(HEADER) + _LENGTH:
                raise ValueError("not a file of this format")
            size = int.from_bytes(head[len(HEADER) : len(HEADER) + _LENGTH], "little")
            if size > _MOST_INDEX:
                raise ValueError("damaged: an index larger than any written")
            self.start = len(HEADER) + _LENGTH + size
            if len(head) < self.start:
                head = os.pread(handle, self.start, 0)
            index = marshal.loads(head[len(HEADER) + _LENGTH : self.start])
        except (OSError, EOFError, ValueError, TypeError):
            os.close(handle)
            return
        if not isinstance(index, dict):
            os.close(handle)
            return
        self.handle = handle
        self.index = {
            module: where
            for module, where in index.items()
            if isinstance(module, str)
            and isinstance(where, tuple)
            and len(where) == 2
            and all(isinstance(n, int) and n >= 0 for n in where)
        }

    def blob(self, module: str) -> bytes | None:
        """The module's part of the file (``None`` when it has none, or it cannot be read)."""
        where = self.index.get(module)
        if where is None or self.handle is None:
            return None
        offset, length = where
        try:
            found = os.pread(self.handle, length, self.start + offset)
        except OSError:
            return None
        return found if len(found) == length else None

    def close(self) -> None:
        if self.handle is not None:
            os.close(self.handle)
            self.handle = None


def _read(path: str) -> dict[str, bytes]:
    """Every module's part of the file at ``path`` (empty when it is missing or damaged)."""
    kept = _File(path)
    try:
        found = {module: kept.blob(module) for module in kept.index}
    finally:
        kept.close()
    return {module: blob for module, blob in found.items() if blob is not None}


def _packed(parts: dict[str, bytes]) -> bytes:
    """The file's bytes for these modules' parts."""
    index: dict[str, tuple[int, int]] = {}
    offset = 0
    for module, blob in parts.items():
        index[module] = (offset, len(blob))
        offset += len(blob)
    head = marshal.dumps(index)
    return b"".join((HEADER, len(head).to_bytes(_LENGTH, "little"), head, *parts.values()))


def _unpack(blob: bytes | None) -> dict[str, CodeType]:
    if blob is None:
        return {}
    try:
        codes = marshal.loads(blob)
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(codes, dict):
        return {}
    return {t: c for t, c in codes.items() if isinstance(t, str) and isinstance(c, CodeType)}


def _write(path: str, data: bytes) -> None:
    """Written whole or not at all (a file of this process's own renamed over it), never
    half; readable as this module's bytecode is."""
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        mode = os.stat(__file__).st_mode & 0o666
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def cache_path() -> str | None:
    """Where the compiled methods are kept: beside this module's bytecode (``None`` for an
    interpreter that keeps no bytecode: it has no cache tag)."""
    if sys.implementation.cache_tag is None:
        return None
    return cache_from_source(__file__).removesuffix(".pyc") + ".dataclass-code"


_store: _Store | None = None


def _exec(source: Any, globals: Any = None, locals: Any = None, /, **kwargs: Any) -> None:
    """``exec`` as ``dataclasses`` calls it, with a fairpair class's text looked up first.

    Any other text is compiled here as ``exec`` would in ``dataclasses`` (inheriting no
    ``__future__`` flag: a text exec'd from this module would take its ``annotations``)."""
    if isinstance(source, str):
        store = _store
        module = globals.get("__name__") if isinstance(globals, dict) else None
        if (
            store is not None
            and isinstance(module, str)
            and (module == OWN or module.startswith(OWN + "."))
        ):
            source = store.code(module, source)
        else:
            source = compile(source, "<string>", "exec", dont_inherit=True)
    exec(source, globals, locals, **kwargs)


def keep_compiled() -> None:
    """Make dataclasses' methods from the kept code from now on in this process (once)."""
    global _store
    if _store is not None:
        return
    _store = _Store(cache_path())
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    atexit.register(_store.save)


def compiled_here() -> int:
    """How many texts this process compiled (none when the file had them all)."""
    store = _store
    return 0 if store is None else sum(len(codes) for codes in store.compiled.values())
