"""What can happen next to a stage, as the console offers it (issue 28, points 2 and 3): one
function that the round cards, the Results tab and the Top cut tab all read, so that a button
is shown only when the service will honour it.

``next_steps(db, slug, stage)`` answers for one stage (default: the stage being played) with
its offers, the first being *the* next action (the one the organizer's eyes should find):

| the stage stands                                   | the next action                         |
|----------------------------------------------------|-----------------------------------------|
| a private draft waits                              | Review round N                          |
| round N is Scheduled                               | Open round N                            |
| round N is Open, results missing                   | Enter results (k to go)                 |
| round N is Open, every result in, more to come     | Next round (complete N, start N + 1)    |
| round N is Open, every result in, the last round   | Complete round N (· start the playoff)  |
| no live round, more rounds to come                 | Start round N + 1 (or generate to review) |
| ended, a cut from it not drawn                     | Draw the top 8                          |
| ended, its cut drawn                               | Start the Quarterfinals                 |
| ended, no cut, the last stage                      | Add a top cut                           |
| a bracket with its champion                        | — (the champion is named)               |

"More to come" is ``engine.stage_progress.more_rounds``: the round cap, a decided bracket, a
round robin's schedule. Reading only; the moves are ``service.rounds.flow``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from sqlalchemy import select

from fairpair.engine.brackets.round_names import bracket_round_name
from fairpair.engine.changes import cut_of
from fairpair.engine.errors import FairpairError
from fairpair.engine.lifecycle import live_round, many_live
from fairpair.engine.playoff import build, read_bracket
from fairpair.engine.round_names import BRACKETS, round_names
from fairpair.engine.rounds import RoundState
from fairpair.engine.stage import Stage
from fairpair.engine.stage_progress import CutState, cut_state, cuts_from, more_rounds
from fairpair.engine.tournament import Tournament
from fairpair.service.kernel.lookup import find_stage
from fairpair.service.kernel.snapshots import loaded
from fairpair.service.kernel.unit import reading
from fairpair.store.database import Database
from fairpair.store.models import DraftRow, StageRow


class Step(StrEnum):
    """One thing the organizer can do next (each is one service use case)."""

    REVIEW = "review"
    """Look at the private draft (release it, regenerate it or discard it)."""
    OPEN = "open"
    RESULTS = "results"
    """Type the missing results (the Results tab)."""
    NEXT_ROUND = "next_round"
    """``flow.next_round``: complete the live round, pair the next, release and open it —
    stopping at the review when the draft has a warning."""
    COMPLETE = "complete"
    GENERATE = "generate"
    """Pair the next round as a private draft, to review it before anything is public."""
    DRAW_CUT = "draw_cut"
    ADD_CUT = "add_cut"
    RELEASE_ALL = "release_all"
    """A round robin: release every remaining round of its schedule at once."""


@dataclass(frozen=True, slots=True)
class Offer:
    """An action offered: ``label`` is the button's words; ``stage`` and ``round`` are what it
    acts on (for ``next_round`` the stage whose round starts; ``completes`` the round it
    completes first, when one is live)."""

    step: Step
    label: str
    stage: str
    round: int | None = None
    completes: int | None = None
    early: bool = False
    """``draw_cut`` on a Swiss without a round cap: drawing it ends that stage."""


@dataclass(frozen=True, slots=True)
class NextSteps:
    """The offers for one stage, the next action first, and where the stage stands in words
    (``status``). ``names``: the name of each round of the stage and of its next one."""

    stage: str
    stage_name: str
    status: str
    offers: tuple[Offer, ...] = ()
    names: dict[int, str] = field(default_factory=dict)
    champion: str | None = None
    finished: bool = False

    @property
    def primary(self) -> Offer | None:
        return self.offers[0] if self.offers else None

    def offered(self, step: Step | str) -> Offer | None:
        """The offer of ``step`` (a ``Step`` or its value, as a template names it), if any."""
        return next((o for o in self.offers if o.step == step), None)


def next_steps(db: Database, slug: str, stage: str | None = None) -> NextSteps:
    """What can happen next to ``stage`` (default: the stage being played)."""
    with reading(db, slug) as (conn, event):
        key = find_stage(conn, event, stage, to_pair=stage is None).key
        drafts = dict(
            conn.execute(
                select(StageRow.key, DraftRow.round_number)
                .join(DraftRow, DraftRow.stage_id == StageRow.id)
                .where(StageRow.event_id == event.id)
            ).all()
        )
        tournament = loaded(conn, event).tournament
    return steps_of(tournament, key, drafts)


def _called(name: str) -> str:
    """A round's name inside a sentence: "round 3", "the Quarterfinals"."""
    return f"round {name.removeprefix('Round ')}" if name.startswith("Round ") else f"the {name}"


