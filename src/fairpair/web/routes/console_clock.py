"""The round timer's buttons in the console (the Results tab and the round's page): start at
N minutes, pause, resume, add or take away time, reset — ``service.rounds.clock``, one
transaction each. The big screen and the public pages follow live (each is a new version of
the event).

``POST /console/{slug}/rounds/{number}/clock/{action}`` (judges and owners) with ``stage``,
``minutes`` (start, extend) and ``from`` (``results`` or ``round``: the page to go back to).
With htmx the panel is swapped in place; a refusal shows in the panel, next to the buttons
(without JavaScript: on a page of its own, with the way back)."""

from __future__ import annotations

from urllib.parse import urlencode

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError, Location
from fairpair.error_table import kind_of
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.lookup import stage_key
from fairpair.service.rounds import clock
from fairpair.service.rounds.repeats import round_view
from fairpair.web.access import Access, DbDep, Judge
from fairpair.web.clock_panel import clock_panel
from fairpair.web.console import console_page
from fairpair.web.form_posts import FormValues, form_post

ROUTER = APIRouter(include_in_schema=False)

ACTIONS = ("start", "pause", "resume", "extend", "reset")


def _minutes(values: FormValues) -> int:
    text = values.get("minutes", "").strip().removeprefix("+")
    try:
        return int(text)
    except ValueError:
        raise Refused(Location(("minutes",)), "minutes: a whole number, like 50") from None


def _back(slug: str, stage: str, number: int, source: str) -> str:
    if source == "round":
        return f"/console/{slug}/rounds/{number}?" + urlencode({"stage": stage})
    return f"/console/{slug}/results?" + urlencode({"stage": stage, "round": number})


def _refused(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    number: int,
    stage: str | None,
    error: FairpairError,
    values: FormValues,
) -> Response:
    """The panel with the refusal next to its buttons, on a page of its own (htmx picks the
    panel out of it)."""
    key = stage_key(db, slug, stage)
    source = "round" if values.get("from") == "round" else "results"
    view = round_view(db, slug, number, stage=key)
    return console_page(
        request,
        access,
        db,
        slug,
        "console/clock.html",
        tab="results" if source == "results" else "rounds",
        status=kind_of(error).http,
        view=view,
        clock_panel=clock_panel(db, slug, view, key, source),
        errors={"clock": error.reason},
        values=values,
        back=_back(slug, key, number, source),
    )


@ROUTER.post("/console/{slug}/rounds/{number}/clock/{action}")
@form_post
def clock_action(
    request: Request,
    access: Judge,
    db: DbDep,
    slug: str,
    number: int,
    action: str,
    values: FormValues,
) -> Response:
    if action not in ACTIONS:
        raise HTTPException(404)
    stage = values.get("stage") or None
    try:
        key = stage_key(db, slug, stage)
        if action == "start":
            clock.start_clock(
                db, slug, number, minutes=_minutes(values), actor=access.actor, stage=key
            )
        elif action == "extend":
            clock.extend_clock(
                db, slug, number, minutes=_minutes(values), actor=access.actor, stage=key
            )
        elif action == "pause":
            clock.pause_clock(db, slug, number, actor=access.actor, stage=key)
        elif action == "resume":
            clock.resume_clock(db, slug, number, actor=access.actor, stage=key)
        else:
            clock.reset_clock(db, slug, number, actor=access.actor, stage=key)
    except FairpairError as error:
        return _refused(request, access, db, slug, number, stage, error, values)
    source = "round" if values.get("from") == "round" else "results"
    return RedirectResponse(_back(slug, key, number, source) + "#round-clock", status_code=303)
