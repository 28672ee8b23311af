"""Reading a document: bytes → pydantic's JSON parser → engine objects → referential checks.

pydantic-core parses and validates the JSON in one pass (no Python dict of the whole file)
and builds each engine object as soon as its part is valid (``schema.py``). Every refusal
names its JSON path and, read off the document, the organizer's place ("round 4, table 1").
Hostile input is bounded: nesting (the parser stops at 200 levels), numbers (``limits``),
text (control characters, unpaired surrogates), and a UTF-8 byte order mark is accepted.
"""

from __future__ import annotations

import json
import os
import re
import stat
from typing import Any

from fairpair.engine.errors import (
    FairpairError,
    Said,
    UnknownRuleset,
    UnknownTiebreak,
    path_text,
)
from fairpair.engine.tournament import Tournament
from fairpair.engine.validation import InvalidTournamentProblems, Problem, validate
from fairpair.interop.document.compiled import document_validator
from fairpair.interop.document.places import loc_of, place_of
from fairpair.interop.document.validator_core import ValidationError
from fairpair.interop.errors import DocumentError, MalformedJson, UnreadableFile

BOM = b"\xef\xbb\xbf"

#: The parser's message (compiled when first used: ``re`` keeps it).
_AT = r"^(?:Invalid JSON: )?(.*?)(?: at line (\d+) column (\d+))?$"
#: pydantic's words for the parts of a union or a validator, which are not fields.
_NOT_FIELDS = ("preset", "changed")


#: The largest document read (a 100,000-player, 15-round event is ~130 MB).
MAX_DOCUMENT_BYTES = 1 << 30

#: From this size on the command line reads a document one round at a time (``large.py``: a
#: ~1,600-player event of 15 rounds; its rounds are read by msgspec, ``typed_rounds``, which
#: pays for its import from about this size on; below it, reading it whole is as fast).
LARGE_DOCUMENT_BYTES = 2 << 20


