"""``fairpair result report|correct|places``: the results of a saved event's matches, and
the finishing places of its pod tables (``places``).

A result is told from side a (the first player of the table): ``2-1`` (games won by a, by
b), ``2-1-1`` (and drawn games), ``a-wins``, ``b-wins``, ``draw``, ``id`` (an intentional
draw), ``a-forfeits``, ``b-forfeits``, ``double-forfeit``, ``skip``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fairpair.cli import options
from fairpair.cli.app import command, group
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Argument, Option
from fairpair.cli.parsing import RESULTS_HELP

GROUP = group("result", "Report a match's result, or correct one (audited).")


def _table(text: str) -> int | str:
    """A table number, or a match id (``4.12``)."""
    return int(text) if text.isdigit() else text


def _recorded(event: str, recorded: Any) -> dict[str, Any]:
    return {
        "event": event,
        "round": recorded.round,
        "table": recorded.table,
        "match": recorded.match_id,
        "a": recorded.a,
        "b": recorded.b,
        "result": recorded.result,
        "version": recorded.version,
        **({"note": recorded.note} if recorded.note else {}),
        **(
            {"autopilot": recorded.autopilot.text}
            if getattr(recorded, "autopilot", None) is not None
            else {}
        ),
    }


def _noted(recorded: Any) -> str:
    """What the organizer should know about what was recorded, after the result."""
    said = f" ({recorded.note})" if recorded.note else ""
    moved = getattr(recorded, "autopilot", None)
    return said + (f"; {moved.text}" if moved is not None else "")


@command(GROUP, "report")
@handles_errors
def report(
    event: options.Event,
    number: options.Round,
    first: Annotated[
        str,
        Argument(
            metavar="TABLE",
            help="The table (or match id); with --player, the RESULT instead.",
            show_default=False,
        ),
    ],
    second: Annotated[
        str | None,
        Argument(metavar="RESULT", help=f"The result: {RESULTS_HELP}.", show_default=False),
    ] = None,
    player: Annotated[
        str | None,
        Option(
            "--player",
            metavar="PLAYER",
            help="Find the table by a player in it (then give only RESULT).",
        ),
    ] = None,
    in_progress: Annotated[
        bool,
        Option(
            "--in-progress",
            help="Record the games so far (A-B or A-B-D) of a match still being played; "
            "not a result.",
        ),
    ] = False,
    *,
    run: options.StageChange,
) -> None:
    """Report a match's result (the first report wins; a second is told what is recorded)."""
    from fairpair.cli.parsing import BadValue, parse_games, parse_result

    words = [first] if second is None else [first, second]
    wanted = 1 if player is not None else 2
    if len(words) != wanted:
        shape = "RESULT (the table comes from --player)" if player else "TABLE RESULT"
        raise BadValue("TABLE RESULT", f"give {shape}; got {' '.join(words)!r}")
    table = None if player is not None else _table(words[0])
    text = words[-1]
    if in_progress:
        from fairpair.service.results.recording import record_games

        if not isinstance(table, int):
            raise BadValue(
                "--in-progress", "games in progress need the table's number (not --player)"
            )
        games = parse_games(text)
        with run.database() as base:
            record_games(base, event, number, table, games, actor=run.who, stage=run.stage)
        run.done(
            f"round {number} table {table}: games so far {games.a}-{games.b}"
            + (f"-{games.draws}" if games.draws else "")
            + " (no result yet)",
            {
                "event": event,
                "round": number,
                "table": table,
                "games": {"a": games.a, "b": games.b, "draws": games.draws},
            },
        )
        return
    from fairpair.service.results.recording import report as record

    result = parse_result(text)
    with run.database() as base:
        recorded = record(
            base,
            event,
            number,
            result,
            actor=run.who,
            table=table,
            player=player,
            stage=run.stage,
        )
    run.done(
        f"recorded round {number} table {recorded.table}: {recorded.result}{_noted(recorded)}",
        _recorded(event, recorded),
    )


