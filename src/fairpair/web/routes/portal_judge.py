"""A player calls a judge from their page (issue 32): ``POST /e/{slug}/me/judge`` with an
optional ``note`` ("deck check", "we disagree on the score"). The call names the player's
table in the round being played, shows on the console's Resolution Queue tab until a judge
answers it, and alerts the staff who asked for it on their phones
(``service.results.judge_calls``). While the call is open the page says so instead of
offering the button again."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.error_table import kind_of
from fairpair.i18n import gettext as _
from fairpair.service.results.judge_calls import NOTE_LIMIT, call_judge
from fairpair.web.access import DbDep, Player
from fairpair.web.routes.portal import me_page

ROUTER = APIRouter(include_in_schema=False)


@ROUTER.post("/e/{slug}/me/judge")
def call_a_judge(
    request: Request,
    access: Player,
    db: DbDep,
    slug: str,
    note: Annotated[str, Form(max_length=NOTE_LIMIT * 2)] = "",
) -> Response:
    player = access.player
    assert player is not None
    if player.player_id is None:
        errors = {"judge": _("you are on the waitlist: call a judge once you play")}
        return me_page(request, access, db, slug, status=409, errors=errors)
    try:
        call_judge(db, slug, player.player_id, note, actor=access.actor)
    except FairpairError as error:
        return me_page(
            request, access, db, slug, status=kind_of(error).http, errors={"judge": error.reason}
        )
    return RedirectResponse(f"/e/{slug}/me?done=judge", status_code=303)
