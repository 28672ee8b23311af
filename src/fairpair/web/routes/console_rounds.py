"""The console's Rounds tab (seed 004 "Running a round"): the round cards of a stage, Generate
Round N → the review screen (private: nothing is public yet) with its notes and warnings,
click-to-place rearranging, Regenerate, Discard, Release; then each round's actions — Open,
Complete, Revert, Delete, Swap while Scheduled, Set dates — and, for a round robin, releasing
the whole schedule; a pod table's finishing places.

Viewers see everything; judges act. A plain post answers with a redirect (303) on success, or
the page again with the refusal next to the control that caused it (and what was typed)."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import RedirectResponse, Response
from starlette.exceptions import HTTPException

from fairpair import i18n
from fairpair.engine.errors import FairpairError, Location
from fairpair.error_table import kind_of
from fairpair.interop.typed_text import parse_moment
from fairpair.service.event.events import show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.lookup import stage_key
from fairpair.service.results import places
from fairpair.service.results.autopilot_status import autopilot_status
from fairpair.service.results.pending_reports import pending_reports
from fairpair.service.rounds import autopilot, drafts, flow, round_robin
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.draft_toss import draft_tosses
from fairpair.service.rounds.next_steps import next_steps
from fairpair.service.rounds.repeats import round_view
from fairpair.web.access import Access, DbDep, Judge, Viewer
from fairpair.web.clock_panel import clock_panel
from fairpair.web.confirm import confirmed
from fairpair.web.console import console_page
from fairpair.web.form_posts import FormValues, form_post
from fairpair.web.numbers import is_whole
from fairpair.web.round_confirms import (
    ASKING,
    ask_discard,
    ask_move,
    discarded_counts,
    done_query,
    moved_counts,
    said,
)
from fairpair.web.rounds_view import (
    ACTIONS,
    SHOWN,
    choose_stage,
    live_round,
    names_of,
    records_of,
    withdrawn_since,
)

ROUTER = APIRouter(include_in_schema=False)

StageQuery = Annotated[str | None, Query(max_length=100)]
StageForm = Annotated[str | None, Form(max_length=100)]


def _where(slug: str, stage: str, path: str = "/rounds", **extra: str | int) -> str:
    return f"/console/{slug}{path}?" + urlencode({"stage": stage, **extra})


def _done(slug: str, stage: str, path: str = "/rounds", **extra: str | int) -> Response:
    return RedirectResponse(_where(slug, stage, path, **extra), status_code=303)


def _message(error: FairpairError) -> str:
    """The refusal as shown next to its control (which already says which round it is)."""
    return i18n.reason(error)


def _tab_refused(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    stage: str | None,
    error: FairpairError,
    field: str,
) -> Response:
    """The Rounds tab again, with ``error``'s reason next to the control ``field`` names."""
    return _rounds_page(
        request,
        access,
        db,
        slug,
        stage,
        status=kind_of(error).http,
        errors={field: _message(error)},
    )


def _rounds_page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    stage: str | None,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
) -> Response:
    key = stage_key(db, slug, stage, to_pair=stage is None)
    event = show_event(db, slug)
    choice = choose_stage(event, key)
    found = choice.stage
    schedule = None
    if found.format == "round_robin":
        schedule = round_robin.schedule_view(db, slug, stage=key)
    return console_page(
        request,
        access,
        db,
        slug,
        "console/rounds.html",
        tab="rounds",
        status=status,
        event=event,
        stage=found,
        stages=choice.stages,
        live=live_round(found),
        steps=next_steps(db, slug, key),
        autopilot=autopilot_status(db, slug, key),
        shown=SHOWN,
        actions=ACTIONS,
        names=names_of(event),
        schedule=schedule,
        done=said(request),
        errors=errors or {},
        values=values or {},
    )


@ROUTER.get("/console/{slug}/rounds")
def rounds_tab(
    request: Request, access: Viewer, db: DbDep, slug: str, stage: StageQuery = None
) -> Response:
    return _rounds_page(request, access, db, slug, stage)


# -- the draft: generate, review, rearrange, regenerate, discard, release --------------------


@ROUTER.post("/console/{slug}/rounds/generate")
def generate(
    request: Request, access: Judge, db: DbDep, slug: str, stage: StageForm = None
) -> Response:
    try:
        saved = drafts.generate(db, slug, actor=access.actor, stage=stage)
    except FairpairError as error:
        return _tab_refused(request, access, db, slug, stage, error, "generate")
    return _done(slug, saved.stage, "/rounds/draft")