def _seats(tournament: Tournament, cut: Stage) -> int:
    if cut.participants is not None:
        return len(cut.participants)
    try:
        return len(cut_of(tournament, cut).players)
    except FairpairError:
        assert cut.cut is not None
        return cut.cut.top or 0


def steps_of(tournament: Tournament, key: str, drafts: dict[str, int]) -> NextSteps:
    """``next_steps`` over what is loaded: ``drafts`` maps a stage to its draft's round."""
    stage = tournament.stage(key)
    names = round_names(tournament, stage)
    upcoming = stage.last_round + 1

    def steps(status: str, *offers: Offer) -> NextSteps:
        return NextSteps(stage.id, stage.name, status, offers, names)

    if key in drafts:
        number = drafts[key]
        name = names.get(number, f"Round {number}")
        return steps(
            f"A private draft of {_called(name)} waits for review (players see nothing yet).",
            Offer(Step.REVIEW, f"Review {_called(name)}", key, number),
        )
    live = None if many_live(stage) else live_round(stage)
    if stage.format.value == "round_robin":
        status, robin = _round_robin(tournament, stage, names)
        return steps(status, *robin)
    if live is not None:
        name = names[live.number]
        if live.status is RoundState.SCHEDULED:
            return steps(
                f"{name} is released (Upcoming): open it to start play.",
                Offer(Step.OPEN, f"Open {_called(name)}", key, live.number),
            )
        if live.outstanding:
            left = live.outstanding
            total = len(live.matches) + len(live.pods)
            return steps(
                f"{name} is In Progress: {left} of {_count(total, 'table')} without a result.",
                Offer(Step.RESULTS, f"Enter results ({left} to go)", key, live.number),
            )
        complete = Offer(Step.COMPLETE, f"Complete {_called(name)}", key, live.number)
        if more_rounds(tournament, stage):
            after = names[upcoming]
            return steps(
                f"{name}: every result is in.",
                Offer(
                    Step.NEXT_ROUND,
                    f"Next round: complete {_called(name)}, start {_called(after)}",
                    key,
                    upcoming,
                    completes=live.number,
                ),
                complete,
            )
        following = _cut_to_start(tournament, stage)
        if following is not None:
            cut, cut_name = following
            return steps(
                f"{name} is the last round of {stage.name}: every result is in.",
                Offer(
                    Step.NEXT_ROUND,
                    f"Complete {_called(name)} and start {_called(cut_name)}",
                    cut.id,
                    1,
                    completes=live.number,
                ),
                complete,
            )
        return steps(f"{name} is the last round of {stage.name}: every result is in.", complete)
    if stage.cut is not None and not stage.rounds:
        status, waiting = _cut_stage(tournament, stage)
        return steps(status, *waiting)
    if more_rounds(tournament, stage):
        name = names[upcoming]
        offers = [
            Offer(Step.NEXT_ROUND, f"Start {_called(name)}", key, upcoming),
            Offer(Step.GENERATE, f"Generate {_called(name)} to review first", key, upcoming),
        ]
        for cut in cuts_from(tournament, stage):
            if cut_state(tournament, cut) is CutState.EARLY:
                seats = _seats(tournament, cut)
                offers.append(
                    Offer(
                        Step.DRAW_CUT,
                        f"End {stage.name} here: draw the top {seats}",
                        cut.id,
                        early=True,
                    )
                )
        status = (
            f"{stage.name} has not started."
            if not stage.rounds
            else f"{names[stage.last_round]} is complete."
        )
        return steps(status, *offers)
    status, ended, champion = _ended(tournament, stage)
    return NextSteps(stage.id, stage.name, status, ended, names, champion=champion, finished=True)


def _count(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else plural or word + 's'}"


def _cut_to_start(tournament: Tournament, stage: Stage) -> tuple[Stage, str] | None:
    """A cut from ``stage`` that starts once ``stage``'s live last round is completed: drawn,
    or drawn automatically then (its name: "Quarterfinals")."""
    for cut in cuts_from(tournament, stage):
        state = cut_state(tournament, cut)
        if state is CutState.DRAWN or (state is CutState.DUE and cut.cut and cut.cut.automatic):
            return cut, _first_round_name(tournament, cut)
    return None


def _first_round_name(tournament: Tournament, cut: Stage) -> str:
    """The name of round 1 of cut stage ``cut`` (from its drawn field, or the field it would
    draw now): "Quarterfinals" for a top 8."""
    if cut.format not in BRACKETS:
        return "Round 1"
    seats = _seats(tournament, cut)
    if cut.participants is None:
        return _bracket_opening(cut, seats)
    return round_names(tournament, cut).get(1, "Round 1")


