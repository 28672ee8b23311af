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
from typing import ParamSpec, TypeVar

from fairpair.cli.params import Exit, UsageError
from fairpair.cli.screen import say, screen, write

P = ParamSpec("P")
R = TypeVar("R")


def _problems(error: Exception) -> list[tuple[str, str, str]]:
    """(where, organizer's place if the error knows it, reason) of each problem."""
    listed = getattr(error, "problems", None)
    items = listed if isinstance(listed, list) and listed else [error]
    out = []
    for item in items:
        # The reader names each problem's place ("round 4, table 1, result"); engine errors
        # carry a Location whose place says the same.
        location = getattr(item, "location", None)
        place = getattr(item, "place", "") or (
            getattr(location, "place", "") if location is not None else ""
        )
        reason = str(getattr(item, "reason", None) or item)
        # the command line that does what the reason says (pages offer their own action)
        command = getattr(item, "command", None)
        if command:
            reason += f" ({command})"
        out.append((str(getattr(item, "where", "")), str(place or ""), reason))
    return out


def report(error: Exception, as_json: bool = False) -> int:
    """Print every problem ``error`` carries to standard error; return its exit code."""
    from fairpair.error_table import kind_of

    kind = kind_of(error)
    code = kind.code
    placed = _problems(error)
    if as_json:
        from fairpair.cli.output import json_text  # JSON (orjson) only when asked for

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
        tail = f" ({c(human)})" if human and human != where else ""
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
        except (Exit, UsageError, KeyboardInterrupt):
            raise
        except Exception as error:
            from fairpair.engine.errors import FairpairError

            # --json as an option of its own, or in an option group (``options.Change``)
            as_json = bool(kwargs.get("as_json")) or any(
                getattr(value, "as_json", None) is True for value in kwargs.values()
            )
            known = isinstance(error, FairpairError)
            raise Exit(report(error, as_json) if known else internal(error)) from None

    return wrapper
