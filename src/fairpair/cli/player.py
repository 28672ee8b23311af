"""``fairpair player add|import|checkin|drop|reinstate``: registration and drops of a saved
event. A player is named by their id or exact name."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from fairpair.cli import options
from fairpair.cli.app import command, group
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Argument, Option

if TYPE_CHECKING:
    from fairpair.service.players.registration import LateEntry

GROUP = group("player", "Register, import, check in, drop and reinstate players.")


class LateKind(StrEnum):
    """``--late-kind``: how the rounds a late player missed count (``ByeKind``)."""

    ZERO = "zero"
    FULL = "full"
    HALF = "half"


LateByes = Annotated[
    int,
    Option(
        "--late-byes",
        metavar="N",
        min=0,
        help="A late entry: count N of the rounds already played as byes (see --late-kind); "
        "the others score nothing.",
    ),
]
Kind = Annotated[
    LateKind,
    Option(
        "--late-kind",
        metavar="KIND",
        case_sensitive=False,
        help="What those byes score: zero (a loss), full (a win) or half.",
    ),
]


def _late(byes: int, kind: LateKind) -> LateEntry | None:
    from fairpair.engine.rounds import ByeKind
    from fairpair.service.players.registration import LateEntry

    return LateEntry(byes=byes, kind=ByeKind(kind.value)) if byes else None


@command(GROUP, "add")
@handles_errors
def add(
    event: options.Event,
    name: Annotated[str, Argument(metavar="NAME", help="The player's name.", show_default=False)],
    player_id: Annotated[
        str | None,
        Option("--id", metavar="ID", help="Their id (default: made from the name)."),
    ] = None,
    seed: Annotated[int | None, Option("--seed", metavar="N", help="Their seed.")] = None,
    rating: Annotated[int | None, Option("--rating", metavar="N", help="Their rating.")] = None,
    team: Annotated[str | None, Option("--team", metavar="TEXT", help="A team.")] = None,
    contact: Annotated[
        str | None,
        Option("--contact", metavar="TEXT", help="A contact handle (staff only)."),
    ] = None,
    late_byes: LateByes = 0,
    late_kind: Kind = LateKind.ZERO,
    returning: Annotated[
        str | None,
        Option(
            "--returning",
            metavar="KEY",
            help="A returning player: their record in the community's player directory "
            "(fairpair community people COMMUNITY --search NAME).",
        ),
    ] = None,
    *,
    run: options.Change,
) -> None:
    """Register a player (after round 1: a late entry who joins the next round)."""
    from fairpair.service.players.registration import NewPlayer
    from fairpair.service.players.roster import add_players

    player = NewPlayer(name, player_id, seed, rating, team, contact, person=returning)
    with run.database() as base:
        ids = add_players(base, event, [player], actor=run.who, late=_late(late_byes, late_kind))
        alike = _lookalikes(base, event, ids, run.as_json)
    late = f" (late entry: {late_byes} {late_kind.value} byes)" if late_byes else ""
    back = f", returning player {returning}" if returning else ""
    run.done(
        f"added {name.strip()} ({ids[0]}) to {event}{late}{back}",
        {"event": event, "players": ids, "person": returning, "lookalikes": alike},
    )


def _lookalikes(base: Any, event: str, ids: list[str], quiet: bool) -> list[dict[str, Any]]:
    """The new players ``ids`` whose names look like another player's (Unicode's confusables
    skeleton), each with those others; said on standard error too (unless ``quiet``)."""
    from fairpair.cli.screen import say
    from fairpair.service.event.events import show_event

    players = show_event(base, event).players
    names = {p.id: p.name for p in players}
    new = set(ids)
    found: list[dict[str, Any]] = [
        {
            "player": p.id,
            "name": p.name,
            "looks_like": [{"id": o, "name": names[o]} for o in p.looks_like],
        }
        for p in players
        if p.id in new and p.looks_like
    ]
    if not quiet:
        for item in found:
            others = ", ".join(f"“{o['name']}” ({o['id']})" for o in item["looks_like"])
            say(
                f"warning: “{item['name']}” ({item['player']}) looks like {others}: check "
                "that they are different people",
                err=True,
            )
    return found


@command(GROUP, "import")
@handles_errors
def import_(
    event: options.Event,
    file: Annotated[
        Path,
        Argument(
            metavar="FILE",
            help="A CSV file with a header row: name (required), id, seed, rating, team, "
            "contact, earned_byes (common spellings too: Player, DCI, Seed #...).",
            show_default=False,
        ),
    ],
    column: Annotated[
        list[str] | None,
        Option(
            "--column",
            metavar="HEADER=FIELD",
            help="Read the column HEADER as FIELD (name, id, seed, rating, team, contact, "
            "earned_byes) or skip it (ignore); repeat for several.",
        ),
    ] = None,
    late_byes: LateByes = 0,
    late_kind: Kind = LateKind.ZERO,
    *,
    run: options.Change,
) -> None:
    """Register every player of a CSV file (all or none: any bad row adds nobody, and every
    problem is listed by line and column; shared names are warnings)."""
    from fairpair.cli.players_csv import column_mapping, csv_text
    from fairpair.cli.screen import say
    from fairpair.cli.text import plural
    from fairpair.service.players.csv_import import import_players_csv

    mapping = column_mapping(column)
    text = csv_text(file)
    with run.database() as base:
        made = import_players_csv(
            base,
            event,
            text,
            actor=run.who,
            source=str(file),
            mapping=mapping,
            late=_late(late_byes, late_kind),
        )
        alike = _lookalikes(base, event, made.players, run.as_json)
    if not run.as_json:
        for warning in made.warnings:
            say(f"warning: {warning}", err=True)
    run.done(
        f"added {plural(len(made.players), 'player')} from {file} to {event}",
        {
            "event": event,
            "players": made.players,
            "warnings": [
                {"line": w.line, "column": w.column, "reason": w.reason} for w in made.warnings
            ],
            "lookalikes": alike,
        },
    )


@command(GROUP, "checkin")
@handles_errors
def checkin(
    event: options.Event,
    players: Annotated[
        list[str],
        Argument(metavar="PLAYER", help="Players' ids or names.", show_default=False),
    ],
    undo: Annotated[bool, Option("--undo", help="Mark them not checked in (a mistake).")] = False,
    *,
    run: options.Change,
) -> None:
    """Check players in (before round 1, `player drop EVENT --no-shows` drops the others)."""
    from fairpair.service.players.roster import check_in

    with run.database() as base:
        ids = check_in(base, event, players, actor=run.who, undo=undo)
    what = "no longer checked in" if undo else "checked in"
    run.done(f"{what}: {', '.join(ids)}", {"event": event, "players": ids, "checked_in": not undo})


@command(GROUP, "drop")
@handles_errors
def drop(
    event: options.Event,
    player: Annotated[
        str | None,
        Argument(
            metavar="[PLAYER]",
            help="The player's id or name (or --no-shows).",
            show_default=False,
        ),
    ] = None,
    no_shows: Annotated[
        bool,
        Option("--no-shows", help="Before round 1: drop everyone not checked in."),
    ] = False,
    after_round: Annotated[
        int | None,
        Option(
            "--after-round",
            metavar="N",
            min=0,
            help="The last round they count in (default: the latest round).",
        ),
    ] = None,
    stage: options.Stage = None,
    stage_only: Annotated[
        bool,
        Option("--stage-only", help="Leave only this stage, not the whole event."),
    ] = False,
    reason: Annotated[
        str | None, Option("--reason", metavar="TEXT", help="Why (for the log).")
    ] = None,
    *,
    run: options.Change,
) -> None:
    """Drop a player (their results stay), or with --no-shows everyone not checked in."""
    from fairpair.cli.parsing import BadValue
    from fairpair.cli.saved import names

    if no_shows == (player is not None):
        raise BadValue("PLAYER", "name one player to drop, or give --no-shows (not both)")
    with run.database() as base:
        if no_shows:
            from fairpair.service.players.roster import drop_no_shows

            if after_round is not None or stage_only or stage is not None:
                raise BadValue(
                    "--no-shows", "drops the no-shows before round 1: no round or stage options"
                )
            ids = [p.id for p in drop_no_shows(base, event, actor=run.who).players]
            run.done(
                f"dropped {len(ids)} no-show{'s' if len(ids) != 1 else ''}: {names(ids)}",
                {"event": event, "dropped": ids},
            )
            return
        from fairpair.service.players.roster import drop_player

        assert player is not None
        after = drop_player(
            base,
            event,
            player,
            actor=run.who,
            after_round=after_round,
            stage=stage,
            whole_event=not stage_only,
            reason=reason,
        )
    where = f"stage {stage}" if stage_only and stage else "the stage" if stage_only else event
    run.done(
        f"dropped {player} from {where} after round {after}: their results stay",
        {"event": event, "player": player, "after_round": after, "whole_event": not stage_only},
    )


@command(GROUP, "reinstate")
@handles_errors
def reinstate(event: options.Event, player: options.Player, run: options.Change) -> None:
    """Undo a player's drop (made by mistake): they are paired again from the next round."""
    from fairpair.service.players.roster import reinstate_player

    with run.database() as base:
        count = reinstate_player(base, event, player, actor=run.who)
    run.done(
        f"reinstated {player}: {count} drop{'s' if count != 1 else ''} undone; "
        "paired again from the next round",
        {"event": event, "player": player, "drops_undone": count},
    )


