"""``POST /language`` (Public): the reader picks the language of the pages (the footer's
picker). Kept in a cookie for a year; back to the page the form was on."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from fairpair import i18n
from fairpair.web.access import Public
from fairpair.web.language import COOKIE, COOKIE_AGE

ROUTER = APIRouter(include_in_schema=False)


def back_to(target: str) -> str:
    """A path of this site to return to (anything else: the front page)."""
    if not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target


@ROUTER.post("/language")
def pick_language(
    request: Request,
    access: Public,
    language: Annotated[str, Form(max_length=16)] = "",
    next: Annotated[str, Form(max_length=2000)] = "/",
) -> Response:
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
