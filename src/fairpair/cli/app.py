"""The ``fairpair`` command: one module per command or command group, each imported only when
its command runs (``fairpair standings`` never imports the pairing or toss commands, nor Rich
unless it draws on a terminal, nor pydantic's response models unless ``--json``, nor the
database unless it reads a saved event). ``fairpair -h`` and ``--version`` import no command.

A command's module ``fairpair.cli.<module>`` holds either a function named like the command
(a single command) or ``GROUP``, a ``Group`` whose commands are the group's
(``fairpair round release``). A group may name ``DEFAULT``: the command that runs when the
first word is none of its commands (``fairpair toss FILE`` is ``fairpair toss table FILE``).
The words are read by ``fairpair.cli.command_line`` (argparse underneath: it costs a tenth of
what Typer or Click cost to import, docs/performance.md "Start-up").
"""

from __future__ import annotations

import gc
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TypeVar

from fairpair.cli.command_line import Command, Group, dispatch
from fairpair.cli.params import Exit, UsageError

#: Each command's module (``fairpair.cli.<name>``, whose function of the same name is the
#: command) and its one-line help, so that ``fairpair --help`` imports no command.
COMMANDS: dict[str, str] = {
    "demo": "Create a demo event in the database (or print the demo document).",
    "validate": "Check a tournament document: schema, players, pairings, results.",
    "standings": "Print the standings of a document or a saved event.",
    "pair": "Draft the next round: pairings, bye and the notes that explain them.",
    "toss": "The Toss table; flip a toss or recalculate a round (saved events).",
    "check-pairings": "Replay a TRF tournament by the FIDE Dutch system; say where it differs.",
    "rounds": "Recommend how many Swiss rounds to play for N players.",
    "schema": "Print the tournament document's JSON Schema.",
    "event": "Saved events: create, list and show them.",
    "player": "Register, import, check in, drop and reinstate players.",
    "stage": "Add a stage or change its settings (max rounds, ruleset, toss...).",
    "round": "Draft, release, open, complete, revert, delete or swap a round.",
    "result": "Report a match's result or correct one.",
    "export": "Write a saved event as a tournament document.",
    "image": "Draw a saved event's pairings, standings or bracket as an image for chat.",
    "import": "Save a tournament document as a new event.",
    "backup": "Write a backup of a saved event: document, contacts, audit log.",
    "restore": "Restore a backup file as a new saved event.",
    "log": "Print the audit log of a saved event: who changed what, when.",
    "cut": "Show who makes the top cut of a stage, and why the line is there.",
    "serve": "Run the web platform: organizer console, public live pages, JSON API.",
    "generator": "The generator in the browser: build it as a static folder.",
    "user": "Accounts that log in to the web console: add one, set a password.",
    "league": "A community's leagues (seasons): points rules, leaderboards, closing.",
    "staff": "An event's staff and their roles: owner, judge, viewer.",
    "token": "API bearer tokens of an account: create, list, revoke.",
    "jobs": "Scheduled jobs: round notices and their deliveries.",
    "discord": "The Discord bot: register its commands, make link codes.",
    "community": "Communities: a store's, club's or Discord server's events, staff, players.",
    "rating": "A community's ratings: list, a person's history, settings, rebuild.",
}
#: Commands whose module is not named like them (``import`` is a Python keyword).
MODULES: dict[str, str] = {"import": "import_document", "check-pairings": "check_pairings"}
F = TypeVar("F", bound=Callable[..., Any])
HELP = "Swiss tournaments you can trust: pairings, standings, tiebreaks and a fair toss."


def group(name: str, help: str, default: str | None = None) -> Group:
    """A command group (its module's ``GROUP``)."""
    return Group(name, help, default)


def command(owner: Group, name: str) -> Callable[[F], F]:
    """Register a function as command ``name`` of group ``owner`` (a parameter typed with an
    option group, ``options.Change``, lists the group's options where it stands)."""

    def add(function: F) -> F:
        owner.commands[name] = Command(name, function)
        return function

    return add


class Program:
    """The ``fairpair`` program: its commands looked up by name and imported on first use.
    Called with the words after ``fairpair``, it runs the command and returns its exit code."""

    help = HELP
    default = None
    options = (("--version", "Print the version and exit."),)

    def command(self, name: str) -> Command | Group | None:
        if name not in COMMANDS:
            return None
        module_name = MODULES.get(name, name)
        module = importlib.import_module(f"fairpair.cli.{module_name}")
        sub = getattr(module, "GROUP", None)
        if isinstance(sub, Group):
            return sub
        return Command(name, getattr(module, module_name))

    def rows(self) -> list[tuple[str, str]]:
        return list(COMMANDS.items())

    def __call__(self, words: Sequence[str] | None = None) -> int:
        argv = list(sys.argv[1:] if words is None else words)
        try:
            if argv[:1] == ["--version"]:
                from fairpair import __version__

                sys.stdout.write(f"fairpair {__version__}\n")
                return 0
            dispatch(self, "fairpair", argv)
        except Exit as stop:
            return stop.code
        except UsageError as error:
            sys.stderr.write(usage_error(error))
            return 2
        except (KeyboardInterrupt, EOFError):
            sys.stderr.write("\nAborted!\n")
            return 1
        return 0


def usage_error(error: UsageError) -> str:
    """``Usage: ...``, how to get help, then ``Error: ...``."""
    usage = f"{error.usage}\n" if error.usage else ""
    helped = f"Try '{error.command} -h' for help.\n" if error.command else ""
    return f"{usage}{helped}\nError: {error.message}\n"


app = Program()


def main(words: Sequence[str] | None = None, *, end_fast: bool = False) -> NoReturn:
    """Run the command (``sys.argv`` when no words are given) and exit with its code.

    ``end_fast`` (the console script: ``console``): a command's large answer is not freed
    object by object, the process ends once the exit handlers ran and the output is flushed
    (``cli/ending.py``). Off by default: a caller in its own process (a test) gets
    ``SystemExit`` as before."""
    from fairpair.cli import ending
    from fairpair.gc_pause import paused_gc

    if end_fast:
        ending.start()  # a command may leave its large answer to the end of the process
    # One command per process: the collector is paused for its whole run (fairpair.gc_pause).
    with paused_gc():
        code = app(words)
        if end_fast and ending.can_end_now():
            ending.end(code)  # before the collector is back: it would walk the whole answer
        # The process ends here: what it made is moved out of the collector's sight (before
        # the collector is back, whose first pass would walk all of it), so neither that
        # pass nor the interpreter's final collections do (0.013 s of a 0.12 s command,
        # docs/performance.md "Start-up"); the memory goes back with the process. Output is
        # flushed at exit as before, and every file a command writes is closed by then.
        gc.freeze()
    sys.exit(code)


def console() -> NoReturn:
    """The ``fairpair`` console script and ``python -m fairpair``: ``main`` in a process of its
    own."""
    main(end_fast=True)