def _bracket_opening(cut: Stage, seats: int) -> str:
    if seats < 2:
        return "Round 1"
    bracket = build(cut, seats)
    first = [m.id for m in bracket.matches if m.round == 1 and m.bracket == "winners"]
    return bracket_round_name(bracket, first) or "Round 1"


Said = tuple[str, tuple[Offer, ...]]


def _cut_stage(tournament: Tournament, stage: Stage) -> Said:
    """A cut stage before its round 1."""
    assert stage.cut is not None
    source = tournament.stage(stage.cut.from_stage)
    state = cut_state(tournament, stage)
    seats = _seats(tournament, stage)
    first = _first_round_name(tournament, stage)
    if state is CutState.DRAWN:
        return (
            f"The top {seats} of {source.name} is drawn.",
            (
                Offer(Step.NEXT_ROUND, f"Start {_called(first)}", stage.id, 1),
                Offer(Step.GENERATE, f"Generate {_called(first)} to review first", stage.id, 1),
            ),
        )
    if state is CutState.DUE:
        return (
            f"{source.name} has ended: its top {seats} is not drawn yet.",
            (Offer(Step.DRAW_CUT, f"Draw the top {seats}", stage.id),),
        )
    if state is CutState.EARLY:
        return (
            f"{source.name} has no round cap: it ends when you draw its top {seats} "
            "(or play another round).",
            (
                Offer(
                    Step.DRAW_CUT,
                    f"End {source.name} here: draw the top {seats}",
                    stage.id,
                    early=True,
                ),
            ),
        )
    played = source.last_round
    cap = source.round_cap
    where = f"round {played} of {cap}" if cap else f"round {played}"
    return (
        f"{stage.name} waits for {source.name} to end (now at {where}).",
        (),
    )


def _ended(tournament: Tournament, stage: Stage) -> tuple[str, tuple[Offer, ...], str | None]:
    """A stage that will pair no more rounds: its cuts, or its champion, or a cut to add."""
    champion = None
    if stage.format in BRACKETS:
        try:
            run = read_bracket(tournament, stage)
        except FairpairError:
            run = None
        if run is not None and run.champion is not None:
            names = {p.id: p.name for p in tournament.players}
            champion = names.get(run.champion, run.champion)
            if run.decided:
                return f"{stage.name} is decided: {champion} is the champion.", (), champion
    offers: list[Offer] = []
    for cut in cuts_from(tournament, stage):
        state = cut_state(tournament, cut)
        seats = _seats(tournament, cut)
        if state is CutState.DUE:
            offers.append(Offer(Step.DRAW_CUT, f"Draw the top {seats}", cut.id))
        elif state is CutState.DRAWN:
            first = _first_round_name(tournament, cut)
            offers.append(Offer(Step.NEXT_ROUND, f"Start {_called(first)}", cut.id, 1))
    cap = stage.round_cap
    done = (
        f"{stage.name} is over: round {stage.last_round} of {cap} is complete."
        if cap and stage.format not in BRACKETS
        else f"{stage.name} is over."
    )
    later = tournament.stages.index(stage) < len(tournament.stages) - 1
    if not offers and not cuts_from(tournament, stage) and not later:
        offers.append(Offer(Step.ADD_CUT, "Add a top cut", stage.id))
    return done, tuple(offers), champion


def _round_robin(tournament: Tournament, stage: Stage, names: dict[int, str]) -> Said:
    """A round robin: its rounds are fixed at the start; each live round on its own."""
    offers: list[Offer] = []
    for rnd in stage.rounds:
        name = names.get(rnd.number, f"Round {rnd.number}")
        if rnd.status is RoundState.SCHEDULED:
            offers.append(Offer(Step.OPEN, f"Open {_called(name)}", stage.id, rnd.number))
        elif rnd.status is RoundState.OPEN:
            if rnd.outstanding:
                offers.append(
                    Offer(Step.RESULTS, f"Enter results of {_called(name)}", stage.id, rnd.number)
                )
            else:
                offers.append(
                    Offer(Step.COMPLETE, f"Complete {_called(name)}", stage.id, rnd.number)
                )
    if more_rounds(tournament, stage):
        name = names[stage.last_round + 1]
        offers.append(
            Offer(Step.NEXT_ROUND, f"Start {_called(name)}", stage.id, stage.last_round + 1)
        )
        offers.append(Offer(Step.RELEASE_ALL, "Release all remaining rounds", stage.id))
    live = [r for r in stage.rounds if r.status is not RoundState.COMPLETED]
    status = (
        f"{_count(len(live), 'round')} live."
        if live
        else f"{stage.name}: {_count(len(stage.rounds), 'round')} complete."
    )
    return status, tuple(offers)
