"""Turn every fairpair error into a clear message and its exit code; never a traceback."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from fairpair.cli.exit_codes import ExitCode
from fairpair.engine.errors import (
    FairpairError,
    InvalidResult,
    InvalidTournament,
    PairingRefused,
    UnknownRuleset,
    UnknownStage,
    UnknownTiebreak,
)
from fairpair.engine.validation import InvalidTournamentProblems
from fairpair.interop.errors import DocumentError, MalformedJson, UnreadableFile

P = ParamSpec("P")
R = TypeVar("R")

err = Console(stderr=True, highlight=False, soft_wrap=True)


def exit_code_for(error: FairpairError) -> ExitCode:
    if isinstance(error, UnreadableFile):
        return ExitCode.UNREADABLE
    if isinstance(error, MalformedJson):
        return ExitCode.MALFORMED
    if isinstance(error, (UnknownTiebreak, UnknownRuleset, UnknownStage)):
        return ExitCode.UNKNOWN_NAME
    if isinstance(error, DocumentError):
        return ExitCode.INVALID
    if isinstance(error, InvalidResult):
        return ExitCode.INVALID
    if isinstance(error, InvalidTournament):
        return ExitCode.INCONSISTENT
    if isinstance(error, PairingRefused):
        return ExitCode.REFUSED
    return ExitCode.INTERNAL


def report(error: FairpairError) -> None:
    """Print every problem the error carries, one per line, to standard error."""
    problems: list[tuple[str, str]]
    if isinstance(error, (InvalidTournamentProblems, DocumentError)):
        problems = [(p.where, p.reason) for p in error.problems]
    else:
        problems = [(error.where, error.reason)]
    for where, reason in problems:
        place = f"[bold]{escape(where)}[/bold]: " if where else ""
        err.print(f"[red]error:[/red] {place}{escape(reason)}", markup=True)


def handles_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Run ``command``; map a ``FairpairError`` to its message and exit code."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except FairpairError as error:
            report(error)
            raise typer.Exit(int(exit_code_for(error))) from None
        except (typer.Exit, typer.Abort, KeyboardInterrupt):
            raise
        except Exception as error:  # a bug: say so plainly, never a traceback
            name = type(error).__name__
            err.print(
                f"[red]error:[/red] internal error ({escape(name)}: {escape(str(error))}). "
                "This is a bug in fairpair: please report it with the file you used.",
                markup=True,
            )
            raise typer.Exit(int(ExitCode.INTERNAL)) from None

    return wrapper
