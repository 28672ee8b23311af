"""``POST /language`` (Public): the reader picks the language of the pages (the footer's
picker). Kept in a cookie for a year; back to the page the form was on.

``POST /e/{slug}/language``: the same picker on an event's pages (the player's pass, a cookie
of the path ``/e/{slug}``, comes with it there): a player who picks a language while signed
in to the event — their personal link or their join — also keeps it as their own
(``players.language``: their notices are written in it), in one transaction
(``service.notices.languages.set_player_language``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from fairpair import i18n
from fairpair.service.notices.languages import set_player_language
from fairpair.web.access import DbDep, Public
from fairpair.web.language import COOKIE, COOKIE_AGE
from fairpair.web.player_cookie import player_of_request

ROUTER = APIRouter(include_in_schema=False)


def back_to(target: str) -> str:
    """A path of this site to return to (anything else: the front page)."""
    if not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target


def _picked(request: Request, language: str, next: str) -> Response:
    response = RedirectResponse(back_to(next), status_code=303)
    chosen = i18n.chosen(language)
    if chosen is None:  # not a language we ship: the browser's choice again
        response.delete_cookie(COOKIE, path="/")
    else:
        secure = bool(request.app.state.settings.secure_cookies)
        response.set_cookie(
            COOKIE, chosen, max_age=COOKIE_AGE, path="/", samesite="lax", secure=secure
        )
    return response


@ROUTER.post("/language")
def pick_language(
    request: Request,
    access: Public,
    language: Annotated[str, Form(max_length=16)] = "",
    next: Annotated[str, Form(max_length=2000)] = "/",
) -> Response:
    return _picked(request, language, next)


@ROUTER.post("/e/{slug}/language")
def pick_event_language(
    request: Request,
    slug: str,
    access: Public,
    db: DbDep,
    language: Annotated[str, Form(max_length=16)] = "",
    next: Annotated[str, Form(max_length=2000)] = "/",
) -> Response:
    player = player_of_request(request, slug)
    if player is not None and player.player_id is not None:
        set_player_language(db, slug, player.player_id, language, actor=player.actor)
    return _picked(request, language, next)