@command(GROUP, "correct")
@handles_errors
def correct(
    event: options.Event,
    number: options.Round,
    table: Annotated[
        str, Argument(metavar="TABLE", help="The table (or match id).", show_default=False)
    ],
    result: Annotated[
        str,
        Argument(
            metavar="RESULT",
            help=f"The right result ({RESULTS_HELP}), or clear to remove it.",
            show_default=False,
        ),
    ],
    reason: Annotated[
        str | None,
        Option("--reason", metavar="TEXT", help="Why it changes (for the audit log)."),
    ] = None,
    version: Annotated[
        int | None,
        Option(
            "--version",
            metavar="N",
            min=1,
            help="Refuse if the result is no longer at version N (someone changed it).",
        ),
    ] = None,
    *,
    run: options.StageChange,
) -> None:
    """Change (or clear) a recorded result: an explicit correction, written to the log."""
    from fairpair.cli.parsing import parse_result
    from fairpair.service.results.recording import correct as fix

    clear = result.strip().lower() == "clear"
    new = None if clear else parse_result(result)
    with run.database() as base:
        recorded = fix(
            base,
            event,
            number,
            _table(table),
            new,
            actor=run.who,
            reason=reason,
            version=version,
            stage=run.stage,
        )
    why = f" ({reason})" if reason else ""
    if recorded is None:
        run.done(
            f"cleared the result of round {number} table {table}{why}",
            {"event": event, "round": number, "table": _table(table), "result": None},
        )
        return
    run.done(
        f"corrected round {number} table {recorded.table}: {recorded.result}{why}"
        f"{_noted(recorded)}",
        _recorded(event, recorded),
    )


def _places(text: str) -> dict[str, int] | list[int]:
    """``ann=1,bo=2,cy=2,di=4`` (player key or name = place), or ``1,2,2,4`` in seat order."""
    from fairpair.cli.parsing import BadValue

    items = [item.strip() for item in text.split(",") if item.strip()]
    if not items:
        raise BadValue("--places", "give each seat's place: ann=1,bo=2,cy=2,di=4")
    try:
        if all("=" not in item for item in items):
            return [int(item) for item in items]
        out: dict[str, int] = {}
        for item in items:
            who, _, place = item.partition("=")
            if not who.strip() or not place.strip():
                raise ValueError(item)
            if who.strip() in out:
                raise BadValue("--places", f"{who.strip()} is given two places")
            out[who.strip()] = int(place)
        return out
    except ValueError:
        raise BadValue(
            "--places",
            f"{text!r} is not PLAYER=PLACE,... (ann=1,bo=2,cy=2,di=4) nor places in seat "
            "order (1,2,2,4)",
        ) from None


@command(GROUP, "places")
@handles_errors
def places(
    event: options.Event,
    number: options.Round,
    table: Annotated[
        str,
        Argument(metavar="TABLE", help="The pod table (or its match id).", show_default=False),
    ],
    finish: Annotated[
        str,
        Option(
            "--places",
            metavar="PLAYER=PLACE,...",
            help="Each seat's finishing place: ann=1,bo=2,cy=2,di=4 (tied seats share a "
            "place and the next skips), or places in seat order: 1,2,2,4.",
            show_default=False,
        ),
    ],
    correct: Annotated[
        bool,
        Option("--correct", help="Replace places already recorded (audited)."),
    ] = False,
    version: Annotated[
        int | None,
        Option(
            "--version",
            metavar="N",
            min=1,
            help="With --correct: refuse if the table is no longer at version N.",
        ),
    ] = None,
    reason: Annotated[
        str | None,
        Option("--reason", metavar="TEXT", help="Why it changes (for the audit log)."),
    ] = None,
    *,
    run: options.StageChange,
) -> None:
    """Record a pod table's finishing places (the first record wins; --correct changes them)."""
    from fairpair.service.results.places import record_places

    wanted = _places(finish)
    with run.database() as base:
        recorded = record_places(
            base,
            event,
            number,
            _table(table),
            wanted,
            actor=run.who,
            stage=run.stage,
            correct=correct,
            version=version,
            reason=reason,
        )
    verb = "corrected" if correct else "recorded"
    run.done(
        f"{verb} round {number} table {recorded.table}: {recorded.text}",
        {
            "event": event,
            "round": recorded.round,
            "table": recorded.table,
            "match": recorded.match_id,
            "seats": [
                {"player": p, "place": place}
                for p, place in zip(recorded.seats, recorded.places, strict=True)
            ],
            "text": recorded.text,
            "version": recorded.version,
        },
    )