@command(GROUP, "bye")
@handles_errors
def bye(
    event: options.Event,
    player: options.Player,
    kind: Annotated[
        str,
        Option(
            "--kind",
            metavar="KIND",
            help="half (a half-point bye, where the stage allows them) or zero (sit the "
            "round out).",
        ),
    ] = "half",
    round_number: Annotated[
        int | None,
        Option("--round", metavar="N", min=1, help="The round (default: the next to pair)."),
    ] = None,
    cancel: Annotated[
        bool, Option("--cancel", help="Cancel the requested bye of --round N.")
    ] = False,
    *,
    run: options.Change,
) -> None:
    """Request a bye for a coming round for a player (or --cancel one), before it is paired."""
    from fairpair.cli.parsing import BadValue
    from fairpair.engine.rounds import ByeKind
    from fairpair.service.players.bye_requests import LABELS, cancel_bye, request_bye

    with run.database() as base:
        if cancel:
            if round_number is None:
                raise BadValue("--round", "name the round whose bye to cancel")
            gone = cancel_bye(base, event, player, round_number, actor=run.who)
            run.done(
                f"cancelled {player}'s {gone.label} in round {gone.round}: paired that round",
                {"event": event, "player": player, "round": gone.round, "cancelled": True},
            )
            return
        kinds = {k.value: k for k in LABELS}
        if kind not in kinds:
            raise BadValue("--kind", f"{kind!r}: half or zero")
        made = request_bye(
            base, event, player, ByeKind(kind), actor=run.who, round_number=round_number
        )
    run.done(
        f"{player}: {made.label} in round {made.round} (requested); not paired that round",
        {"event": event, "player": player, "round": made.round, "kind": made.kind.value},
    )
