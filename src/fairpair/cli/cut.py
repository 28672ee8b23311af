"""``fairpair cut EVENT|FILE``: who makes the top cut of a stage, and why the line is there.

A preview: it changes nothing (drawing the playoff stage comes with the elimination formats).
``--top N`` seats, or ``--percent P`` of the players who took part rounded to ``--sizes``
(default 4,8,16); dropped players take no seat. ``--explain`` adds the records around the
line and the tiebreak value that decided the last seat (seed 001, "Top cut math").
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated

import typer

from fairpair.cli import options
from fairpair.cli.errors import handles_errors


@handles_errors
def cut(
    file: options.Source,
    top: Annotated[
        int | None, typer.Option("--top", metavar="N", min=2, help="A cut of N seats.")
    ] = None,
    percent: Annotated[
        float | None,
        typer.Option(
            "--percent", metavar="P", min=0.01, max=100, help="P% of the players who took part."
        ),
    ] = None,
    sizes: Annotated[
        str,
        typer.Option("--sizes", metavar="LIST", help="The sizes a percentage rounds to."),
    ] = "4,8,16",
    explain: Annotated[
        bool, typer.Option("--explain", help="The records around the line and what decided it.")
    ] = False,
    stage: options.Stage = None,
    db: options.Db = None,
    as_json: options.Json = False,
) -> None:
    """Show who makes the top cut of a stage (a preview: nothing is changed)."""
    from fairpair.cli.parsing import BadValue
    from fairpair.cli.saved import is_document
    from fairpair.engine.standings import compute_standings
    from fairpair.engine.topcut import CutRule, top_cut

    if (top is None) == (percent is None):
        raise BadValue("--top", "give the cut as --top N or --percent P (one of them)")
    try:
        size_list = tuple(int(s) for s in sizes.split(",") if s.strip())
    except ValueError:
        raise BadValue("--sizes", f"{sizes!r} is not a list of whole numbers (4,8,16)") from None
    share = Fraction(str(percent)) / 100 if percent is not None else None
    rule = CutRule(fixed=top, percent=share, sizes=size_list or (4, 8, 16))
    if is_document(file):
        from fairpair.interop.document import load_document

        tournament = load_document(file)
        standings = compute_standings(tournament, tournament.stage(stage))
    else:
        from fairpair.cli.saved import database
        from fairpair.service.standings import standings as saved_standings

        with database(db) as base:
            tournament, standings = saved_standings(base, str(file), stage=stage)
    made = top_cut(standings, rule)
    names = {p.id: p.name for p in tournament.players}
    text = made.explain(names)
    if as_json:
        from fairpair.cli.output import print_json
        from fairpair.responses.topcut import CutLine, CutRecord, CutSeat, TopCutResponse

        d = made.decision
        print_json(
            TopCutResponse(
                stage=standings.stage.id,
                after_round=standings.after_round,
                seats=[
                    CutSeat(
                        seed=s.seed, id=s.player, name=names[s.player], rank=s.rank, record=s.record
                    )
                    for s in made.seats
                ],
                skipped=list(made.skipped),
                records=[
                    CutRecord(record=g.record, players=g.players, made_it=g.made_it)
                    for g in made.groups
                ],
                line=CutLine(
                    last_in=d.last_in,
                    first_out=d.first_out,
                    decided_by=d.tiebreak or "points",
                    value_in=None if d.value_in is None else str(d.value_in),
                    value_out=None if d.value_out is None else str(d.value_out),
                )
                if d is not None
                else None,
                explanation=text,
            )
        )
        return
    from fairpair.cli.screen import screen, write

    out = screen()
    shown = (
        text if explain else [line for line in text if not line.startswith(("Records", "The line"))]
    )
    head = (
        f"{tournament.name} — {standings.stage.name}, after round {standings.after_round} "
        "(a preview: nothing is changed)"
    )
    write("".join(out.clean(line) + "\n" for line in (head, *shown)))
