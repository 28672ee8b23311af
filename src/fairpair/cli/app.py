"""The ``fairpair`` command: one Typer app, one module per command, each imported only when
its command runs (``fairpair standings`` never imports the pairing or toss commands, nor
Rich unless it draws on a terminal, nor pydantic's response models unless ``--json``)."""

from __future__ import annotations

import importlib
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

#: Each command's module (``fairpair.cli.<name>``, whose function of the same name is the
#: command) and its one-line help, so that ``fairpair --help`` imports no command.
COMMANDS: dict[str, str] = {
    "demo": "Show the standings of a bundled demo tournament.",
    "validate": "Check a tournament document: schema, players, pairings, results.",
    "standings": "Print the standings: points, then the tiebreaks in order.",
    "pair": "Draft the next round: pairings, bye and the notes that explain them.",
    "toss": "Print the Toss table: who played first each round, toss wins, balance.",
    "rounds": "Recommend how many Swiss rounds to play for N players.",
    "schema": "Print the tournament document's JSON Schema.",
}
CONTEXT = {"help_option_names": ["-h", "--help"]}


class Command(TyperCommand):
    """A Typer command whose usage line names arguments as written (``FILE``, not ``{FILE}``)
    and whose argument list shows no Python type (``<path>``)."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces: list[str] = super().collect_usage_pieces(ctx)
        return [p[1:-1] if p.startswith("{") and p.endswith("}") else p for p in pieces]

    def get_help(self, ctx: Any) -> str:
        text: str = super().get_help(ctx)
        for kind in ("path", "int", "str", "int range", "bool"):
            text = text.replace(f" <{kind}>", "")
        return text


class LazyGroup(TyperGroup):
    """Commands looked up by name and imported on first use."""

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in COMMANDS:
            return None
        module = importlib.import_module(f"fairpair.cli.{cmd_name}")
        single = typer.Typer(rich_markup_mode=None, add_completion=False)
        single.command(cmd_name, cls=Command, context_settings=CONTEXT)(getattr(module, cmd_name))
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

    Every command reads a tournament document (JSON) and changes nothing, except
    `fairpair pair --save`. Exit codes: docs/cli.md.
    """


def main() -> None:
    from fairpair.gc_pause import paused_gc

    # One command per process: the collector is paused for its whole run (fairpair.gc_pause).
    with paused_gc():
        app()