def _review_page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    stage: str | None,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
) -> Response:
    key = stage_key(db, slug, stage, to_pair=stage is None)
    try:
        draft = drafts.show_draft(db, slug, stage=key)
    except FairpairError:
        if status == 200:
            return _done(slug, key)
        return _rounds_page(request, access, db, slug, key, status=status, errors=errors)
    event = show_event(db, slug)
    found = choose_stage(event, key).stage
    seated = [p for t in draft.pairings for p in (t["a"], t["b"])]
    seated += [b["player"] for b in draft.byes]
    seated += [s for pod in draft.pods for s in pod.get("seats", [])]
    return console_page(
        request,
        access,
        db,
        slug,
        "console/review.html",
        tab="rounds",
        status=status,
        event=event,
        stage=found,
        draft=draft,
        # its warnings again, as sentences the page says in the reader's language
        warnings=drafts.draft_warnings(draft.pairings, draft.notes),
        gone=withdrawn_since(event, draft),
        live=live_round(found),
        seated=seated,
        records=records_of(db, slug, key),
        tosses=draft_tosses(db, slug, stage=key),
        names=names_of(event),
        steps=next_steps(db, slug, key),
        autopilot=autopilot_status(db, slug, key),
        stopped=request.query_params.get("stopped") == "1",
        errors=errors or {},
        values=values or {},
    )


@ROUTER.get("/console/{slug}/rounds/draft")
def review(
    request: Request, access: Viewer, db: DbDep, slug: str, stage: StageQuery = None
) -> Response:
    return _review_page(request, access, db, slug, stage)


@ROUTER.post("/console/{slug}/rounds/draft/rearrange")
@form_post
def rearrange(
    request: Request, access: Judge, db: DbDep, slug: str, values: FormValues
) -> Response:
    stage = values.get("stage") or None
    version = values.get("version", "")
    player, other = values.get("player", "").strip(), values.get("other", "").strip()
    try:
        if not player or not other:
            raise Refused(Location(("player",)), "pick a player, then the place to put them")
        drafts.rearrange(
            db,
            slug,
            player,
            other,
            actor=access.actor,
            stage=stage,
            version=int(version) if is_whole(version) else None,
        )
    except FairpairError as error:
        return _review_page(
            request,
            access,
            db,
            slug,
            stage,
            status=kind_of(error).http,
            errors={"rearrange": _message(error)},
            values=values,
        )
    return _done(slug, stage or stage_key(db, slug, None, to_pair=True), "/rounds/draft")


@ROUTER.post("/console/{slug}/rounds/next")
def next_round(
    request: Request, access: Judge, db: DbDep, slug: str, stage: StageForm = None
) -> Response:
    """The common path in one click (``service.rounds.flow.next_round``): the round is open
    and the Results tab waits for its results; or the draft waits for review (a warning)."""
    try:
        started = flow.next_round(db, slug, actor=access.actor, stage=stage or None)
    except FairpairError as error:
        return _tab_refused(request, access, db, slug, stage or None, error, "next")
    if not started.opened:
        return _done(slug, started.stage, "/rounds/draft", stopped=1)
    return _done(slug, started.stage, "/results", round=started.round, started=1)


@ROUTER.post("/console/{slug}/autopilot/{action}")
def autopilot_switch(
    request: Request,
    access: Judge,
    db: DbDep,
    slug: str,
    action: str,
    stage: StageForm = None,
    origin: Annotated[str, Form(alias="from", max_length=20)] = "rounds",
) -> Response:
    """Pause the stage's autopilot, or resume it (``service.rounds.autopilot``): resumed
    with every result of its round in, it moves on at once."""
    if action not in ("pause", "resume"):
        raise HTTPException(404)
    try:
        if action == "pause":
            autopilot.pause(db, slug, actor=access.actor, stage=stage or None)
        else:
            autopilot.resume(db, slug, actor=access.actor, stage=stage or None)
    except FairpairError as error:
        return _tab_refused(request, access, db, slug, stage or None, error, "autopilot")
    key = stage_key(db, slug, stage or None)
    return _done(slug, key, "/results" if origin == "results" else "/rounds")


