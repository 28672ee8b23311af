"""The console's overview of one event: how many players are registered, checked in and
dropped; each stage (format, ruleset, state, cut); the current round's card; and the one
next thing a store owner has to do, as a link to the tab where it is done."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import APIRouter, Request
from fastapi.responses import Response

from fairpair.responses.events import EventDetail, RoundItem, StageItem
from fairpair.service.event.events import show_event
from fairpair.web.access import DbDep, Viewer
from fairpair.web.console import console_page

ROUTER = APIRouter(include_in_schema=False)

#: How the public pages name a round's state.
ROUND_STATES = {"scheduled": "Upcoming", "open": "In Progress", "completed": "Completed"}


@dataclass(frozen=True, slots=True)
class NextAction:
    """The one thing to do next: a label and the console tab (path under the event) to do it."""

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


def next_action(event: EventDetail) -> NextAction:
    """What the organizer does next, from the event's state."""
    stage = current_stage(event)
    if not event.players:
        return NextAction("Add players", "/players", "nobody is registered yet")
    if stage is None:
        return NextAction("Add a stage", "/stages", "the event has no stage")
    if stage.draft_round is not None:
        return NextAction(
            f"Review round {stage.draft_round}",
            "/rounds",
            "its pairings are a private draft: nothing is public until you release them",
        )
    if stage.cut_from is not None and stage.seated is None:
        return NextAction("Make the top cut", "/cut", f"from stage {stage.cut_from}")
    if stage.rounds:
        last = stage.rounds[-1]
        if last.state == "scheduled":
            return NextAction(f"Open round {last.number}", "/rounds", "it is posted as Upcoming")
        if last.state == "open":
            if last.outstanding:
                count = f"{last.outstanding} match{'es' if last.outstanding != 1 else ''}"
                return NextAction(
                    "Enter results", "/results", f"{count} of round {last.number} outstanding"
                )
            return NextAction(f"Complete round {last.number}", "/rounds", "every result is in")
        if stage.finished:
            return NextAction("See the final standings", "/standings", "the event is finished")
    number = stage.rounds[-1].number + 1 if stage.rounds else 1
    if stage.max_rounds is not None and number > stage.max_rounds:
        return NextAction(
            "See the standings", "/standings", f"all {stage.max_rounds} rounds are played"
        )
    if number == 1:
        absent = sum(1 for p in event.players if not p.checked_in and p.dropped_after is None)
        why = f"{absent} player{'s' if absent != 1 else ''} not checked in yet" if absent else ""
        return NextAction("Generate round 1", "/rounds", why)
    return NextAction(f"Generate round {number}", "/rounds")


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
        next_action=next_action(event),
        public_url=f"{str(request.base_url).rstrip('/')}/e/{event.slug}",
    )
