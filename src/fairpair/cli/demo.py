"""``fairpair demo``: a sample tournament's standings, to see fairpair work in one command."""

from __future__ import annotations

from typing import Annotated

import typer

from fairpair.cli import options
from fairpair.cli.errors import handles_errors


def demo_document() -> str:
    """The bundled demo tournament document (JSON text)."""
    from importlib.resources import files

    return files("fairpair.data").joinpath("demo-tournament.json").read_text(encoding="utf-8")


@handles_errors
def demo(
    as_json: options.Json = False,
    document: Annotated[
        bool, typer.Option("--document", help="Print the demo tournament document instead.")
    ] = False,
) -> None:
    """Show the standings of a bundled demo tournament (try `--document > demo.json`)."""
    import json

    from fairpair.cli.output import print_json
    from fairpair.cli.screen import screen, write
    from fairpair.cli.standings import table
    from fairpair.cli.table import draw
    from fairpair.engine.standings import compute_standings
    from fairpair.interop.document import parse_document

    text = demo_document()
    if document:
        out = screen()
        write(text if out.unicode else json.dumps(json.loads(text), indent=2) + "\n")
        return
    tournament = parse_document(json.loads(text))
    result = compute_standings(tournament)
    if as_json:
        from fairpair.responses.standings import standings_response

        print_json(standings_response(result, tournament.name))
        return
    stage = tournament.stage()
    out = screen()
    title = (
        f"{tournament.name} — {stage.name}, after round {result.after_round} ({stage.ruleset.name})"
    )
    tip = (
        "Next: `fairpair demo --document > demo.json`, then "
        "`fairpair standings demo.json --ruleset mtg` or `fairpair validate demo.json`."
    )
    write(draw(table(result, title), out) + out.clean(tip) + "\n")
