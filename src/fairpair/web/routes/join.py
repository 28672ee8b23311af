"""Joining an event: by its code, a QR code or a personal link (the player's pass).

- ``GET /join``: type the code (``?code=``): on to that event's join page, or the form again
  saying, next to the field, that no event has it.
- ``GET /j/{code}``: what the QR code opens — straight to the event's join page.
- ``GET /e/{slug}/join``: the name (and an optional contact); it says when registration is
  closed or the event is full (then joining is the waitlist). A browser that already holds
  the event's pass goes to the portal.
- ``POST /e/{slug}/join``: a **public** action (anyone with the code may join; CSRF
  protected): sets the pass cookie, 303 to ``/e/{slug}/me``.
- ``GET /e/{slug}/p/{secret}``: a personal link from staff — sets the cookie, 303 to the
  portal; a wrong or revoked link says so (404).
- ``POST /e/{slug}/me/forget``: "forget this device" — the pass of this browser is revoked and
  its cookie cleared.
- ``GET /e/{slug}/qr.svg``: the QR code of ``{base}/j/{code}`` (segno).
- ``GET /my-events``: a logged-in account's events as a player.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.service.accounts.played_events import events_of_account
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import UnknownEvent
from fairpair.service.players.joining import join_event, join_state
from fairpair.service.players.passes import forget_token, pass_of
from fairpair.service.players.portal_settings import event_of_code, read_portal
from fairpair.web.access import Access, DbDep, Player, Public, Signed
from fairpair.web.forms import refusal
from fairpair.web.join_qr import join_url, qr_svg
from fairpair.web.language import explicit_language
from fairpair.web.player_cookie import clear_player_cookie, player_of_request, set_player_cookie
from fairpair.web.templating import render

ROUTER = APIRouter(include_in_schema=False)
NO_STORE = {"cache-control": "no-store"}


def _portal(slug: str) -> RedirectResponse:
    return RedirectResponse(f"/e/{slug}/me", status_code=303)


@ROUTER.get("/join")
def type_code(
    request: Request,
    access: Public,
    db: DbDep,
    code: Annotated[str, Query(max_length=40)] = "",
) -> Response:
    if not code.strip():
        return render(request, "join/code.html")
    try:
        slug = event_of_code(db, code)
    except UnknownEvent as error:
        return render(
            request,
            "join/code.html",
            status=422,
            values={"code": code},
            errors={"code": f"{error.reason}: check it on the pairings or the screen"},
        )
    return RedirectResponse(f"/e/{slug}/join", status_code=303)


@ROUTER.get("/j/{code}")
def scanned(request: Request, access: Public, db: DbDep, code: str) -> Response:
    try:
        slug = event_of_code(db, code[:40])
    except UnknownEvent as error:
        return render(
            request,
            "join/code.html",
            status=404,
            values={"code": code[:40]},
            errors={"code": f"{error.reason}: the organizer may have made a new code"},
        )
    return RedirectResponse(f"/e/{slug}/join", status_code=303)


def _join_page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
) -> Response:
    state = join_state(db, slug)
    mine = None
    if access.account is not None:
        mine = next((e for e in events_of_account(db, access.account.id) if e.slug == slug), None)
    return render(
        request,
        "join/join.html",
        status=status,
        state=state,
        mine=mine,
        errors=errors or {},
        values=values or {},
        headers=NO_STORE,
    )


@ROUTER.get("/e/{slug}/join")
def join_page(request: Request, access: Public, db: DbDep, slug: str) -> Response:
    if player_of_request(request, slug) is not None:
        return _portal(slug)
    return _join_page(request, access, db, slug)


@ROUTER.post("/e/{slug}/join")
def join(
    request: Request,
    access: Public,
    db: DbDep,
    slug: str,
    name: Annotated[str, Form(max_length=200)] = "",
    contact: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    if player_of_request(request, slug) is not None:
        return _portal(slug)  # this browser joined already (a second tap, a back button)
    values = {"name": name, "contact": contact}
    account = access.account.id if access.account is not None else None
    try:
        joined, secret = join_event(
            db,
            slug,
            name,
            contact or None,
            account_id=account,
            language=explicit_language({k.lower(): v for k, v in request.headers.items()}),
        )
    except UnknownEvent:
        raise
    except FairpairError as error:
        errors = refusal(error, ("name", "contact"))
        return _join_page(request, access, db, slug, status=422, errors=errors, values=values)
    answer = _portal(joined.slug)
    set_player_cookie(request, answer, joined.slug, secret)
    return answer


@ROUTER.get("/e/{slug}/p/{secret}")
def personal_link(request: Request, access: Public, db: DbDep, slug: str, secret: str) -> Response:
    held = pass_of(db, slug, secret)
    if held is None:
        return render(
            request,
            "join/bad_link.html",
            status=404,
            slug=slug,
            headers={**NO_STORE, "referrer-policy": "no-referrer"},
        )
    answer = _portal(slug)
    answer.headers["referrer-policy"] = "no-referrer"
    set_player_cookie(request, answer, slug, secret)
    return answer


@ROUTER.post("/e/{slug}/me/forget")
def forget(request: Request, access: Player, db: DbDep, slug: str) -> Response:
    assert access.player is not None
    forget_token(db, access.player.token_id)
    answer = RedirectResponse(f"/e/{slug}/join?forgotten=1", status_code=303)
    clear_player_cookie(request, answer, slug)
    return answer


@ROUTER.get("/e/{slug}/qr.svg")
def qr(request: Request, access: Public, db: DbDep, slug: str) -> Response:
    code = read_portal(db, slug).join_code
    return Response(
        qr_svg(join_url(request, code)),
        media_type="image/svg+xml",
        headers={"cache-control": "no-cache"},
    )


@ROUTER.get("/my-events")
def my_events(request: Request, access: Signed, db: DbDep) -> Response:
    assert access.account is not None
    return render(request, "join/my_events.html", played=events_of_account(db, access.account.id))
