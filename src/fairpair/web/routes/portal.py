"""The player portal (``/e/{slug}/me``): my match card, my bye, my record and standing, my
history, check in, drop myself.

- ``GET /e/{slug}/me``: the page (one column, phone first). A waitlisted pass sees its place.
- ``GET /e/{slug}/me/card``: the page's changing part alone (htmx fetches it when the live
  stream says the player's card changed; ``fairpair.web.portal_live``).
- ``GET /e/{slug}/me/live``: that stream (server-sent events, only this player's news).
- ``POST /e/{slug}/me/checkin``: check myself in (while the organizer has check-in open).
- ``POST /e/{slug}/me/drop``: without ``confirm=yes`` the confirm page; with it, drop out.
- Byes: request a half-point or zero-point bye for a coming round, or cancel one before its
  round is paired (``portal_byes``, which shows this page again with ``me_page``).
- Discord (when the event is shown in a Discord channel): link my account, unlink it
  (``portal_discord``, which shows this page again with ``me_page``).

Every route needs the player's pass (``Player``); without one a page goes to the join page.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from markupsafe import Markup

from fairpair.engine.errors import FairpairError
from fairpair.error_table import kind_of
from fairpair.i18n import N_
from fairpair.i18n import gettext as _
from fairpair.service.discord.player_account import discord_box
from fairpair.service.kernel.connection import Database
from fairpair.service.players.bye_requests import LABELS, bye_options
from fairpair.service.players.checkin_codes import checkin_code
from fairpair.service.players.passes import PlayerPass
from fairpair.service.players.roster import drop_player
from fairpair.service.players.self_checkin import check_in_myself
from fairpair.service.portal.card import portal_card as read_card
from fairpair.service.portal.player_view import my_match, waitlist_place
from fairpair.service.results.judge_calls import my_open_call
from fairpair.web.access import Access, DbDep, Player
from fairpair.web.checkin_qr import checkin_svg
from fairpair.web.portal_live import portal_stream
from fairpair.web.report_card import report_context
from fairpair.web.templating import csrf_token, is_htmx, render

ROUTER = APIRouter(include_in_schema=False)
#: What a done action says at the top of the page (``?done=``).
DONE = {
    "checkin": N_("You are checked in."),
    "dropped": N_("You dropped out of the event."),
    "discord-unlinked": N_("Your Discord account is unlinked: Discord no longer acts as you."),
    "bye": N_("Bye requested: you will not be paired in that round."),
    "bye-cancelled": N_("Bye request cancelled: you will be paired in that round."),
    "judge": N_("A judge is called to your table: stay there, they are on their way."),
}
DROP_REASON = "dropped themselves"


def card_context(
    request: Request, db: Database, slug: str, player: PlayerPass, errors: dict[str, str]
) -> dict[str, Any]:
    """What ``portal/_card.html`` shows for ``player``."""
    if player.player_key is None or player.player_id is None:
        return {"waiting": waitlist_place(db, slug, player.waitlist_id or 0), "slug": slug}
    card = read_card(db, slug, player.player_key, player.player_id)
    return {
        "slug": slug,
        "me": card.me,
        **report_context(slug, card.report),
        "unread": card.unread,
        "errors": errors,
        "csrf": csrf_token(request),
        "request": request,
    }


def card_html(
    request: Request, db: Database, slug: str, player: PlayerPass, errors: dict[str, str]
) -> tuple[Markup, dict[str, Any]]:
    context = card_context(request, db, slug, player, errors)
    template = request.app.state.templates.get_template("portal/_card.html")
    return Markup(template.render(**context)), context


def me_page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    done: str = "",
    discord_code: str | None = None,
) -> Response:
    assert access.player is not None
    html, context = card_html(request, db, slug, access.player, errors or {})
    me = context.get("me")
    byes = None
    playing = me is not None and not me.withdrew and access.player.player_id is not None
    if me is not None and not me.withdrew and access.player.player_key is not None:
        byes = bye_options(db, slug, access.player.player_key)
    checkin = qr = judge = None
    if playing and access.player.player_id is not None:
        judge = my_open_call(db, slug, access.player.player_id)
        if me is not None and not me.checked_in:  # the code staff scan (or type)
            checkin = checkin_code(db, slug, access.player.player_id)
            qr = checkin_svg(checkin.qr, checkin.code)
    return render(
        request,
        "portal/me.html",
        status=status,
        slug=slug,
        me=me,
        waiting=context.get("waiting"),
        card=html,
        event_version=me.version if me is not None else 0,
        done=DONE.get(done, ""),
        discord=discord_box(db, access.player),
        discord_code=discord_code,
        byes=byes,
        checkin_code=checkin,
        checkin_qr=qr,
        playing=playing,
        judge_call=judge,
        bye_labels={k.value: v for k, v in LABELS.items()},
        errors=errors or {},
        headers={"cache-control": "no-store"},
    )


@ROUTER.get("/e/{slug}/me")
def portal_page(
    request: Request,
    access: Player,
    db: DbDep,
    slug: str,
    done: Annotated[str, Query(max_length=20)] = "",
) -> Response:
    return me_page(request, access, db, slug, done=done)


@ROUTER.get("/e/{slug}/me/card")
def portal_card(request: Request, access: Player, db: DbDep, slug: str) -> Response:
    if not is_htmx(request):
        return RedirectResponse(f"/e/{slug}/me", status_code=303)
    assert access.player is not None
    html, _ = card_html(request, db, slug, access.player, {})
    return HTMLResponse(html, headers={"cache-control": "no-store"})


@ROUTER.get("/e/{slug}/me/live")
def portal_live(
    request: Request,
    access: Player,
    db: DbDep,
    slug: str,
    since: Annotated[int, Query(ge=0, le=2**62)] = 0,
) -> StreamingResponse:
    assert access.player is not None
    return portal_stream(request, db, slug, access.player, since=since)


@ROUTER.post("/e/{slug}/me/checkin")
def check_in(request: Request, access: Player, db: DbDep, slug: str) -> Response:
    player = access.player
    assert player is not None
    if player.player_key is None:
        errors = {"checkin": _("you are on the waitlist: you check in once you have a place")}
        return me_page(request, access, db, slug, status=409, errors=errors)
    try:
        check_in_myself(db, slug, player.player_key, actor=access.actor)
    except FairpairError as error:
        status = kind_of(error).http
        return me_page(request, access, db, slug, status=status, errors={"checkin": error.reason})
    return RedirectResponse(f"/e/{slug}/me?done=checkin", status_code=303)


@ROUTER.post("/e/{slug}/me/drop")
def drop(
    request: Request,
    access: Player,
    db: DbDep,
    slug: str,
    confirm: Annotated[str, Form(max_length=10)] = "",
) -> Response:
    player = access.player
    assert player is not None
    if player.player_key is None:
        errors = {"drop": _("you are on the waitlist, not in the event: nothing to drop out of")}
        return me_page(request, access, db, slug, status=409, errors=errors)
    if confirm != "yes":
        me = my_match(db, slug, player.player_key)
        return render(request, "portal/drop.html", slug=slug, me=me, errors={})
    try:
        drop_player(db, slug, player.player_key, actor=access.actor, reason=DROP_REASON)
    except FairpairError as error:
        me = my_match(db, slug, player.player_key)
        status = kind_of(error).http
        errors = {"drop": error.reason}
        return render(request, "portal/drop.html", status=status, slug=slug, me=me, errors=errors)
    return RedirectResponse(f"/e/{slug}/me?done=dropped", status_code=303)
