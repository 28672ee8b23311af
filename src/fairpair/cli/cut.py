"""``fairpair cut EVENT|FILE``: who makes the top cut, and why the line is there.

Two ways to ask:

- ``--top N`` or ``--percent P`` (rounded to ``--sizes``, default 4,8,16): a preview of the
  cut of ``--stage``'s standings (default: the last stage); nothing is changed.
- neither: the cut of a cut stage (``--stage``, default: the last stage with a ``cut``) by its
  own rule, from the stage it is cut from. ``--draw`` draws it in a saved event (the cut
  stage's field and seeds), refused while that stage is unfinished unless ``--early``.

Dropped players take no seat. ``--explain`` adds the records around the line and the tiebreak
value that decided the last seat (seed 001, "Top cut math").
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Annotated

from fairpair.cli import options
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Option

if TYPE_CHECKING:
    from fairpair.engine.stage import Stage
    from fairpair.engine.standings import Standings
    from fairpair.engine.topcut import CutRule, TopCut
    from fairpair.engine.tournament import Tournament


@handles_errors
def cut(
    file: options.Source,
    top: Annotated[
        int | None, Option("--top", metavar="N", min=2, help="A cut of N seats.")
    ] = None,
    percent: Annotated[
        float | None,
        Option(
            "--percent", metavar="P", min=0.01, max=100, help="P% of the players who took part."
        ),
    ] = None,
    sizes: Annotated[
        str,
        Option("--sizes", metavar="LIST", help="The sizes a percentage rounds to."),
    ] = "4,8,16",
    explain: Annotated[
        bool, Option("--explain", help="The records around the line and what decided it.")
    ] = False,
    draw: Annotated[
        bool,
        Option("--draw", help="Draw the cut stage's field now (a saved event)."),
    ] = False,
    early: Annotated[
        bool,
        Option("--early", help="With --draw: even though the stage cut from is unfinished."),
    ] = False,
    *,
    run: options.StageChange,
) -> None:
    """Show who makes the top cut of a stage, or draw a cut stage's field (--draw)."""
    from fairpair.cli.parsing import BadValue
    from fairpair.cli.saved import is_document

    preview = top is not None or percent is not None
    if top is not None and percent is not None:
        raise BadValue("--top", "give the cut as --top N or --percent P (one of them)")
    if preview and draw:
        raise BadValue(
            "--draw", "--draw draws a cut stage by its own rule: leave out --top/--percent"
        )
    if early and not draw:
        raise BadValue("--early", "--early goes with --draw")
    document = is_document(file)
    if draw and document:
        raise BadValue("--draw", "a cut is drawn in a saved event; a file is only previewed")
    if draw:
        _draw(str(file), run, early, explain)
        return
    if document:
        from fairpair.cli.tournament_files import load_tournament

        tournament = load_tournament(file)
    else:
        from fairpair.service.event.events import export_event

        with run.database() as base:
            tournament = export_event(base, str(file))
    if preview:
        _preview(tournament, run.stage, top, percent, sizes, explain, run.as_json)
    else:
        _of_stage(tournament, run.stage, explain, run.as_json)


def _rule(top: int | None, percent: float | None, sizes: str) -> CutRule:
    from fairpair.cli.parsing import BadValue
    from fairpair.engine.topcut import CutRule

    try:
        size_list = tuple(int(s) for s in sizes.split(",") if s.strip())
    except ValueError:
        raise BadValue("--sizes", f"{sizes!r} is not a list of whole numbers (4,8,16)") from None
    share = Fraction(str(percent)) / 100 if percent is not None else None
    return CutRule(fixed=top, percent=share, sizes=size_list or (4, 8, 16))


def _preview(
    tournament: Tournament,
    stage: str | None,
    top: int | None,
    percent: float | None,
    sizes: str,
    explain: bool,
    as_json: bool,
) -> None:
    from fairpair.engine.standings import compute_standings
    from fairpair.engine.topcut import top_cut

    rule = _rule(top, percent, sizes)
    standings = compute_standings(tournament, tournament.stage(stage))
    made = top_cut(standings, rule)
    _show(tournament, standings, made, explain, as_json, None, "a preview: nothing is changed")


def _cut_stage(tournament: Tournament, stage: str | None, *, drawing: bool = False) -> Stage:
    from fairpair.cli.parsing import BadValue

    if stage is not None:
        chosen = tournament.stage(stage)
        if chosen.cut is None:
            raise BadValue(
                "--stage", f"stage {stage!r} is not a top cut: give --top N or --percent P"
            )
        return chosen
    cut_stages = [s for s in tournament.stages if s.cut is not None]
    if not cut_stages:
        if drawing:
            raise BadValue(
                "--draw",
                "no stage of this event is a top cut: add one with "
                "`fairpair stage add EVENT --cut-from STAGE --top N` first",
            )
        raise BadValue(
            "--top",
            "no stage of this event is a top cut: give --top N or --percent P for a preview",
        )
    return cut_stages[-1]


def _of_stage(tournament: Tournament, stage: str | None, explain: bool, as_json: bool) -> None:
    from fairpair.engine.changes import cut_of
    from fairpair.engine.standings import compute_standings

    chosen = _cut_stage(tournament, stage)
    assert chosen.cut is not None
    made = cut_of(tournament, chosen)
    standings = compute_standings(tournament, tournament.stage(chosen.cut.from_stage))
    state = (
        "drawn: these are its players"
        if chosen.participants is not None and tuple(chosen.participants) == made.players
        else "not drawn yet"
        if chosen.participants is None
        else "drawn earlier with other players (the standings changed since)"
    )
    _show(
        tournament, standings, made, explain, as_json, chosen.id, f"cut stage {chosen.id}, {state}"
    )


def _draw(event: str, run: options.StageChange, early: bool, explain: bool) -> None:
    from fairpair.service.event.events import export_event
    from fairpair.service.rounds.cut import draw

    with run.database() as base:
        stage = run.stage
        if stage is None:
            stage = _cut_stage(export_event(base, event), None, drawing=True).id
        drawn = draw(base, event, actor=run.who, stage=stage, early=early)
        tournament = export_event(base, event)
    from fairpair.engine.standings import compute_standings

    standings = compute_standings(tournament, tournament.stage(drawn.from_stage))
    _show(
        tournament,
        standings,
        drawn.cut,
        explain,
        run.as_json,
        drawn.stage,
        f"cut stage {drawn.stage} drawn",
        drawn=True,
    )


def _show(
    tournament: Tournament,
    standings: Standings,
    made: TopCut,
    explain: bool,
    as_json: bool,
    cut_stage: str | None,
    state: str,
    *,
    drawn: bool = False,
) -> None:
    names = {p.id: p.name for p in tournament.players}
    if as_json:
        from fairpair.cli.output import print_json
        from fairpair.responses.topcut import top_cut_response

        print_json(top_cut_response(standings, made, names, cut_stage=cut_stage, drawn=drawn))
        return
    from fairpair.cli.screen import screen, write

    text = made.explain(names)
    out = screen()
    shown = (
        text if explain else [line for line in text if not line.startswith(("Records", "The line"))]
    )
    head = (
        f"{tournament.name} — {standings.stage.name}, after round {standings.after_round} ({state})"
    )
    write("".join(out.clean(line) + "\n" for line in (head, *shown)))
