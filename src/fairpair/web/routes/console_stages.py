"""The console's Stages tab: the event's stages, and the form that creates or edits one
with everything a stage has (``fairpair.web.stage_form``). Viewers see the settings; owners
change them. Every refusal from the service shows next to its field, the form as typed."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from fairpair import i18n
from fairpair.engine.errors import FairpairError
from fairpair.engine.pairing.recommended import log2_rounds, magic_rounds
from fairpair.engine.tiebreaks.registry import REGISTRY
from fairpair.i18n import gettext, ngettext
from fairpair.responses.events import EventDetail
from fairpair.service.accounts.staff import Role
from fairpair.service.event.events import export_event, show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.stage_settings import settings_of
from fairpair.service.rounds.stages import add_stage, edit_stage
from fairpair.web import stage_form
from fairpair.web.access import Access, DbDep, Owner, Viewer
from fairpair.web.console import console_page
from fairpair.web.forms import where_said

ROUTER = APIRouter(include_in_schema=False)


def recommended(players: int) -> str:
    """Guidance on how many Swiss rounds ``players`` need (never enforced)."""
    if players < 2:
        return gettext("register players to see the recommended number of rounds")
    rounds, playoff = magic_rounds(players)
    swiss = log2_rounds(players)
    said = ngettext(
        "%(players)s players: %(num)d round leaves one undefeated player",
        "%(players)s players: %(num)d rounds leave one undefeated player",
        swiss,
    ) % {"players": players, "num": swiss}
    if not rounds:
        return said
    magic = gettext(
        "%(said)s; the Magic table (MTR appendix E): %(rounds)s rounds, playoff %(playoff)s"
    )
    return magic % {
        "said": said,
        "rounds": rounds,
        "playoff": playoff,
    }


def _form_page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    *,
    values: dict[str, Any],
    stage: str | None,
    event: EventDetail | None = None,
    status: int = 200,
    errors: dict[str, str] | None = None,
) -> Response:
    event = event or show_event(db, slug)
    active = sum(1 for p in event.players if p.dropped_after is None)
    item = next((s for s in event.stages if s.id == stage), None)
    return console_page(
        request,
        access,
        db,
        slug,
        "console/stage_form.html",
        tab="stages",
        status=status,
        event=event,
        stage=item,
        values=values,
        errors=errors or {},
        formats=stage_form.FORMATS,
        shown=stage_form.SHOWN,
        rulesets=stage_form.RULESETS,
        catalogue=REGISTRY,
        named_tiebreak=stage_form.named_tiebreak,
        pairing_methods=stage_form.pairing_methods(),
        remainders=stage_form.remainders(),
        toss_policies=stage_form.TOSS_POLICIES,
        initial_colours=stage_form.INITIAL_COLOURS,
        dutch_texts=stage_form.DUTCH_TEXTS,
        sources=[s for s in event.stages if s.id != stage],
        recommended=recommended(active),
        editable=access.can(Role.OWNER),
    )


async def _posted(request: Request) -> tuple[dict[str, Any], str]:
    form = await request.form()
    text = {k: v for k, v in form.items() if isinstance(v, str)}
    tiebreaks = [v for v in form.getlist("tiebreaks") if isinstance(v, str)]
    return stage_form.read_form(text, tiebreaks), text.get("move", "")


def _names(event: EventDetail) -> dict[str, str]:
    names: dict[str, str] = {}
    for p in event.players:
        key = p.name.lower()
        names[key] = "" if key in names else p.id  # a name two players share stays a name
    return {k: v for k, v in names.items() if v}


@ROUTER.get("/console/{slug}/stages")
def stages_tab(request: Request, slug: str, access: Viewer, db: DbDep) -> Response:
    return console_page(
        request,
        access,
        db,
        slug,
        "console/stages.html",
        tab="stages",
        format_names=dict(stage_form.FORMATS),
    )


@ROUTER.get("/console/{slug}/stages/new")
def new_stage_form(request: Request, slug: str, access: Owner, db: DbDep) -> Response:
    event = show_event(db, slug)
    ruleset = event.stages[-1].ruleset if event.stages else "default"
    values = stage_form.default_form(ruleset if ruleset in stage_form.RULESETS else "default")
    if event.stages:  # a stage after another is usually its top cut
        values.update(format="single_elimination", cut_from=event.stages[-1].id, cut_top="8")
    return _form_page(request, access, db, slug, values=values, stage=None, event=event)


@ROUTER.post("/console/{slug}/stages/new")
async def create_stage(request: Request, slug: str, access: Owner, db: DbDep) -> Response:
    values, move = await _posted(request)
    if move:
        moved, errors = stage_form.apply_move(values, move)
        return _form_page(
            request,
            access,
            db,
            slug,
            values=moved,
            stage=None,
            status=422 if errors else 200,
            errors=errors,
        )
    event = show_event(db, slug)
    settings, errors = stage_form.settings_of_form(values, _names(event))
    key = str(values.get("id", "")).strip()
    if key:
        settings["id"] = key
    if not errors:
        try:
            made = add_stage(db, slug, settings, actor=access.actor)
        except FairpairError as error:
            errors = {stage_form.field_of(error): _said(error)}
        else:
            return RedirectResponse(f"/console/{slug}/stages/{made}?saved=1", status_code=303)
    return _form_page(
        request, access, db, slug, values=values, stage=None, event=event, status=422, errors=errors
    )


@ROUTER.get("/console/{slug}/stages/{stage}")
def stage_settings(request: Request, slug: str, stage: str, access: Viewer, db: DbDep) -> Response:
    found = export_event(db, slug).stage(stage)
    values = stage_form.form_of_stage(found)
    return _form_page(request, access, db, slug, values=values, stage=found.id)


@ROUTER.post("/console/{slug}/stages/{stage}")
async def save_stage(request: Request, slug: str, stage: str, access: Owner, db: DbDep) -> Response:
    found = export_event(db, slug).stage(stage)
    key = found.id
    values, move = await _posted(request)
    values["id"] = key
    if move:
        moved, errors = stage_form.apply_move(values, move)
        return _form_page(
            request,
            access,
            db,
            slug,
            values=moved,
            stage=key,
            status=422 if errors else 200,
            errors=errors,
        )
    event = show_event(db, slug)
    settings, errors = stage_form.settings_of_form(values, _names(event))
    if not errors:
        changes = stage_form.edit_changes(settings, settings_of(found))
        try:
            edit_stage(db, slug, changes, actor=access.actor, stage=key)
        except FairpairError as error:
            errors = {stage_form.field_of(error): _said(error)}
        else:
            return RedirectResponse(f"/console/{slug}/stages/{key}?saved=1", status_code=303)
    return _form_page(
        request, access, db, slug, values=values, stage=key, event=event, status=422, errors=errors
    )


def _said(error: FairpairError) -> str:
    """A refusal in the organizer's words: the reason, after the place when it names one."""
    place, said = where_said(error), i18n.reason(error)
    return said if not place or place in said else f"{place}: {said}"
