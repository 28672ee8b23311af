"""``fairpair validate FILE``: check a tournament document and say what is wrong — and, when
it is valid, what is still missing (results not yet entered)."""

from __future__ import annotations

from fairpair.cli import options
from fairpair.cli.errors import handles_errors


@handles_errors
def validate(file: options.File, as_json: options.Json = False) -> None:
    """Check a tournament document: schema, players, pairings, results. Exit 0 when valid."""
    from fairpair.cli.progress import open_rounds, results_missing
    from fairpair.cli.screen import screen, write
    from fairpair.cli.text import plural
    from fairpair.cli.tournament_files import load_tournament

    tournament = load_tournament(file)
    if as_json:
        from fairpair.cli.output import json_text
        from fairpair.responses.validation import validation_response

        out = screen()
        payload = validation_response(str(file), tournament).model_dump(mode="json")
        write(json_text(payload, out.encoding))
        return
    rounds = sum(len(s.rounds) for s in tournament.stages)
    lines = [
        f"valid: {file} — {tournament.name}: {plural(len(tournament.players), 'player')}, "
        f"{plural(len(tournament.stages), 'stage')}, {plural(rounds, 'round')}"
    ]
    several = len(tournament.stages) > 1
    for stage in tournament.stages:
        for r in open_rounds(stage):
            where = f"stage {stage.id!r}, " if several else ""
            lines.append(f"  {where}{results_missing(r)}")
    out = screen()
    write("".join(out.clean(line) + "\n" for line in lines))
