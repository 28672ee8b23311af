"""``fairpair demo``: a realistic event in the database, mid-event, to see fairpair work in one
command — 40 players, three rounds played, round 4 open with some results in — and what to
try next. ``--document`` prints the bundled demo tournament document instead."""

from __future__ import annotations

from typing import Annotated

from fairpair.cli import options
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Option


def demo_document() -> str:
    """The bundled demo tournament document (JSON text)."""
    from importlib.resources import files

    return files("fairpair.data").joinpath("demo-tournament.json").read_text(encoding="utf-8")


@handles_errors
def demo(
    as_json: options.Json = False,
    document: Annotated[
        bool,
        Option(
            "--document", help="Print the bundled demo tournament document instead (no database)."
        ),
    ] = False,
    db: options.Db = None,
    actor: options.Actor = None,
) -> None:
    """Create a demo event in the database and show its standings (try `--document > demo.json`
    for a document to start from)."""
    import json

    from fairpair.cli.screen import screen, write

    if document:
        text = demo_document()
        out = screen()
        write(text if out.unicode else json.dumps(json.loads(text), indent=2) + "\n")
        return
    from fairpair.cli.saved import actor_of, database
    from fairpair.service.event.demo import create_demo

    with database(db) as base:
        slug = create_demo(base, actor=actor_of(actor))
        where = base.safe_url
        if as_json:
            from fairpair.cli.output import print_json

            print_json({"event": slug, "database": where})
            return
        from fairpair.cli.progress import after_text
        from fairpair.cli.standings import table
        from fairpair.cli.table import draw
        from fairpair.service.results.standings import standings

        tournament, result = standings(base, slug)
    stage = tournament.stage()
    live = stage.rounds[-1] if stage.rounds else None
    waiting = [m.table for m in live.matches if m.result is None] if live else []
    report = (
        f"  fairpair result report {slug} {live.number} {waiting[0]} 2-1"
        if live and waiting
        else f"  fairpair round generate {slug}"
    )
    out = screen()
    title = (
        f"{tournament.name} — {stage.name}, {after_text(stage, result.after_round)} "
        f"({stage.ruleset.name})"
    )
    lines = [
        "",
        f"Created the demo event {slug} in {where}",
        "(--db URL or $FAIRPAIR_DATABASE_URL picks another database). Try next:",
        f"  fairpair event show {slug}",
        f"  fairpair round show {slug} {live.number if live else 1}",
        report,
        f"  fairpair toss table {slug}",
        f"  fairpair log {slug} --limit 10",
    ]
    write(draw(table(result, title), out) + "".join(out.clean(line) + "\n" for line in lines))
