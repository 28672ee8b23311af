"""``fairpair standings EVENT-or-FILE``: the standings table of a tournament document or of a
saved event (a path that exists is a file, anything else a slug)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Annotated

from fairpair.cli import options
from fairpair.cli.ending import keep_until_exit
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Option
from fairpair.cli.tournament_files import load_tournament
from fairpair.engine.errors import UnknownRound
from fairpair.engine.rulesets import get_ruleset
from fairpair.engine.standings import Standings, StandingsRow, compute_standings

if TYPE_CHECKING:
    from fairpair.cli.table import TextTable

#: ``--json`` writes a table of more rows a part of this many rows at a time
#: (``cli.output.print_json_parts``: the same text in a fraction of the memory).
ROWS_AT_ONCE = 10_000

#: Badges after a player's name (text, so a pipe keeps them), and their emphasis.
BADGES = {
    "withdrawn": ("(Withdrew)", "dim italic"),
    "advanced": ("(Advanced)", "green"),
    "eliminated": ("(Eliminated)", "red"),
    "still_in": ("(Still in)", "green"),
}


def table(
    standings: Standings, title: str, rows: tuple[StandingsRow, ...] | None = None
) -> TextTable:
    """#, Player, Pts, the tiebreaks in order, record, Played, F if anyone forfeited.

    When a terminal is too narrow, Played goes first, then the forfeits, the record and the
    tiebreaks from the last; #, Player and Pts always stay.
    """
    from fairpair.cli.table import Cell, Column, TextTable, row
    from fairpair.engine.record_text import record_formatter, record_heading
    from fairpair.responses.values import columns_of, status_text

    tiebreaks = standings.tiebreaks
    playoff = standings.stage.is_playoff  # "#" is the final place from the bracket
    heading = record_heading(standings.stage.ruleset)
    record = record_formatter(standings.stage.ruleset)
    notation = columns_of(standings)  # one notation a column
    forfeits = standings.has_forfeits
    n = len(tiebreaks)
    columns = [
        Column("#", "right"),
        Column("Player"),
        Column("Pts", "right"),
        *(
            Column(tb.short, "right", drop=1 + i, style="bold cyan")
            for i, tb in enumerate(tiebreaks)
        ),
        *([Column(heading, "center", drop=n + 2)] if heading else []),
        Column("Played", "right", drop=n + 4),
    ]
    if forfeits:
        columns.append(Column("F", "right", drop=n + 3))
    status_of = status_text(standings)
    out = []
    for r in standings.rows if rows is None else rows:
        status = status_of(r)
        if playoff and status is None and r.place is None:
            status = "still_in"
        name = Cell(r.player.name)
        if status:
            badge, style = BADGES[status]
            name = Cell(f"{r.player.name} {badge}", style if status != "withdrawn" else None)
        cells: list[Cell | str] = [
            (r.place.text if r.place is not None else "")
            if playoff
            else (str(r.rank) if r.rank is not None else ""),
            name,
            notation.points(r.points),
            *notation.tiebreaks(standings, r),
            *([record(r)] if heading else []),
            str(r.played),
        ]
        if forfeits:
            cells.append(str(r.forfeits) if r.forfeits else "")
        out.append(row(*cells, style="dim" if r.dropped else None))
    legend = " · ".join(f"{tb.short} {tb.label}" for tb in tiebreaks if tb.short != tb.label)
    return TextTable(title, tuple(columns), tuple(out), (legend,) if legend else ())


@handles_errors
def standings(
    file: options.Source,
    ruleset: Annotated[
        str | None,
        Option(
            metavar="NAME",
            help="Rank with this preset instead of the stage's ruleset: "
            + ", ".join(options.RULESETS)
            + ".",
        ),
    ] = None,
    stage: options.StageId = None,
    after_round: Annotated[
        int | None,
        Option(
            "--after-round", metavar="N", min=0, help="The standings as they were after round N."
        ),
    ] = None,
    show_all: options.All = False,
    page: options.Page = None,
    as_json: options.Json = False,
    db: options.Db = None,
) -> None:
    """Print the standings: points, then the tiebreaks in order; ties share a rank."""
    from fairpair.cli.progress import after_text, open_rounds, results_in
    from fairpair.cli.saved import is_document
    from fairpair.cli.screen import screen, write

    document = is_document(file)
    result: Standings | None = None
    if document:
        tournament = load_tournament(file)
    else:
        from fairpair.cli.saved import database
        from fairpair.service.results.standings import standings as saved_standings

        with database(db) as base:
            # The stage's own standings, derived by the service; a past round or another
            # ruleset is computed below from the same facts.
            tournament, result = saved_standings(base, str(file), stage=stage)
    chosen = tournament.stage(stage)
    if ruleset is not None:
        chosen = replace(chosen, ruleset=get_ruleset(ruleset, "--ruleset"))
    last = max((r.number for r in chosen.rounds), default=0)
    if after_round is not None and after_round > last:
        has = f"its last round is round {last}" if last else "it has no round yet"
        raise UnknownRound(
            "--after-round", f"stage {chosen.id!r} has no round {after_round}: {has}"
        )
    if result is None or ruleset is not None or after_round is not None:
        result = compute_standings(tournament, chosen, after_round)
    if as_json:
        from fairpair.cli.output import print_json, print_json_parts
        from fairpair.responses.standings_data import standings_parts

        # The response's plain data, written as it is (the model would only check it again).
        payload, rows_data = standings_parts(result, tournament.name)
        ranked = result.rows
        if len(ranked) <= ROWS_AT_ONCE:
            payload["rows"] = rows_data(ranked)
            print_json(payload)
            keep_until_exit(tournament, result, payload)
            return
        # A big table a part at a time: its data and its text are never all held at once.
        parts = (
            rows_data(ranked[k : k + ROWS_AT_ONCE]) for k in range(0, len(ranked), ROWS_AT_ONCE)
        )
        print_json_parts(payload, "rows", parts)
        keep_until_exit(tournament, result)
        return
    out = screen()
    head = f"{tournament.name} — {chosen.name}"
    if not result.rows:
        waiting = open_rounds(chosen, after_round)
        if waiting:
            status = "; ".join(results_in(r) for r in waiting)
            enter = (
                f"Enter the results in {file}"
                if document
                else f"Report the results (fairpair result report {file} ROUND TABLE RESULT)"
            )
            hint = f"{status}. {enter}, then run standings again."
        elif document:
            hint = "Pair round 1 with `fairpair pair FILE`."
        else:
            hint = f"Pair round 1 with `fairpair round generate {file}`."
        write(out.clean(f"{head}: no completed match yet, so nobody is ranked. {hint}") + "\n")
        return
    from fairpair.cli.paging import page_of
    from fairpair.cli.table import draw

    rows, note = page_of(result.rows, show_all, page)
    when = after_text(chosen, result.after_round)
    drawn = draw(table(result, f"{head}, {when} ({chosen.ruleset.name})", tuple(rows)), out)
    write(drawn + (out.clean(note) + "\n" if note else ""))
    keep_until_exit(tournament, result)
