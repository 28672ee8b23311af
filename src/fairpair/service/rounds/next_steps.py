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
from fairpair.engine.lifecycle import live_round
from fairpair.engine.playoff import build, read_bracket
from fairpair.engine.round_names import BRACKETS, round_names
from fairpair.engine.rounds import RoundState
from fairpair.engine.stage import Stage, many_live
from fairpair.engine.stage_progress import CutState, cut_state, cuts_from, more_rounds
from fairpair.engine.tournament import Tournament
from fairpair.i18n import later
from fairpair.i18n.later import Later
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
    """An action offered: ``label`` is the button's words (English, said in the reader's
    language on a page: ``fairpair.i18n.later``); ``stage`` and ``round`` are what it acts on
    (for ``next_round`` the stage whose round starts; ``completes`` the round it completes
    first, when one is live)."""

    step: Step
    label: Later
    stage: str
    round: int | None = None
    completes: int | None = None
    early: bool = False
    """``draw_cut`` on a Swiss without a round cap: drawing it ends that stage."""


@dataclass(frozen=True, slots=True)
class NextSteps:
    """The offers for one stage, the next action first, and where the stage stands in words
    (``status``: English, said in the reader's language on a page). ``names``: the name of
    each round of the stage and of its next one."""

    stage: str
    stage_name: str
    status: Later
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


def _called(name: str) -> Later:
    """A round's name inside a sentence: "round 3", "the Quarterfinals"."""
    if name.startswith("Round "):
        return later.gettext("round %(number)s", number=name.removeprefix("Round "))
    return later.gettext("the %(round)s", round=later.round_name(name))


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

    def steps(status: Later, *offers: Offer) -> NextSteps:
        return NextSteps(stage.id, stage.name, status, offers, names)

    if key in drafts:
        number = drafts[key]
        name = names.get(number, f"Round {number}")
        return steps(
            later.gettext(
                "A private draft of %(round)s waits for review (players see nothing yet).",
                round=_called(name),
            ),
            Offer(Step.REVIEW, later.gettext("Review %(round)s", round=_called(name)), key, number),
        )
    live = None if many_live(stage) else live_round(stage)
    if stage.format.value == "round_robin":
        status, robin = _round_robin(tournament, stage, names)
        return steps(status, *robin)
    if live is not None:
        name = names[live.number]
        shown = later.round_name(name)
        if live.status is RoundState.SCHEDULED:
            return steps(
                later.gettext(
                    "%(round)s is released (Upcoming): open it to start play.", round=shown
                ),
                Offer(
                    Step.OPEN,
                    later.gettext("Open %(round)s", round=_called(name)),
                    key,
                    live.number,
                ),
            )
        if live.outstanding:
            left = live.outstanding
            total = len(live.matches) + len(live.pods)
            return steps(
                later.ngettext(
                    "%(round)s is In Progress: %(left)s of %(num)d table without a result.",
                    "%(round)s is In Progress: %(left)s of %(num)d tables without a result.",
                    total,
                    round=shown,
                    left=left,
                ),
                Offer(
                    Step.RESULTS,
                    later.gettext("Enter results (%(left)s to go)", left=left),
                    key,
                    live.number,
                ),
            )
        complete = Offer(
            Step.COMPLETE,
            later.gettext("Complete %(round)s", round=_called(name)),
            key,
            live.number,
        )
        if more_rounds(tournament, stage):
            after = names[upcoming]
            return steps(
                later.gettext("%(round)s: every result is in.", round=shown),
                Offer(
                    Step.NEXT_ROUND,
                    later.gettext(
                        "Next round: complete %(round)s, start %(next)s",
                        round=_called(name),
                        next=_called(after),
                    ),
                    key,
                    upcoming,
                    completes=live.number,
                ),
                complete,
            )
        last = later.gettext(
            "%(round)s is the last round of %(stage)s: every result is in.",
            round=shown,
            stage=stage.name,
        )
        following = _cut_to_start(tournament, stage)
        if following is not None:
            cut, cut_name = following
            return steps(
                last,
                Offer(
                    Step.NEXT_ROUND,
                    later.gettext(
                        "Complete %(round)s and start %(next)s",
                        round=_called(name),
                        next=_called(cut_name),
                    ),
                    cut.id,
                    1,
                    completes=live.number,
                ),
                complete,
            )
        return steps(last, complete)
    if stage.cut is not None and not stage.rounds:
        status, waiting = _cut_stage(tournament, stage)
        return steps(status, *waiting)
    if more_rounds(tournament, stage):
        name = names[upcoming]
        offers = [
            Offer(Step.NEXT_ROUND, _start(name), key, upcoming),
            Offer(Step.GENERATE, _generate(name), key, upcoming),
        ]
        for cut in cuts_from(tournament, stage):
            if cut_state(tournament, cut) is CutState.EARLY:
                seats = _seats(tournament, cut)
                offers.append(
                    Offer(
                        Step.DRAW_CUT,
                        later.gettext(
                            "End %(stage)s here: draw the top %(seats)s",
                            stage=stage.name,
                            seats=seats,
                        ),
                        cut.id,
                        early=True,
                    )
                )
        status = (
            later.gettext("%(stage)s has not started.", stage=stage.name)
            if not stage.rounds
            else later.gettext(
                "%(round)s is complete.", round=later.round_name(names[stage.last_round])
            )
        )
        return steps(status, *offers)
    status, ended, champion = _ended(tournament, stage)
    return NextSteps(stage.id, stage.name, status, ended, names, champion=champion, finished=True)


