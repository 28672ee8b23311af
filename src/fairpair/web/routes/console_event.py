"""The console's overview of one event: how many players are registered, checked in and
dropped; each stage (format, ruleset, state, cut); the current round's card; and the one
next thing a store owner has to do, as a link to the tab where it is done."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import APIRouter, Request
from fastapi.responses import Response

from fairpair.i18n import N_, ngettext
from fairpair.responses.events import EventDetail, RoundItem, StageItem
from fairpair.service.event.events import show_event
from fairpair.service.results.autopilot_status import autopilot_status
from fairpair.service.rounds.next_steps import NextSteps, Step, next_steps
from fairpair.web.access import DbDep, Viewer
from fairpair.web.console import console_page

ROUTER = APIRouter(include_in_schema=False)

#: How the public pages name a round's state.
ROUND_STATES = {
    "scheduled": N_("Upcoming"),
    "open": N_("In Progress"),
    "completed": N_("Completed"),
}


@dataclass(frozen=True, slots=True)
class NextAction:
    """The one thing to do next: a label and the console tab (path under the event) to do it
    (the template translates ``label`` and ``why``: marked with ``N_`` here)."""

    label: str
    path: str
    why: str = ""


@dataclass(frozen=True, slots=True)
class CurrentRound:
    stage: StageItem
    round: RoundItem

    @property
    def state(self) -> str:
        return ROUND_STATES[self.round.state]


def current_stage(event: EventDetail) -> StageItem | None:
    """The stage being played: the one with a draft, else the last stage with rounds (the next
    one once it is finished), else the first."""
    if not event.stages:
        return None
    for stage in event.stages:
        if stage.draft_round is not None:
            return stage
    played = [i for i, s in enumerate(event.stages) if s.rounds]
    if not played:
        return event.stages[0]
    last = played[-1]
    stage = event.stages[last]
    if stage.finished and last + 1 < len(event.stages):
        return event.stages[last + 1]
    return stage


def current_round(event: EventDetail) -> CurrentRound | None:
    for stage in reversed(event.stages):
        if stage.rounds:
            return CurrentRound(stage, stage.rounds[-1])
    return None


#: Where each offer of ``service.rounds.next_steps`` is taken (a tab under the event).
_TABS = {
    Step.REVIEW: "/rounds/draft",
    Step.RESULTS: "/results",
    Step.DRAW_CUT: "/cut",
    Step.ADD_CUT: "/cut",
}


def next_action(event: EventDetail, steps: NextSteps | None) -> NextAction:
    """What the organizer does next: players and a stage first, then the stage's next
    action as the service offers it (``service.rounds.next_steps``: never an action it would
    refuse, such as a round past the last one)."""
    stage = current_stage(event)
    if not event.players:
        return NextAction(N_("Add players"), "/players", N_("nobody is registered yet"))
    if stage is None or steps is None:
        return NextAction(N_("Add a stage"), "/stages", N_("the event has no stage"))
    offer = steps.primary
    if offer is None:
        return NextAction(N_("See the final standings"), "/standings", steps.status)
    path = _TABS.get(offer.step, "/rounds")
    query = f"?stage={offer.stage}" + (f"&round={offer.round}" if offer.round else "")
    why: str = steps.status
    if offer.step is Step.NEXT_ROUND and offer.round == 1 and not stage.rounds:
        absent = sum(1 for p in event.players if not p.checked_in and p.dropped_after is None)
        if absent:
            why = ngettext(
                "%(num)d player not checked in yet", "%(num)d players not checked in yet", absent
            ) % {"num": absent}
    return NextAction(offer.label, path + query, why)


@ROUTER.get("/console/{slug}")
def overview(request: Request, slug: str, access: Viewer, db: DbDep) -> Response:
    event = show_event(db, slug)
    players = event.players
    return console_page(
        request,
        access,
        db,
        slug,
        "console/overview.html",
        tab="overview",
        event=event,
        counts={
            "registered": len(players),
            "checked_in": sum(1 for p in players if p.checked_in),
            "dropped": sum(1 for p in players if p.dropped_after is not None),
        },
        current=current_round(event),
        next_action=next_action(event, next_steps(db, slug) if event.stages else None),
        autopilot=autopilot_status(db, slug) if event.stages else None,
        public_url=f"{str(request.base_url).rstrip('/')}/e/{event.slug}",
    )
