"""A player asks for a bye from their page (``/e/{slug}/me``): ``POST /e/{slug}/me/byes``
(``kind`` half or zero, ``round``: a coming round) and ``POST /e/{slug}/me/byes/{n}/cancel``
(before round n is paired). Each is ``service.players.bye_requests`` (one transaction,
audited as asked by the player); a refusal shows the page again with the reason."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.engine.rounds import ByeKind
from fairpair.error_table import kind_of
from fairpair.i18n import N_
from fairpair.i18n import gettext as _
from fairpair.service.players.bye_requests import LABELS, cancel_bye, request_bye
from fairpair.web.access import DbDep, Player
from fairpair.web.forms import form_values
from fairpair.web.numbers import is_whole
from fairpair.web.routes.portal import me_page

ROUTER = APIRouter(include_in_schema=False)
WAITING = N_("you are on the waitlist: byes are for players in the event")


@ROUTER.post("/e/{slug}/me/byes")
async def ask_bye(request: Request, access: Player, db: DbDep, slug: str) -> Response:
    player = access.player
    assert player is not None
    if player.player_key is None:
        return me_page(request, access, db, slug, status=409, errors={"bye": _(WAITING)})
    form = await form_values(request)
    kind, number = form.get("kind", ""), form.get("round", "").strip()
    if kind not in {k.value for k in LABELS}:
        errors = {"bye": _("choose a half-point or a zero-point bye")}
        return me_page(request, access, db, slug, status=422, errors=errors)
    if number and (not is_whole(number) or len(number) > 4):
        errors = {"bye": _("%(typed)s is not a round number") % {"typed": repr(number)}}
        return me_page(request, access, db, slug, status=422, errors=errors)
    try:
        request_bye(
            db,
            slug,
            player.player_key,
            ByeKind(kind),
            actor=access.actor,
            round_number=int(number) if number else None,
            asker="player",
        )
    except FairpairError as error:
        status = kind_of(error).http
        return me_page(request, access, db, slug, status=status, errors={"bye": error.reason})
    return RedirectResponse(f"/e/{slug}/me?done=bye", status_code=303)


@ROUTER.post("/e/{slug}/me/byes/{number}/cancel")
def cancel(request: Request, access: Player, db: DbDep, slug: str, number: int) -> Response:
    player = access.player
    assert player is not None
    if player.player_key is None:
        return me_page(request, access, db, slug, status=409, errors={"bye": _(WAITING)})
    try:
        cancel_bye(db, slug, player.player_key, number, actor=access.actor, asker="player")
    except FairpairError as error:
        status = kind_of(error).http
        return me_page(request, access, db, slug, status=status, errors={"bye": error.reason})
    return RedirectResponse(f"/e/{slug}/me?done=bye-cancelled", status_code=303)