def is_large(path: str | os.PathLike[str]) -> bool:
    """The file at ``path`` has ``LARGE_DOCUMENT_BYTES`` or more."""
    try:
        return os.stat(path).st_size >= LARGE_DOCUMENT_BYTES
    except OSError:  # the reader says what is wrong with it
        return False


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The file's bytes, without a UTF-8 byte order mark; ``UnreadableFile`` otherwise (and
    when it is not UTF-8)."""
    raw = read_raw(path).removeprefix(BOM)
    if raw.isascii():  # ASCII is UTF-8; checked ten times faster than decoded
        return raw
    _text(raw, path)
    return raw


def read_text(path: str | os.PathLike[str]) -> tuple[bytes, bytes, str]:
    """The file as it is kept: its UTF-8 byte order mark (``b""`` when it has none), its
    bytes after the mark and their text; ``UnreadableFile`` as ``read_bytes``."""
    raw = read_raw(path)
    mark = BOM if raw.startswith(BOM) else b""
    body = raw[len(mark) :] if mark else raw
    return mark, body, _text(body, path)


def _text(raw: bytes, path: str | os.PathLike[str]) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UnreadableFile(str(path), f"is not UTF-8 text (byte {error.start})") from None


def read_raw(path: str | os.PathLike[str]) -> bytes:
    """The file's bytes as they are; ``UnreadableFile`` otherwise.

    Only a regular file is read: a device (``/dev/zero`` never ends), a named pipe (it waits
    for a writer) or a socket is refused at once, and so is a file over 1 GiB."""
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise UnreadableFile(str(path), "no such file") from None
    except IsADirectoryError:
        raise UnreadableFile(str(path), "is a folder, not a file") from None
    except PermissionError:
        raise UnreadableFile(str(path), "permission denied") from None
    except OSError as error:
        raise UnreadableFile(str(path), error.strerror or "cannot be read") from None
    try:
        info = os.fstat(handle)
        if stat.S_ISDIR(info.st_mode):
            raise UnreadableFile(str(path), "is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(
                str(path), "is not a regular file (a device, a pipe or a socket): save it first"
            )
        if info.st_size > MAX_DOCUMENT_BYTES:
            raise UnreadableFile(str(path), "is larger than 1 GiB: not a tournament document")
        raw = _read_all(handle, info.st_size)
    except OSError as error:
        raise UnreadableFile(str(path), error.strerror or "cannot be read") from None
    finally:
        os.close(handle)
    if len(raw) > MAX_DOCUMENT_BYTES:
        raise UnreadableFile(str(path), "is larger than 1 GiB: not a tournament document")
    return raw


def _read_all(handle: int, size: int) -> bytes:
    """The file's bytes up to one past the limit, in one read of its size when it does not
    grow meanwhile (a buffered ``read(limit)`` would first allocate the whole limit: 3.6 ms
    more for a 13 MB document)."""
    chunks: list[bytes] = []
    left = MAX_DOCUMENT_BYTES + 1
    want = size + 1  # one more, to see the end (or a file still growing)
    while left > 0:
        chunk = os.read(handle, min(want, left, 1 << 30))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
        want = 1 << 20
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def load_document(path: str | os.PathLike[str]) -> Tournament:
    """Read, validate and return the tournament in the JSON file at ``path``."""
    path = os.fspath(path)
    raw = read_bytes(path)
    try:
        tournament: Tournament = document_validator().validate_json(raw)
    except ValidationError as error:
        raise _refusal(error, raw, path) from None
    return _checked(tournament, raw)


def parse_document(data: Any) -> Tournament:
    """Validate parsed JSON (``json.loads``) and return the ``Tournament``."""
    if not isinstance(data, dict):
        raise DocumentError([Problem("(document)", "must be a JSON object", "the document")])
    try:
        tournament: Tournament = document_validator().validate_python(data)
    except ValidationError as error:
        raise _refusal(error, data, "(document)") from None
    except RecursionError:
        raise DocumentError([Problem("(document)", "is nested too deeply")]) from None
    return _checked(tournament, data)


def _checked(tournament: Tournament, source: Any) -> Tournament:
    try:
        # The schema checked each player's id, name and seed (values.Id, Name, SeedNumber).
        return validate(tournament, players_checked=True)
    except InvalidTournamentProblems as error:
        data = _data(source)
        placed = [
            Problem(p.where, p.reason, place_of(loc_of(p.where), data)) for p in error.problems
        ]
        raise InvalidTournamentProblems(placed) from None


def _data(source: Any) -> Any:
    """The document as JSON data, to read its places from (only when refusing)."""
    if not isinstance(source, bytes):
        return source
    try:
        return json.loads(source)
    except (ValueError, RecursionError):
        return None


def _path_of(loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
    return tuple(
        part
        for part in loc
        if isinstance(part, int) or not (part in _NOT_FIELDS or "[" in part or "(" in part)
    )


def _text_of(path: tuple[int | str, ...]) -> str:
    return path_text(path) or "(document)"


def said_of(item: Any) -> Said | None:
    """The reason of a schema error as the engine said it (a sentence a reader hears in
    their language: a tie-break's problem), when the check gave one; its text is the
    error's message."""
    reason = (item.get("ctx") or {}).get("reason")
    return reason if isinstance(reason, Said) else None


def _reason(item: Any) -> str:
    kind = item["type"]
    if kind in ("extra_forbidden", "unexpected_keyword_argument"):  # (a dataclass: a match)
        return "is not a field here (check the spelling; see docs/tournament-document.md)"
    if kind == "missing":
        return "is required"
    if kind == "dataclass_type":  # a match, made by the validator: what a dict's check says
        json = "object" in item["msg"]
        return "Input should be an object" if json else "Input should be a valid dictionary"
    if kind == "string_unicode":
        return "is not valid text (it holds an unpaired surrogate, \\ud800 to \\udfff)"
    message: str = item["msg"].removeprefix("Value error, ")
    return re.sub(r" or instance of \w+", "", message)


def _json_refusal(message: str, where: str) -> FairpairError:
    found = re.match(_AT, message, re.DOTALL)
    what, line, column = found.groups() if found else (message, None, None)
    # the parser says column 0 at the start of a line (the end of a file after a newline);
    # an editor's first column is 1
    place = f"{where}:{line}:{max(int(column or 1), 1)}" if line else where
    if "number out of range" in what:
        return DocumentError([Problem(place, "a number too large to read")])
    if "recursion limit" in what:
        return DocumentError(
            [Problem(place, "nested too deeply (a document is at most a few levels deep)")]
        )
    if "surrogate" in what or "hex escape" in what:
        what = "a \\u escape that is not a whole character (an unpaired surrogate)"
    return MalformedJson(place, f"not valid JSON: {what}")


def _refusal(error: ValidationError, source: Any, where: str) -> FairpairError:
    items = error.errors(include_url=False)
    if items and items[0]["type"] == "json_invalid":
        return _json_refusal(items[0]["msg"], where)
    data = _data(source)
    problems: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    first_kind = ""
    for item in items:
        path = _path_of(item["loc"])
        field = (item.get("ctx") or {}).get("field")
        if field:
            path = (*path, *loc_of(str(field)))
        text, reason = _text_of(path), _reason(item)
        if (text, reason) in seen:
            continue
        seen.add((text, reason))
        first_kind = first_kind or item["type"]
        problems.append(Problem(text, said_of(item) or reason, place_of(path, data)))
    if first_kind == "unknown_ruleset":
        return UnknownRuleset(problems[0].where, problems[0].said)
    if first_kind == "unknown_tiebreak":
        return UnknownTiebreak(problems[0].where, problems[0].said)
    return DocumentError(problems)
