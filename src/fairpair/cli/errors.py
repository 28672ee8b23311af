"""Turn every error into a clear message and its exit code; never a traceback.

Every command runs behind ``handles_errors``. Exit codes, stable codes and HTTP statuses come
from one table, ``fairpair.error_table`` (imported only when something went wrong). Each
problem prints as ``error: WHERE: REASON (the place in the organizer's words)``; with
``--json`` the problems go to standard error as one JSON object instead.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import ParamSpec, TypeVar

import typer

from fairpair.cli.output import json_text
from fairpair.cli.screen import say, screen, write

P = ParamSpec("P")
R = TypeVar("R")


def _problems(error: Exception) -> list[tuple[str, str, str]]:
    """(where, organizer's place if the error knows it, reason) of each problem."""
    listed = getattr(error, "problems", None)
    items = listed if isinstance(listed, list) and listed else [error]
    out = []
    for item in items:
        location = getattr(item, "location", None)
        place = getattr(location, "place", "") if location is not None else ""
        reason = getattr(item, "reason", None)
        out.append((str(getattr(item, "where", "")), str(place or ""), str(reason or item)))
    return out


def report(error: Exception, file: Path | None = None, as_json: bool = False) -> int:
    """Print every problem ``error`` carries to standard error; return its exit code."""
    from fairpair.cli.places import human_place, read_document
    from fairpair.error_table import kind_of

    kind = kind_of(error)
    code = kind.code
    problems = _problems(error)
    unplaced = any(not place and human_place(where) for where, place, _ in problems)
    document = read_document(file) if unplaced else None
    placed = [
        (where, place or human_place(where, document), reason) for where, place, reason in problems
    ]
    if as_json:
        payload = {
            "error": {
                "code": code,
                "exit_code": int(kind.exit),
                "problems": [{"where": w, "place": h, "reason": r} for w, h, r in placed],
            }
        }
        write(json_text(payload, screen(sys.stderr).encoding), err=True)
        return int(kind.exit)
    err = screen(sys.stderr)
    c = err.clean
    for where, human, reason in placed:
        place = f"{err.paint(c(where), '1')}: " if where else ""
        tail = f" ({c(human)})" if human else ""
        write(f"{err.paint('error:', '31')} {place}{c(reason)}{tail}\n", err=True)
    return int(kind.exit)


def internal(error: BaseException) -> int:
    say(
        f"error: internal error ({type(error).__name__}: {error}). "
        "This is a bug in fairpair: please report it with the file you used.",
        err=True,
    )
    return 1


def handles_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Run ``command``; map any error to its message and exit code (never a traceback)."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except (typer.Exit, typer.Abort, KeyboardInterrupt):
            raise
        except Exception as error:
            from fairpair.engine.errors import FairpairError

            file = kwargs.get("file")
            as_json = bool(kwargs.get("as_json"))
            if isinstance(error, FairpairError):
                code = report(error, file if isinstance(file, Path) else None, as_json)
            else:
                code = internal(error)
            raise typer.Exit(code) from None

    return wrapper