def _start(name: str) -> Later:
    return later.gettext("Start %(round)s", round=_called(name))


def _generate(name: str) -> Later:
    return later.gettext("Generate %(round)s to review first", round=_called(name))


def _draw(seats: int) -> Later:
    return later.gettext("Draw the top %(seats)s", seats=seats)


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


Said = tuple[Later, tuple[Offer, ...]]


def _cut_stage(tournament: Tournament, stage: Stage) -> Said:
    """A cut stage before its round 1."""
    assert stage.cut is not None
    source = tournament.stage(stage.cut.from_stage)
    state = cut_state(tournament, stage)
    seats = _seats(tournament, stage)
    first = _first_round_name(tournament, stage)
    if state is CutState.DRAWN:
        return (
            later.gettext(
                "The top %(seats)s of %(stage)s is drawn.", seats=seats, stage=source.name
            ),
            (
                Offer(Step.NEXT_ROUND, _start(first), stage.id, 1),
                Offer(Step.GENERATE, _generate(first), stage.id, 1),
            ),
        )
    if state is CutState.DUE:
        return (
            later.gettext(
                "%(stage)s has ended: its top %(seats)s is not drawn yet.",
                stage=source.name,
                seats=seats,
            ),
            (Offer(Step.DRAW_CUT, _draw(seats), stage.id),),
        )
    if state is CutState.EARLY:
        return (
            later.gettext(
                "%(stage)s has no round cap: it ends when you draw its top %(seats)s "
                "(or play another round).",
                stage=source.name,
                seats=seats,
            ),
            (
                Offer(
                    Step.DRAW_CUT,
                    later.gettext(
                        "End %(stage)s here: draw the top %(seats)s",
                        stage=source.name,
                        seats=seats,
                    ),
                    stage.id,
                    early=True,
                ),
            ),
        )
    played = source.last_round
    cap = source.round_cap
    return (
        later.gettext(
            "%(stage)s waits for %(source)s to end (now at round %(round)s of %(cap)s).",
            stage=stage.name,
            source=source.name,
            round=played,
            cap=cap,
        )
        if cap
        else later.gettext(
            "%(stage)s waits for %(source)s to end (now at round %(round)s).",
            stage=stage.name,
            source=source.name,
            round=played,
        ),
        (),
    )


def _ended(tournament: Tournament, stage: Stage) -> tuple[Later, tuple[Offer, ...], str | None]:
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
                decided = later.gettext(
                    "%(stage)s is decided: %(champion)s is the champion.",
                    stage=stage.name,
                    champion=champion,
                )
                return decided, (), champion
    offers: list[Offer] = []
    for cut in cuts_from(tournament, stage):
        state = cut_state(tournament, cut)
        seats = _seats(tournament, cut)
        if state is CutState.DUE:
            offers.append(Offer(Step.DRAW_CUT, _draw(seats), cut.id))
        elif state is CutState.DRAWN:
            first = _first_round_name(tournament, cut)
            offers.append(Offer(Step.NEXT_ROUND, _start(first), cut.id, 1))
    cap = stage.round_cap
    done = (
        later.gettext(
            "%(stage)s is over: round %(round)s of %(cap)s is complete.",
            stage=stage.name,
            round=stage.last_round,
            cap=cap,
        )
        if cap and stage.format not in BRACKETS
        else later.gettext("%(stage)s is over.", stage=stage.name)
    )
    after = tournament.stages.index(stage) < len(tournament.stages) - 1
    if not offers and not cuts_from(tournament, stage) and not after:
        offers.append(Offer(Step.ADD_CUT, later.gettext("Add a top cut"), stage.id))
    return done, tuple(offers), champion


def _round_robin(tournament: Tournament, stage: Stage, names: dict[int, str]) -> Said:
    """A round robin: its rounds are fixed at the start; each live round on its own."""
    offers: list[Offer] = []
    for rnd in stage.rounds:
        name = names.get(rnd.number, f"Round {rnd.number}")
        called = _called(name)
        if rnd.status is RoundState.SCHEDULED:
            opening = later.gettext("Open %(round)s", round=called)
            offers.append(Offer(Step.OPEN, opening, stage.id, rnd.number))
        elif rnd.status is RoundState.OPEN:
            if rnd.outstanding:
                entering = later.gettext("Enter results of %(round)s", round=called)
                offers.append(Offer(Step.RESULTS, entering, stage.id, rnd.number))
            else:
                completing = later.gettext("Complete %(round)s", round=called)
                offers.append(Offer(Step.COMPLETE, completing, stage.id, rnd.number))
    if more_rounds(tournament, stage):
        name = names[stage.last_round + 1]
        offers.append(Offer(Step.NEXT_ROUND, _start(name), stage.id, stage.last_round + 1))
        offers.append(
            Offer(Step.RELEASE_ALL, later.gettext("Release all remaining rounds"), stage.id)
        )
    live = [r for r in stage.rounds if r.status is not RoundState.COMPLETED]
    status = (
        later.ngettext("%(num)d round live.", "%(num)d rounds live.", len(live))
        if live
        else later.ngettext(
            "%(stage)s: %(num)d round complete.",
            "%(stage)s: %(num)d rounds complete.",
            len(stage.rounds),
            stage=stage.name,
        )
    )
    return status, tuple(offers)
