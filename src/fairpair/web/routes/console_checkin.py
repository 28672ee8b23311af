"""The console's check-in screen, made for a phone at the door (issue 32; docs/phone.md):
scan the QR code on a player's page with the phone's camera, or type the code under it (a
phone without a camera, a player without a phone who reads it out), or find the player in
the list of those still to check in and tap *Check in*.

- ``GET /console/{slug}/checkin``: the screen (viewers see it; judges act). The page may
  use the camera (``Permissions-Policy: camera=(self)``; every other page refuses it).
- ``POST /console/{slug}/checkin``: ``code`` (the QR's text or the code as typed) or
  ``player`` (an id from the list); the answer is the screen again with what was done —
  "Ann checked in", "Ann was checked in already" — or the refusal next to the field.

The camera is read by ``static/js/checkin-scan.js``: the browser's ``BarcodeDetector``
where it has one, else jsQR (vendored, Apache-2.0) on frames drawn to a canvas.
"""

from __future__ import annotations

from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.error_table import kind_of
from fairpair.i18n import gettext as _
from fairpair.service.event.events import show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.players.checkin_codes import check_in_by_code
from fairpair.service.players.roster import check_in
from fairpair.web.access import Access, DbDep, Judge, Viewer
from fairpair.web.console import console_page
from fairpair.web.form_posts import FormValues, form_post

ROUTER = APIRouter(include_in_schema=False)
#: This page (and only this one) may open the camera.
CAMERA = {"permissions-policy": "camera=(self), microphone=(), geolocation=()"}


def _page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
    done: str | None = None,
) -> Response:
    event = show_event(db, slug)
    playing = [p for p in event.players if p.dropped_after is None]
    response = console_page(
        request,
        access,
        db,
        slug,
        "console/checkin.html",
        tab="players",
        status=status,
        event=event,
        to_check=[p for p in playing if not p.checked_in],
        checked=sum(p.checked_in for p in playing),
        playing=len(playing),
        done=done,
        errors=errors or {},
        values=values or {},
    )
    response.headers.update(CAMERA)
    return response


@ROUTER.get("/console/{slug}/checkin")
def checkin_page(
    request: Request, access: Viewer, db: DbDep, slug: str, done: str | None = None
) -> Response:
    return _page(request, access, db, slug, done=(done or "")[:200] or None)


@ROUTER.post("/console/{slug}/checkin")
@form_post
def check_in_here(
    request: Request, access: Judge, db: DbDep, slug: str, values: FormValues
) -> Response:
    code, player = values.get("code", "").strip(), values.get("player", "").strip()
    try:
        if player and not code:
            check_in(db, slug, [player], actor=access.actor)
            name = next((p.name for p in show_event(db, slug).players if p.id == player), player)
            said = _("%(name)s checked in.") % {"name": name}
        else:
            done = check_in_by_code(db, slug, code, actor=access.actor)
            said = (
                _("%(name)s was checked in already.") if done.already else _("%(name)s checked in.")
            ) % {"name": done.name}
    except FairpairError as error:
        field = "player" if player and not code else "code"
        return _page(
            request,
            access,
            db,
            slug,
            status=kind_of(error).http,
            errors={field: error.reason},
            values=values,
        )
    return RedirectResponse(f"/console/{slug}/checkin?{urlencode({'done': said})}", status_code=303)
