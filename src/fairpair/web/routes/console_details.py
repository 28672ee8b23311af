"""The console's Event details tab: the event's name and what a FIDE report's header says about
it — city, federation, start and end dates, chief and deputy arbiters, time control, type of
tournament and the rounds' dates (docs/trf.md "The header"), and the event's default
language (docs/languages.md). Viewers read it; the owner changes it (one form,
``service.event.details.set_event_details``, audited). A refusal shows the form again (422)
with the message beside the field and what was typed."""

from __future__ import annotations

from datetime import date

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.i18n import N_
from fairpair.responses.event_details import EventDetails
from fairpair.service.accounts.staff import Role
from fairpair.service.event.details import event_details, set_event_details
from fairpair.service.event.events import show_event
from fairpair.service.event.trf import export_trf
from fairpair.service.kernel.connection import Database
from fairpair.web.access import Access, DbDep, Owner, Viewer
from fairpair.web.console import console_page
from fairpair.web.language import forget_event_language

ROUTER = APIRouter(include_in_schema=False)
TEXT_FIELDS = (
    "name",
    "language",
    "city",
    "federation",
    "chief_arbiter",
    "time_control",
    "tournament_type",
)
DATE_FIELDS = ("start_date", "end_date")
LIST_FIELDS = ("deputy_arbiters", "round_dates")
LONGEST_FIELD = 4000


def _values_of(details: EventDetails, name: str) -> dict[str, str]:
    return {
        "name": name,
        "language": details.language or "",
        "city": details.city or "",
        "federation": details.federation or "",
        "start_date": details.start_date.isoformat() if details.start_date else "",
        "end_date": details.end_date.isoformat() if details.end_date else "",
        "chief_arbiter": details.chief_arbiter or "",
        "deputy_arbiters": "\n".join(details.deputy_arbiters),
        "time_control": details.time_control or "",
        "tournament_type": details.tournament_type or "",
        "round_dates": "\n".join(d.isoformat() if d else "" for d in details.round_dates),
    }


def _page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
) -> Response:
    if values is None:
        values = _values_of(event_details(db, slug), show_event(db, slug, with_players=False).name)
    return console_page(
        request,
        access,
        db,
        slug,
        "console/details.html",
        tab="details",
        status=status,
        values=values,
        errors=errors or {},
        owner=access.can(Role.OWNER),
        done=N_("Details saved.") if request.query_params.get("done") == "saved" else "",
    )


def _date(text: str, field: str, errors: dict[str, str]) -> date | None:
    text = text.strip()
    if not text:
        return None
    try:
        return date.fromisoformat(text.replace("/", "-"))
    except ValueError:
        errors[field] = f"{text!r} is not a date (YYYY-MM-DD)"
        return None


def _round_dates(text: str, errors: dict[str, str]) -> tuple[date | None, ...]:
    """One date a line, round 1 first (commas too); an empty line or ``-`` is a round without
    a date set (its date is the day it is opened)."""
    out: list[date | None] = []
    for n, cell in enumerate(text.replace(",", "\n").splitlines(), start=1):
        cell = cell.strip()
        if cell in ("", "-"):
            out.append(None)
            continue
        try:
            out.append(date.fromisoformat(cell.replace("/", "-")))
        except ValueError:
            errors["round_dates"] = f"round {n}: {cell!r} is not a date (YYYY-MM-DD)"
            return ()
    return tuple(out)


@ROUTER.get("/console/{slug}/details")
def details_tab(request: Request, slug: str, access: Viewer, db: DbDep) -> Response:
    return _page(request, access, db, slug)


@ROUTER.post("/console/{slug}/details")
async def save_details(request: Request, slug: str, access: Owner, db: DbDep) -> Response:
    form = await request.form()
    values = {
        f: str(form.get(f, ""))[:LONGEST_FIELD] for f in (*TEXT_FIELDS, *DATE_FIELDS, *LIST_FIELDS)
    }
    errors: dict[str, str] = {}
    dates = {f: _date(values[f], f, errors) for f in DATE_FIELDS}
    rounds = _round_dates(values["round_dates"], errors)
    if not values["name"].strip():
        errors["name"] = "an event needs a name"
    if not errors:
        changes = {
            "name": values["name"],
            "language": values["language"],
            "city": values["city"],
            "federation": values["federation"],
            "start_date": dates["start_date"],
            "end_date": dates["end_date"],
            "chief_arbiter": values["chief_arbiter"],
            "deputy_arbiters": tuple(values["deputy_arbiters"].splitlines()),
            "time_control": values["time_control"],
            "tournament_type": values["tournament_type"],
            "round_dates": rounds,
        }
        try:
            set_event_details(db, slug, changes, actor=access.actor)
        except FairpairError as error:
            path = [str(p) for p in error.location.path]
            field = path[0] if path and path[0] in values else "_form"
            errors[field] = error.reason
        else:
            forget_event_language(request.app, slug)
            return RedirectResponse(f"/console/{slug}/details?done=saved", status_code=303)
    return _page(request, access, db, slug, status=422, errors=errors, values=values)


@ROUTER.get("/console/{slug}/export.trf")
def download_trf(slug: str, access: Viewer, db: DbDep) -> Response:
    """The event's stage being played as a FIDE tournament report file, with the header
    records of its details (a stage TRF cannot hold is refused with the reason)."""
    return Response(
        content=export_trf(db, slug),
        media_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{slug}.trf"'},
    )