@ROUTER.post("/console/{slug}/rounds/draft/release-open")
def release_and_open(
    request: Request, access: Judge, db: DbDep, slug: str, stage: StageForm = None
) -> Response:
    key = stage_key(db, slug, stage, to_pair=stage is None)
    try:
        number = flow.release_and_open(db, slug, actor=access.actor, stage=key)
    except FairpairError as error:
        return _review_page(
            request,
            access,
            db,
            slug,
            key,
            status=kind_of(error).http,
            errors={"release": _message(error)},
        )
    return _done(slug, key, "/results", round=number, started=1)


@ROUTER.post("/console/{slug}/rounds/draft/{action}")
def draft_action(
    request: Request,
    access: Judge,
    db: DbDep,
    slug: str,
    action: str,
    stage: StageForm = None,
    confirmed_: Annotated[str, Form(alias="confirmed", max_length=3)] = "",
) -> Response:
    if action not in ("regenerate", "discard", "release"):
        raise HTTPException(404)
    key = stage_key(db, slug, stage, to_pair=stage is None)
    try:
        if action == "regenerate":
            drafts.regenerate(db, slug, actor=access.actor, stage=key)
            return _done(slug, key, "/rounds/draft")
        if action == "discard":
            # asked first, with what goes (fairpair.web.round_confirms)
            if not confirmed({"confirmed": confirmed_}):
                return ask_discard(request, access, db, slug, key)
            counts = discarded_counts(db, slug, key)
            number = drafts.discard(db, slug, actor=access.actor, stage=key)
            return _done(slug, key, "/rounds", **done_query("discarded", number, counts))
        number = rounds.release(db, slug, actor=access.actor, stage=key)
        return _done(slug, key, f"/rounds/{number}")
    except FairpairError as error:
        return _review_page(
            request,
            access,
            db,
            slug,
            key,
            status=kind_of(error).http,
            errors={action: _message(error)},
        )


@ROUTER.post("/console/{slug}/rounds/release-all")
def release_all(
    request: Request, access: Judge, db: DbDep, slug: str, stage: StageForm = None
) -> Response:
    key = stage_key(db, slug, stage, to_pair=stage is None)
    try:
        round_robin.release_all(db, slug, actor=access.actor, stage=key)
    except FairpairError as error:
        return _tab_refused(request, access, db, slug, key, error, "release_all")
    return _done(slug, key)


# -- a released round ------------------------------------------------------------------------


def _round_page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    number: int,
    stage: str | None,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
) -> Response:
    key = stage_key(db, slug, stage)
    view = round_view(db, slug, number, stage=key)
    event = show_event(db, slug)
    found = choose_stage(event, key).stage
    reports = pending_reports(db, slug, number, stage=key) if view.state == "open" else {}
    return console_page(
        request,
        access,
        db,
        slug,
        "console/round.html",
        tab="rounds",
        status=status,
        event=event,
        stage=found,
        view=view,
        reports=reports,
        clock_panel=clock_panel(db, slug, view, key, "round"),
        shown=SHOWN,
        actions=ACTIONS,
        steps=next_steps(db, slug, key),
        autopilot=autopilot_status(db, slug, key),
        swapping=request.query_params.get("swap") == "1" or "swap" in (errors or {}),
        done=said(request),
        errors=errors or {},
        values=values or {},
    )


@ROUTER.get("/console/{slug}/rounds/{number}")
def round_page(
    request: Request, access: Viewer, db: DbDep, slug: str, number: int, stage: StageQuery = None
) -> Response:
    return _round_page(request, access, db, slug, number, stage)


def _refused(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    number: int,
    stage: str | None,
    field: str,
    error: FairpairError,
    values: dict[str, str],
) -> Response:
    """The refusal next to its control: on the round's page when it came from there, else on
    the round cards."""
    errors = {field: _message(error)}
    status = kind_of(error).http
    if values.get("from") == "round":
        return _round_page(
            request, access, db, slug, number, stage, status=status, errors=errors, values=values
        )
    errors = {f"{field}-{number}": errors[field]}
    return _rounds_page(
        request, access, db, slug, stage, status=status, errors=errors, values=values
    )


_MOVES = {
    "open": rounds.open_round,
    "complete": rounds.complete_round,
    "revert": rounds.revert_round,
    "delete": rounds.delete_round,
}


