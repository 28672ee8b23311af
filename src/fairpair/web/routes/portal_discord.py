"""The player's own Discord account, on their page (``/e/{slug}/me``) — what ``fairpair
discord player-code`` does, for the player themselves:

- ``POST /e/{slug}/me/discord/code``: a new one-time code for *this* player (the pass's
  own: there is no player to name), shown once with the words to type (``/join code:…``,
  within 30 minutes);
- ``POST /e/{slug}/me/discord/unlink``: Discord no longer acts as them.

Both need the player's pass (``Player``); the service audits them as the player.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.error_table import kind_of
from fairpair.service.discord.player_account import my_join_code, unlink_my_discord
from fairpair.web.access import DbDep, Player
from fairpair.web.routes.portal import me_page

ROUTER = APIRouter(include_in_schema=False)


@ROUTER.post("/e/{slug}/me/discord/code")
def join_code(request: Request, access: Player, db: DbDep, slug: str) -> Response:
    assert access.player is not None
    try:
        code = my_join_code(db, access.player)
    except FairpairError as error:
        status = kind_of(error).http
        return me_page(request, access, db, slug, status=status, errors={"discord": error.reason})
    return me_page(request, access, db, slug, discord_code=code)


@ROUTER.post("/e/{slug}/me/discord/unlink")
def unlink(request: Request, access: Player, db: DbDep, slug: str) -> Response:
    assert access.player is not None
    try:
        unlink_my_discord(db, access.player)
    except FairpairError as error:
        status = kind_of(error).http
        return me_page(request, access, db, slug, status=status, errors={"discord": error.reason})
    return RedirectResponse(f"/e/{slug}/me?done=discord-unlinked", status_code=303)
