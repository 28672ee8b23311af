"""One player in the console (``/console/{slug}/players/{player}``): their registration facts
in an edit form — name, rating, team, contact and the chess facts a FIDE report carries
(title, federation, FIDE id, sex, birth date) — and their requested byes: request a
half-point or zero-point bye for a coming round (as the stage allows), or cancel one before
its round is paired. Viewers read it; judges and owners change it. A refusal shows the page
again (422) with the message next to the field and what was typed."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from fairpair import i18n
from fairpair.engine.errors import FairpairError
from fairpair.engine.rounds import ByeKind
from fairpair.i18n import N_
from fairpair.responses.events import PlayerItem
from fairpair.service.accounts.staff import Role
from fairpair.service.event.events import show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.players.bye_requests import LABELS, bye_options, cancel_bye, request_bye
from fairpair.service.players.edits import edit_player
from fairpair.web.access import Access, DbDep, Judge, Viewer
from fairpair.web.console import console_page
from fairpair.web.forms import form_values, refusal
from fairpair.web.numbers import is_whole

ROUTER = APIRouter(include_in_schema=False)
#: The edit form's fields, in the order the form shows them.
EDIT_FIELDS = (
    "name",
    "rating",
    "title",
    "federation",
    "fide_id",
    "sex",
    "birth_date",
    "team",
    "contact",
)
#: What the page says after an action (``?done=``), translated where shown.
DONE = {
    "saved": N_("Player saved."),
    "bye": N_("Bye requested."),
    "cancelled": N_("Bye request cancelled."),
}
SEXES = (("", "—"), ("m", "m"), ("w", "w"))


def _values(player: PlayerItem) -> dict[str, str]:
    return {f: "" if getattr(player, f) is None else str(getattr(player, f)) for f in EDIT_FIELDS}


def _page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    player: str,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
    done: str = "",
) -> Response:
    options = bye_options(db, slug, player)
    event = show_event(db, slug)
    found = next(p for p in event.players if p.id == player or p.name.lower() == player.lower())
    return console_page(
        request,
        access,
        db,
        slug,
        "console/player.html",
        tab="players",
        status=status,
        player=found,
        options=options,
        labels={k.value: v for k, v in LABELS.items()},
        sexes=SEXES,
        values=values if values is not None else _values(found),
        errors=errors or {},
        judge=access.can(Role.JUDGE),
        done=DONE.get(done or request.query_params.get("done", ""), ""),
    )


def _back(slug: str, player: str, done: str) -> Response:
    return RedirectResponse(f"/console/{slug}/players/{player}?done={done}", status_code=303)


@ROUTER.get("/console/{slug}/players/{player}")
def player_page(request: Request, slug: str, player: str, access: Viewer, db: DbDep) -> Response:
    return _page(request, access, db, slug, player)


@ROUTER.post("/console/{slug}/players/{player}/edit")
async def edit(request: Request, slug: str, player: str, access: Judge, db: DbDep) -> Response:
    form = await form_values(request)
    values = {f: form.get(f, "")[:200] for f in EDIT_FIELDS}
    errors: dict[str, str] = {}
    rating = values["rating"].strip()
    if rating and (not is_whole(rating) or len(rating) > 6):
        errors["rating"] = f"{rating!r} is not a whole number"
    if not values["name"].strip():
        errors["name"] = "a player needs a name"
    if not errors:
        changes: dict[str, object] = {f: values[f] for f in EDIT_FIELDS if f != "rating"}
        changes["rating"] = int(rating) if rating else None
        try:
            edit_player(db, slug, player, changes, actor=access.actor)
        except FairpairError as error:
            errors = refusal(error, EDIT_FIELDS)
            path = [str(p) for p in error.location.path]
            if len(path) > 1 and path[1] in EDIT_FIELDS:
                errors = {path[1]: i18n.reason(error)}
        else:
            return _back(slug, player, "saved")
    return _page(request, access, db, slug, player, status=422, errors=errors, values=values)


@ROUTER.post("/console/{slug}/players/{player}/byes")
async def ask_bye(request: Request, slug: str, player: str, access: Judge, db: DbDep) -> Response:
    form = await form_values(request)
    kind, number = form.get("kind", ""), form.get("round", "").strip()
    errors: dict[str, str] = {}
    if kind not in {k.value for k in LABELS}:
        errors["bye"] = "choose a half-point or a zero-point bye"
    if number and (not is_whole(number) or len(number) > 4):
        errors["bye"] = f"{number!r} is not a round number"
    if not errors:
        try:
            request_bye(
                db,
                slug,
                player,
                ByeKind(kind),
                actor=access.actor,
                round_number=int(number) if number else None,
                asker="staff",
            )
        except FairpairError as error:
            errors["bye"] = i18n.reason(error)
        else:
            return _back(slug, player, "bye")
    return _page(request, access, db, slug, player, status=422, errors=errors)


@ROUTER.post("/console/{slug}/players/{player}/byes/{number}/cancel")
def cancel(
    request: Request, slug: str, player: str, number: int, access: Judge, db: DbDep
) -> Response:
    try:
        cancel_bye(db, slug, player, number, actor=access.actor, asker="staff")
    except FairpairError as error:
        return _page(
            request, access, db, slug, player, status=422, errors={"bye": i18n.reason(error)}
        )
    return _back(slug, player, "cancelled")
