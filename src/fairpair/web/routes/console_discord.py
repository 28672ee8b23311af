"""The Players' side tab's "Discord channel" box: make a one-time ``/link`` code, unlink a
channel — what ``fairpair discord link-code`` does, for organizers who use the web.

- ``POST /console/{slug}/portal/discord/code``: a new code, shown once on the tab with the
  exact words to type in Discord (only its hash is kept; it works once, for 30 minutes);
- ``POST /console/{slug}/portal/discord/{channel}/unlink``: asked first, then the channel no
  longer shows the event (as ``/unlink`` in it).

Both need the event's owner (as the tab's settings and join code do: linking shows the event
in a Discord server, a decision of the event's owner). The service audits both.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Path, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.error_table import kind_of
from fairpair.i18n import gettext
from fairpair.service.discord.channels import channels_of, unlink_event_channel
from fairpair.service.discord.codes import new_code
from fairpair.web.access import DbDep, Owner
from fairpair.web.confirm import YES, Confirm, ask
from fairpair.web.routes.console_portal import tab_page

ROUTER = APIRouter(include_in_schema=False)


@ROUTER.post("/console/{slug}/portal/discord/code")
def link_code(request: Request, slug: str, access: Owner, db: DbDep) -> Response:
    code = new_code(db, slug, "channel", actor=access.actor)
    return tab_page(request, access, db, slug, discord_code=code)


@ROUTER.post("/console/{slug}/portal/discord/{channel}/unlink")
def unlink(
    request: Request,
    slug: str,
    channel: Annotated[str, Path(max_length=32)],
    access: Owner,
    db: DbDep,
    confirmed: Annotated[str, Form(max_length=4)] = "",
) -> Response:
    """Unlink a channel of this event: asked first (the channel stops showing the event)."""
    linked = any(c.channel_id == channel for c in channels_of(db, slug))
    if linked and confirmed != YES:
        return ask(
            request,
            access,
            db,
            slug,
            Confirm(
                question=gettext("Unlink Discord channel #%(channel)s from this event?")
                % {"channel": channel},
                action=f"/console/{slug}/portal/discord/{channel}/unlink",
                button=gettext("Unlink #%(channel)s") % {"channel": channel},
                back=f"/console/{slug}/portal#discord",
                details=(
                    gettext(
                        "Its pinned pairings and standings message is no longer updated; an "
                        "owner can link it again with a new /link code."
                    ),
                ),
            ),
            tab="portal",
            title=gettext("Unlink a Discord channel"),
        )
    try:
        unlink_event_channel(db, slug, channel, actor=access.actor)
    except FairpairError as error:
        status = kind_of(error).http
        return tab_page(request, access, db, slug, status=status, errors={"discord": error.reason})
    return RedirectResponse(f"/console/{slug}/portal?done=unlinked#discord", status_code=303)
