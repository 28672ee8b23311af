"""What every saved-event command shares: the database it opens, who it acts as, and how it
says what happened (one line for people, the service's model or a small object for ``--json``).

The commands call the service (``fairpair.service``) and nothing below it: even the database
is opened through the service (``fairpair.service.kernel.connection``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from fairpair.interop.files import suffix_of

if TYPE_CHECKING:
    from fairpair.service.kernel.connection import Database

#: The audit log's actor when ``--as`` is not given.
ENV_ACTOR = "FAIRPAIR_ACTOR"


def actor_of(given: str | None) -> str:
    """``--as NAME``, else ``$FAIRPAIR_ACTOR``, else the operating system's user name."""
    for value in (given, os.environ.get(ENV_ACTOR)):
        if value is not None and value.strip():
            return value.strip()
    try:
        import getpass

        return getpass.getuser() or "unknown"
    except Exception:  # no user name in this environment (a container without one)
        return "unknown"


@contextmanager
def database(url: str | None) -> Iterator[Database]:
    """The database of ``--db URL`` (else ``$FAIRPAIR_DATABASE_URL``, else the default SQLite
    file), migrated; closed afterwards."""
    from fairpair.service.kernel.connection import opened

    with opened(url) as db:
        yield db


def done(line: str, payload: Any, as_json: bool) -> None:
    """Say what happened: ``line`` for people, ``payload`` (a model or JSON data) for scripts."""
    if as_json:
        from fairpair.cli.output import print_json

        print_json(payload)
        return
    from fairpair.cli.screen import say

    say(line)


def lines(texts: list[str]) -> None:
    """Print several lines, each cleaned for standard output."""
    from fairpair.cli.screen import screen, write

    out = screen()
    write("".join(out.clean(t) + "\n" for t in texts))


def names(items: list[str], none: str = "none") -> str:
    return ", ".join(items) if items else none


def is_document(given: object) -> bool:
    """``EVENT-or-FILE``: a path that exists is a file, and so is one that looks like a file
    (a ``.json`` name, a folder in it); anything else is an event's slug."""
    text = str(given)
    return (
        os.path.exists(text or ".")  # "" is the current folder, as for pathlib
        or "/" in text
        or "\\" in text
        or bool(suffix_of(text))
    )


def tables_text(changed: list[int]) -> str:
    """``table 3 changed``, ``tables 2, 5 changed``, ``no table changed``."""
    if not changed:
        return "no table changed"
    word = "table" if len(changed) == 1 else "tables"
    return f"{word} {', '.join(str(t) for t in changed)} changed"


def utc_text(moment: object, seconds: bool = False) -> str:
    """A stored time as UTC text (``2026-12-05 10:00``); a time without a zone is UTC."""
    from datetime import UTC, datetime

    if not isinstance(moment, datetime):
        return ""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")
