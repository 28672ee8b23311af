"""The ``fairpair`` command: one Typer app, one module per command or command group, each
imported only when its command runs (``fairpair standings`` never imports the pairing or toss
commands, nor Rich unless it draws on a terminal, nor pydantic's response models unless
``--json``, nor the database unless it reads a saved event).

A command's module ``fairpair.cli.<module>`` holds either a function named like the command
(a single command) or ``GROUP``, a ``typer.Typer`` whose commands are the group's
(``fairpair round release``). A group may name ``DEFAULT``: the command that runs when the
first word is none of its commands (``fairpair toss FILE`` is ``fairpair toss table FILE``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer
from typer.core import TyperCommand, TyperGroup

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
CONTEXT = {"help_option_names": ["-h", "--help"]}
F = TypeVar("F", bound=Callable[..., Any])


def _bare(piece: str) -> str:
    """``{FILE}`` → ``FILE``, ``{PLAYER}...`` → ``PLAYER...``."""
    if piece.startswith("{") and "}" in piece:
        name, _, rest = piece[1:].partition("}")
        return name + rest
    return piece


class Command(TyperCommand):
    """A Typer command whose usage line names arguments as written (``FILE``, not ``{FILE}``)
    and whose argument list shows no Python type (``<path>``)."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces: list[str] = super().collect_usage_pieces(ctx)
        return [_bare(p) for p in pieces]

    def get_help(self, ctx: Any) -> str:
        text: str = super().get_help(ctx)
        for kind in ("path", "int", "str", "int range", "bool", "list[str]", "float"):
            text = text.replace(f" <{kind}>", "")
        return text


class Group(TyperGroup):
    """A command group (``fairpair round``): its commands in the order they were written; with
    ``default`` set, a first word that is none of them (a file, a slug, an option) runs that
    command with every word (``fairpair toss FILE`` runs ``fairpair toss table FILE``)."""

    default: str | None = None

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if (
            self.default is not None
            and args
            and args[0] not in self.commands
            and args[0] not in ctx.help_option_names
        ):
            args = [self.default, *args]
        parsed: list[str] = super().parse_args(ctx, args)
        return parsed

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows = [(name, cmd.get_short_help_str(limit=200)) for name, cmd in self.commands.items()]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def group(name: str, help: str, default: str | None = None) -> typer.Typer:
    """A command group's Typer app (its module's ``GROUP``)."""
    cls = type(f"{name.title()}Group", (Group,), {"default": default})
    return typer.Typer(
        name=name,
        cls=cls,
        help=help,
        no_args_is_help=True,
        add_completion=False,
        rich_markup_mode=None,
        context_settings=CONTEXT,
    )


def command(app: typer.Typer, name: str) -> Callable[[F], F]:
    """Register a function as command ``name`` of group ``app`` (usage lines as written; a
    parameter typed with an option group, ``options.Change``, lists the group's options)."""
    register = app.command(name, cls=Command, context_settings=CONTEXT)

    def add(function: F) -> F:
        from fairpair.cli.options import spread

        register(spread(function))
        return function

    return add


class LazyGroup(TyperGroup):
    """Commands looked up by name and imported on first use."""

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in COMMANDS:
            return None
        name = MODULES.get(cmd_name, cmd_name)
        module = importlib.import_module(f"fairpair.cli.{name}")
        sub = getattr(module, "GROUP", None)
        if isinstance(sub, typer.Typer):
            return typer.main.get_group(sub)
        from fairpair.cli.options import spread

        single = typer.Typer(rich_markup_mode=None, add_completion=False)
        single.command(cmd_name, cls=Command, context_settings=CONTEXT)(
            spread(getattr(module, name))
        )
        return typer.main.get_command(single)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        with formatter.section("Commands"):
            formatter.write_dl(list(COMMANDS.items()))


def _version(value: bool) -> None:
    if value:
        from fairpair import __version__

        typer.echo(f"fairpair {__version__}")
        raise typer.Exit()


app = typer.Typer(
    name="fairpair",
    cls=LazyGroup,
    help="Swiss tournaments you can trust: pairings, standings, tiebreaks and a fair toss.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings=CONTEXT,
)


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Swiss tournaments you can trust: pairings, standings, tiebreaks and a fair toss.

    The document commands (validate, standings, pair, toss, schema) read a tournament
    document (JSON) and change nothing, except `fairpair pair --save`. The saved-event
    commands (event, player, stage, round, result, toss, export, import, log, demo) work on
    a database: --db URL, else $FAIRPAIR_DATABASE_URL, else a SQLite file in your data
    folder. Exit codes: docs/cli.md.
    """


def main() -> None:
    from fairpair.gc_pause import paused_gc

    # One command per process: the collector is paused for its whole run (fairpair.gc_pause).
    with paused_gc():
        app()
