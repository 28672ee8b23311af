"""A player's own result: report, confirm, dispute (the forms on the portal's match card),
and ``GET /e/{slug}/me/report``, the card on a page of its own.

Fields: ``won``, ``lost``, ``drawn`` (games, from the player's side), and the ``round`` and
``table`` the page showed (a stale page cannot report the next round's match) and, to answer
a report, its ``version`` (a report changed since is refused). Success: 303 to
``/e/{slug}/me`` — or, for htmx, the updated card itself. A refusal: the card again, with
the message next to its field and what was typed kept (422, 409)."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError, Location
from fairpair.error_table import kind_of
from fairpair.i18n import gettext as _
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import Refused
from fairpair.service.results import self_reports
from fairpair.web.access import Access, DbDep, Player
from fairpair.web.form_posts import FormValues, form_post
from fairpair.web.forms import refusal
from fairpair.web.numbers import is_whole
from fairpair.web.report_card import report_card
from fairpair.web.templating import is_htmx, render

ROUTER = APIRouter(include_in_schema=False)
GAMES = ("won", "lost", "drawn")


def _card(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
) -> Response:
    assert access.player is not None
    context = report_card(db, slug, access.player, errors=errors, values=values)
    return render(request, "portal/report.html", status=status, **context)


@ROUTER.get("/e/{slug}/me/report")
def report_page(request: Request, access: Player, db: DbDep, slug: str) -> Response:
    """The report card on its own page (the portal's match card includes the same)."""
    return _card(request, access, db, slug)


def _number(values: dict[str, str], name: str, *, required: bool) -> int | None:
    text = values.get(name, "").strip()
    if not text and not required:
        return None
    if name not in GAMES:
        if not is_whole(text):
            raise Refused(
                Location((name,)), _("%(field)s: not a number (reload the page)") % {"field": name}
            )
        return int(text)
    if not is_whole(text) or int(text) > 99:
        raise Refused(Location((name,)), _("games: type a whole number from 0 to 99"))
    return int(text)


def _games(values: dict[str, str]) -> tuple[int, int, int]:
    won, lost = _number(values, "won", required=True), _number(values, "lost", required=True)
    drawn = _number(values, "drawn", required=False) or 0
    assert won is not None and lost is not None
    return won, lost, drawn


def _act(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    values: dict[str, str],
    act: Callable[[str | None], object],
) -> Response:
    assert access.player is not None
    try:
        act(access.player.player_key)
    except FairpairError as error:
        return _card(
            request,
            access,
            db,
            slug,
            status=kind_of(error).http,
            errors=refusal(error, GAMES),
            values=values,
        )
    if is_htmx(request):
        return _card(request, access, db, slug)
    return RedirectResponse(f"/e/{slug}/me", status_code=303)


@ROUTER.post("/e/{slug}/me/report")
@form_post
def report_result(
    request: Request, access: Player, db: DbDep, slug: str, values: FormValues
) -> Response:
    def act(key: str | None) -> object:
        won, lost, drawn = _games(values)
        return self_reports.report_own(
            db,
            slug,
            key,
            won,
            lost,
            drawn,
            actor=access.actor,
            round=_number(values, "round", required=False),
            table=_number(values, "table", required=False),
        )

    return _act(request, access, db, slug, values, act)


@ROUTER.post("/e/{slug}/me/confirm")
@form_post
def confirm_result(
    request: Request, access: Player, db: DbDep, slug: str, values: FormValues
) -> Response:
    def act(key: str | None) -> object:
        version = values.get("version", "").strip()
        return self_reports.confirm_report(
            db, slug, key, actor=access.actor, version=int(version) if is_whole(version) else None
        )

    return _act(request, access, db, slug, values, act)


@ROUTER.post("/e/{slug}/me/dispute")
@form_post
def dispute_result(
    request: Request, access: Player, db: DbDep, slug: str, values: FormValues
) -> Response:
    def act(key: str | None) -> object:
        won, lost, drawn = _games(values)
        version = values.get("version", "").strip()
        return self_reports.dispute_report(
            db,
            slug,
            key,
            won,
            lost,
            drawn,
            actor=access.actor,
            version=int(version) if is_whole(version) else None,
        )

    return _act(request, access, db, slug, values, act)
