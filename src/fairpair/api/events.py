"""``/api/v1/events``: the caller's events, a new event, one event as staff see it, and its
details (``/details``: city, federation, dates, arbiters — a FIDE report's header)."""

from __future__ import annotations

from fastapi import APIRouter

from fairpair.api.bodies import EventDetailsBody, NewEvent
from fairpair.api.params import Slug
from fairpair.engine.rulesets import get_ruleset
from fairpair.responses.event_details import EventDetails
from fairpair.responses.events import EventDetail, EventList
from fairpair.service.accounts.staff import roles_of
from fairpair.service.event.details import event_details, set_event_details
from fairpair.service.event.events import create_event, list_events, show_event
from fairpair.web.access import DbDep, Organizer, Owner, Signed, Viewer

ROUTER = APIRouter(tags=["events"])


@ROUTER.get("/events", response_model=EventList)
def list_my_events(access: Signed, db: DbDep) -> EventList:
    """The events the caller is staff of (owner, judge or viewer), newest first."""
    assert access.account is not None
    roles = roles_of(db, access.account)
    return EventList(events=[e for e in list_events(db).events if e.slug in roles])


@ROUTER.post("/events", response_model=EventDetail, status_code=201)
def create_an_event(body: NewEvent, access: Organizer, db: DbDep) -> EventDetail:
    """Create an event (the caller owns it)."""
    assert access.account is not None
    slug = create_event(
        db,
        body.name,
        actor=access.actor,
        slug=body.slug.strip() if body.slug else None,
        ruleset=get_ruleset(body.ruleset, "ruleset"),
        owner=access.account.id,
    )
    return show_event(db, slug)


@ROUTER.get("/events/{slug}", response_model=EventDetail)
def show_an_event(slug: Slug, access: Viewer, db: DbDep) -> EventDetail:
    """The event as staff see it: players (with contacts), stages, rounds, the draft."""
    return show_event(db, slug)


@ROUTER.get("/events/{slug}/details", response_model=EventDetails)
def show_event_details(slug: Slug, access: Viewer, db: DbDep) -> EventDetails:
    """The event's details a FIDE report carries: city, federation, dates, arbiters, time
    control, type of tournament, and the round dates set in advance."""
    return event_details(db, slug)


@ROUTER.patch("/events/{slug}/details", response_model=EventDetails)
def change_event_details(
    slug: Slug, body: EventDetailsBody, access: Owner, db: DbDep
) -> EventDetails:
    """Change the fields the body names (``null`` clears one; ``name`` renames the event);
    the details after. Audited as ``event.details``."""
    changes = {f: getattr(body, f) for f in body.model_fields_set}
    return set_event_details(db, slug, changes, actor=access.actor)
