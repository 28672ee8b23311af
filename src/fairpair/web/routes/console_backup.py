"""Backup and restore on the web (docs/backup.md): an event's owner downloads its backup
(``GET /console/{slug}/backup``: contacts and the audit log are in it, so owners only); an
organizer restores a backup file as a new event they own (``POST /console/events/restore``,
the "Restore an event" form of the console's list of events). A refused file re-renders the
form with the field and the reason; nothing is written."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.i18n import gettext
from fairpair.interop.backup import dump_backup, parse_backup
from fairpair.service.accounts.staff import Role
from fairpair.service.communities.backups import restore_into_community
from fairpair.service.communities.communities import community_role
from fairpair.service.event.backups import backup_event
from fairpair.service.kernel.errors import NotAllowed
from fairpair.web.access import DbDep, Organizer, Owner
from fairpair.web.routes.home import events_console

ROUTER = APIRouter(include_in_schema=False)
#: The largest backup the form takes (a big event with a long log is a few MB).
MAX_UPLOAD_BYTES = 50_000_000


@ROUTER.get("/console/{slug}/backup")
def download_backup(slug: str, access: Owner, db: DbDep) -> Response:
    text = dump_backup(backup_event(db, slug))
    return Response(
        content=text.encode("utf-8"),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{slug}-backup.json"'},
    )


@ROUTER.post("/console/events/restore")
async def restore_backup(
    request: Request,
    access: Organizer,
    db: DbDep,
    file: Annotated[UploadFile, File()],
    restore_slug: Annotated[str, Form(max_length=80)] = "",
    community: Annotated[str, Form(max_length=80)] = "",
) -> Response:
    assert access.account is not None
    raw = await file.read(MAX_UPLOAD_BYTES + 1)
    source = file.filename or gettext("the file")
    errors: dict[str, str] = {}
    if len(raw) > MAX_UPLOAD_BYTES:
        errors["backup"] = gettext("%(file)s is larger than %(size)s MB") % {
            "file": source,
            "size": MAX_UPLOAD_BYTES // 1_000_000,
        }
    elif not raw.strip():
        errors["backup"] = gettext(
            "choose a backup file (an event's owner downloads one from the event's overview)"
        )
    else:
        try:
            read = parse_backup(raw, source)
            into = community.strip() or None
            if into is not None and (community_role(db, into, access.account.id) or 0) < Role.JUDGE:
                said = gettext("restoring into %(community)s needs a judge of it")
                raise NotAllowed("community", said % {"community": repr(into)})
            made = restore_into_community(
                db,
                read,
                actor=access.actor,
                community=into,
                slug=restore_slug.strip() or None,
                owner=access.account.id,
            )
        except FairpairError as error:
            head = str(error.location.path[0]) if error.location.path else ""
            field = {"slug": "restore_slug", "community": "community"}.get(head, "backup")
            errors[field] = f"{error.where}: {error.reason}" if field == "backup" else error.reason
        else:
            return RedirectResponse(f"/console/{made}", status_code=303)
    values = {"ruleset": "default", "restore_slug": restore_slug, "community": community}
    return events_console(request, access, db, status=422, values=values, errors=errors)
