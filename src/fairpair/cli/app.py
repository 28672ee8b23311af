"""The ``fairpair`` command: one Typer app, one module per command."""

from __future__ import annotations

import typer

from fairpair.cli import demo, pair, rounds, schema, standings, toss, validate
from fairpair.gc_pause import paused_gc

app = typer.Typer(
    name="fairpair",
    help="Swiss tournaments you can trust: pairings, standings, tiebreaks and a fair toss.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

app.command("demo")(demo.demo)
app.command("validate")(validate.validate)
app.command("standings")(standings.standings)
app.command("schema")(schema.schema)
app.command("pair")(pair.pair)
app.command("rounds")(rounds.rounds)
app.command("toss")(toss.toss)


def main() -> None:
    # One command per process: the collector is paused for its whole run (fairpair.gc_pause).
    with paused_gc():
        app()