@ROUTER.post("/console/{slug}/rounds/{number}/swap")
@form_post
def swap(
    request: Request, access: Judge, db: DbDep, slug: str, number: int, values: FormValues
) -> Response:
    stage = values.get("stage") or None
    try:
        key = stage_key(db, slug, stage)
        rounds.swap(
            db,
            slug,
            number,
            values.get("player", "").strip(),
            values.get("other", "").strip(),
            actor=access.actor,
            stage=key,
        )
    except FairpairError as error:
        values["from"] = "round"
        return _refused(request, access, db, slug, number, stage, "swap", error, values)
    return _done(slug, key, f"/rounds/{number}", swap=1)


def _moment(values: FormValues, name: str) -> str:
    typed = values.get(name, "").strip()
    return (values.get(f"{name}_utc", "").strip() or typed) if typed else typed


@ROUTER.post("/console/{slug}/rounds/{number}/dates")
@form_post
def set_dates(
    request: Request, access: Judge, db: DbDep, slug: str, number: int, values: FormValues
) -> Response:
    stage = values.get("stage") or None
    try:
        key = stage_key(db, slug, stage)
        # The browser sends each moment as UTC too (NAME_utc, from fairpair.js): it knows the
        # organizer's time zone; without it the typed value is taken as UTC.
        starts = parse_moment(_moment(values, "starts_at"), "starts_at")
        ends = parse_moment(_moment(values, "ends_at"), "ends_at")
        rounds.set_dates(
            db, slug, number, actor=access.actor, starts_at=starts, ends_at=ends, stage=key
        )
    except FairpairError as error:
        return _refused(request, access, db, slug, number, stage, "dates", error, values)
    if values.get("from") == "round":
        return _done(slug, key, f"/rounds/{number}")
    return _done(slug, key)


@ROUTER.post("/console/{slug}/rounds/{number}/places")
@form_post
def record_places(
    request: Request, access: Judge, db: DbDep, slug: str, number: int, values: FormValues
) -> Response:
    stage = values.get("stage") or None
    table = values.get("table", "")
    try:
        key = stage_key(db, slug, stage)
        seats = [k.removeprefix("place-") for k in values if k.startswith("place-")]
        given = {}
        for seat in seats:
            text = values[f"place-{seat}"].strip()
            if not is_whole(text):
                raise Refused(Location(("places",)), f"{text!r} is not a place: use 1, 2, 3 ...")
            given[seat] = int(text)
        version = values.get("version", "")
        places.record_places(
            db,
            slug,
            number,
            int(table) if is_whole(table) else table,
            given,
            actor=access.actor,
            stage=key,
            correct=values.get("correct") == "1",
            version=int(version) if is_whole(version) else None,
            reason=values.get("reason") or None,
        )
    except FairpairError as error:
        values["from"] = "round"
        return _refused(request, access, db, slug, number, stage, f"places-{table}", error, values)
    return _done(slug, key, f"/rounds/{number}")


@ROUTER.post("/console/{slug}/rounds/{number}/{action}")
@form_post
def round_action(
    request: Request,
    access: Judge,
    db: DbDep,
    slug: str,
    number: int,
    action: str,
    values: FormValues,
) -> Response:
    if action not in _MOVES:
        raise HTTPException(404)
    move = _MOVES[action]
    stage = values.get("stage") or None
    version = values.get("version", "")
    counts: dict[str, str | int] = {}
    try:
        key = stage_key(db, slug, stage)
        if action in ASKING:
            # asked first, with what goes (fairpair.web.round_confirms)
            if not confirmed(values):
                asked = ask_move(request, access, db, slug, number, key, action, values)
                if asked is not None:
                    return asked
            counts = moved_counts(db, slug, number, key, action)
        move(
            db,
            slug,
            number,
            actor=access.actor,
            stage=key,
            version=int(version) if is_whole(version) else None,
        )
    except FairpairError as error:
        return _refused(request, access, db, slug, number, stage, action, error, values)
    done = done_query(f"{action}d" if action == "delete" else "reverted", number, counts)
    extra = done if action in ASKING else {}
    if values.get("from") == "round" and action != "delete":
        return _done(slug, key, f"/rounds/{number}", **extra)
    if values.get("from") == "results" and action in ("open", "complete"):
        return _done(slug, key, "/results", round=number, **extra)
    return _done(slug, key, "/rounds", **extra)
