"""What an organizer does to an event in the generator, as pure functions on the tournament
document: each reads the document (``parse_document``: every fact checked), asks the engine,
and returns the new document (``to_document``). A refusal is the engine's ``FairpairError``,
naming the field and the reason; the document given is never changed.

Rounds are played as at a store: *Pair round N* completes the round before it (refused while
results are missing, saying how many), pairs the next round, releases it and opens it, so
results can be entered at once. The same engine and the same document as the server's, so
"Continue on a server" carries on exactly where the page was.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fairpair.engine.changes.cut import draw_cut
from fairpair.engine.changes.drops import drop_player
from fairpair.engine.changes.results import record_places, record_result
from fairpair.engine.changes.round_states import complete_round, open_round
from fairpair.engine.changes.rounds import release_round
from fairpair.engine.errors import InvalidResult, InvalidStage, Location, saying
from fairpair.engine.formats.registry import pair_next_round
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import RoundState
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage_config import StageFormat
from fairpair.engine.tournament import Tournament
from fairpair.generator.players_text import read_players
from fairpair.interop.document import parse_document, to_document

Document = dict[str, Any]

#: The formats an event starts with (a top cut is added later, from the standings).
START_FORMATS = (StageFormat.SWISS, StageFormat.ROUND_ROBIN, StageFormat.PODS)
#: The ruleset each starting format takes by default.
DEFAULT_RULESETS = {
    StageFormat.SWISS: "mtg",
    StageFormat.ROUND_ROBIN: "round_robin",
    StageFormat.PODS: "pods",
}
#: Top cut sizes offered.
CUT_SIZES = (2, 4, 8, 16, 32)

#: A result as the page's menus name it: (winner, games) from side a's point of view.
RESULT_CODES: dict[str, Result] = {
    "a": Result.win(Side.A),
    "b": Result.win(Side.B),
    "draw": Result.draw(),
    "id": Result.draw(intentional=True),
    "2-0": Result.from_games(2, 0),
    "2-1": Result.from_games(2, 1),
    "1-2": Result.from_games(1, 2),
    "0-2": Result.from_games(0, 2),
    "1-1": Result.from_games(1, 1),
    "3-0": Result.from_games(3, 0),
    "3-1": Result.from_games(3, 1),
    "3-2": Result.from_games(3, 2),
    "2-3": Result.from_games(2, 3),
    "1-3": Result.from_games(1, 3),
    "0-3": Result.from_games(0, 3),
    "a-forfeits": Result.forfeit(Side.B),
    "b-forfeits": Result.forfeit(Side.A),
}


def read(document: Document) -> Tournament:
    return parse_document(document)


def write(tournament: Tournament) -> Document:
    return to_document(tournament)


def new_event(
    *,
    name: str,
    players: str,
    format: str = "swiss",
    ruleset: str = "",
    max_rounds: int | None = None,
    toss: bool = False,
    pod_size: int = 4,
    cycles: int = 1,
    seed: str = "",
) -> Document:
    """A new event's document: its players read from ``players`` (a list or a CSV) and one
    stage of ``format`` (``swiss``, ``round_robin`` or ``pods``)."""
    title = " ".join(name.split())
    if not title:
        raise InvalidStage("name", saying("give the event a name"))
    try:
        chosen = StageFormat(format)
    except ValueError:
        chosen = None
    if chosen not in START_FORMATS:
        raise InvalidStage("format", saying("choose Swiss, round robin or pods"))
    assert chosen is not None
    rules = ruleset or DEFAULT_RULESETS[chosen]
    if rules not in PRESETS:
        raise InvalidStage("ruleset", saying("unknown ruleset %(ruleset)r", ruleset=rules))
    stage: Document = {"id": chosen.value, "format": chosen.value, "ruleset": rules}
    if seed:
        stage["seed"] = seed
    if chosen is StageFormat.SWISS:
        if max_rounds is not None:
            stage["max_rounds"] = max_rounds
        if toss:
            stage["toss"] = {"enabled": True}
    elif chosen is StageFormat.PODS:
        stage["pod_size"] = pod_size
        if max_rounds is not None:
            stage["max_rounds"] = max_rounds
    else:
        stage["cycles"] = cycles
    document: Document = {"name": title, "players": read_players(players), "stages": [stage]}
    return write(read(document))


def _open_round(tournament: Tournament, stage_id: str) -> int | None:
    stage = tournament.stage(stage_id)
    live = [r.number for r in stage.rounds if r.state in (RoundState.OPEN, RoundState.SCHEDULED)]
    return live[-1] if live else None


def current_stage(tournament: Tournament) -> str:
    """The stage being played: the last one (a top cut once it is drawn)."""
    return tournament.stages[-1].id


def pair_next(document: Document) -> Document:
    """Complete the open round (refused while results are missing), then pair, release and
    open the next round of the current stage."""
    tournament = read(document)
    stage_id = current_stage(tournament)
    live = _open_round(tournament, stage_id)
    if live is not None:
        tournament = complete_round(tournament, live, stage_id)
    draft = pair_next_round(tournament, stage_id)
    tournament = release_round(tournament, draft)
    tournament = open_round(tournament, draft.round_number, stage_id)
    return write(tournament)


def report(document: Document, *, stage: str, round: int, table: int, result: str) -> Document:
    """Record (or, with ``result`` empty, clear) a two-player table's result."""
    tournament = read(document)
    if result and result not in RESULT_CODES:
        where = Location(stage=stage, round=round, table=table)
        raise InvalidResult(where, saying("unknown result %(result)r", result=result))
    chosen = RESULT_CODES[result] if result else None
    return write(record_result(tournament, round, table, chosen, stage=stage))


def report_places(
    document: Document, *, stage: str, round: int, table: int, places: list[int] | None
) -> Document:
    """Record (or clear) a pod table's finishing places, in seat order."""
    return write(record_places(read(document), round, table, places, stage=stage))


def drop(document: Document, *, player: str) -> Document:
    """The player leaves the event after the current stage's latest round."""
    tournament = read(document)
    return write(drop_player(tournament, player, stage=current_stage(tournament)))


def top_cut(document: Document, *, top: int, double: bool = False) -> Document:
    """Add a top cut of the first stage's standings — single or double elimination — and draw
    it (the stage it is cut from must be finished: its last round completed)."""
    tournament = read(document)
    if top not in CUT_SIZES:
        sizes = ", ".join(map(str, CUT_SIZES))
        raise InvalidStage("top", saying("choose a top cut of %(sizes)s", sizes=sizes))
    source = tournament.stages[0]
    if len(tournament.stages) > 1:
        raise InvalidStage("top", saying("this event already has its top cut"))
    live = _open_round(tournament, source.id)
    if live is not None:
        tournament = complete_round(tournament, live, source.id)
    fmt = StageFormat.DOUBLE_ELIMINATION if double else StageFormat.SINGLE_ELIMINATION
    data = write(tournament)
    stage_id = f"top{top}"
    data["stages"].append(
        {
            "id": stage_id,
            "name": f"Top {top}",
            "format": fmt.value,
            "ruleset": data["stages"][0].get("ruleset", "default"),
            "cut": {"from_stage": source.id, "top": top, "automatic": False},
        }
    )
    drawn, _ = draw_cut(read(data), stage_id, early=True)
    return write(drawn)


def rename(document: Document, *, name: str) -> Document:
    title = " ".join(name.split())
    if not title:
        raise InvalidStage("name", saying("give the event a name"))
    return write(replace(read(document), name=title))
