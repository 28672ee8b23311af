"""The console's Players tab: the players table; add one player (a late entry once round 1
is under way), import a CSV file, check-in, drop and reinstate, drop the no-shows before
round 1, and edit seeds. Viewers see it; judges and owners change it.

Plain form posts answer 303 back to the tab on success; a refusal re-renders the tab (422)
with the message next to what caused it — the add form's field, the CSV line and column,
or the player's row — and the add form keeps what was typed.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.engine.rounds import ByeKind
from fairpair.service.accounts.staff import Role
from fairpair.service.event.events import show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.players.csv_import import import_players_csv
from fairpair.service.players.csv_rows import InvalidCsv
from fairpair.service.players.edits import set_seed
from fairpair.service.players.registration import LateEntry, NewPlayer
from fairpair.service.players.roster import (
    add_players,
    check_in,
    drop_no_shows,
    drop_player,
    reinstate_player,
)
from fairpair.web.access import Access, DbDep, Judge, Viewer
from fairpair.web.console import console_page
from fairpair.web.numbers import is_whole
from fairpair.web.templating import is_htmx, render

ROUTER = APIRouter(include_in_schema=False)
ADD_FIELDS: tuple[str, ...] = ("name", "id", "seed", "rating", "team", "contact", "late_byes")
ADD_FIELDS += ("late_kind", "title", "federation", "fide_id")
LATE_KINDS = (
    (ByeKind.ZERO.value, "sat out (no points)"),
    (ByeKind.HALF.value, "half-point byes"),
    (ByeKind.FULL.value, "full-point byes"),
)
#: What a successful action says at the top of the tab (``?done=``), by code.
DONE = {
    "added": "Player added.",
    "imported": "Players imported.",
    "checked": "Checked in.",
    "unchecked": "Check-in undone.",
    "dropped": "Player dropped.",
    "reinstated": "Player reinstated.",
    "no-shows": "No-shows dropped.",
    "seed": "Seed saved.",
}
MAX_CSV_BYTES = 2_000_000


def _page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
    warnings: list[str] | None = None,
    done: str | None = None,
) -> Response:
    event = show_event(db, slug)
    started = any(s.rounds for s in event.stages)
    rounds_played = max((len(s.rounds) for s in event.stages[:1]), default=0)
    said = DONE.get(done or request.query_params.get("done", ""), "")
    return console_page(
        request,
        access,
        db,
        slug,
        "console/players.html",
        tab="players",
        status=status,
        event=event,
        started=started,
        rounds_played=rounds_played,
        late_kinds=LATE_KINDS,
        judge=access.can(Role.JUDGE),
        done=said,
        warnings=warnings or [],
        errors=errors or {},
        values=values or {},
    )


def _row(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    player: str,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
) -> Response:
    """The player's row alone: the answer to an htmx request from one of its buttons."""
    event = show_event(db, slug)
    found = next((p for p in event.players if p.id == player), None)
    if found is None:
        return _page(request, access, db, slug, status=status, errors=errors)
    return render(
        request,
        "console/player_row.html",
        status=status,
        event=event,
        p=found,
        judge=access.can(Role.JUDGE),
        started=any(s.rounds for s in event.stages),
        errors=errors or {},
    )


def _done(
    request: Request, access: Access, db: Database, slug: str, done: str, player: str
) -> Response:
    """After a row's action: the row (htmx), else back to the tab at the row."""
    if is_htmx(request):
        return _row(request, access, db, slug, player)
    return _back(slug, done, player)


def _back(slug: str, done: str, player: str | None = None) -> Response:
    anchor = f"#p-{player}" if player else ""
    return RedirectResponse(f"/console/{slug}/players?done={done}{anchor}", status_code=303)


def _add_field(error: FairpairError) -> str:
    """The add form's field a refusal of ``add_players`` names (``player.seed``, ``late.byes``)."""
    path = [str(p) for p in error.location.path]
    if path[:1] == ["late"]:
        return "late_byes"
    if len(path) > 1 and path[1] in ADD_FIELDS:
        return path[1]
    return "_form"


def _number(text: str, field: str, errors: dict[str, str]) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not is_whole(text) or len(text) > 9:
        errors[field] = f"{text!r} is not a whole number"
        return None
    return int(text)


@ROUTER.get("/console/{slug}/players")
def players_tab(request: Request, slug: str, access: Viewer, db: DbDep) -> Response:
    return _page(request, access, db, slug)


@ROUTER.post("/console/{slug}/players/add")
def add_one(
    request: Request,
    slug: str,
    access: Judge,
    db: DbDep,
    name: Annotated[str, Form(max_length=200)] = "",
    id: Annotated[str, Form(max_length=80)] = "",
    seed: Annotated[str, Form(max_length=12)] = "",
    rating: Annotated[str, Form(max_length=12)] = "",
    team: Annotated[str, Form(max_length=200)] = "",
    contact: Annotated[str, Form(max_length=200)] = "",
    late_byes: Annotated[str, Form(max_length=4)] = "",
    late_kind: Annotated[str, Form(max_length=10)] = ByeKind.ZERO.value,
    title: Annotated[str, Form(max_length=10)] = "",
    federation: Annotated[str, Form(max_length=10)] = "",
    fide_id: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    values = {
        "title": title,
        "federation": federation,
        "fide_id": fide_id,
        "name": name,
        "id": id,
        "seed": seed,
        "rating": rating,
        "team": team,
        "contact": contact,
        "late_byes": late_byes,
        "late_kind": late_kind,
    }
    errors: dict[str, str] = {}
    numbers = {f: _number(values[f], f, errors) for f in ("seed", "rating", "late_byes")}
    kinds = {k for k, _ in LATE_KINDS}
    if late_kind not in kinds:
        errors["late_kind"] = f"choose one of: {', '.join(sorted(kinds))}"
    if not name.strip():
        errors["name"] = "a player needs a name"
    if not errors:
        player = NewPlayer(
            name=name,
            id=id.strip() or None,
            seed=numbers["seed"],
            rating=numbers["rating"],
            team=team.strip() or None,
            contact=contact.strip() or None,
            title=title.strip() or None,
            federation=federation.strip() or None,
            fide_id=fide_id.strip() or None,
        )
        byes = numbers["late_byes"] or 0
        late = LateEntry(byes, ByeKind(late_kind)) if byes else LateEntry()
        try:
            keys = add_players(db, slug, [player], actor=access.actor, late=late)
        except FairpairError as error:
            errors[_add_field(error)] = error.reason
        else:
            return _back(slug, "added", keys[0])
    return _page(request, access, db, slug, status=422, errors=errors, values=values)


@ROUTER.post("/console/{slug}/players/import")
async def import_csv(
    request: Request,
    slug: str,
    access: Judge,
    db: DbDep,
    file: Annotated[UploadFile, File()],
    late_byes: Annotated[str, Form(max_length=4)] = "",
    late_kind: Annotated[str, Form(max_length=10)] = ByeKind.ZERO.value,
) -> Response:
    errors: dict[str, str] = {}
    values = {"late_byes": late_byes, "late_kind": late_kind}
    raw = await file.read(MAX_CSV_BYTES + 1)
    source = file.filename or "the file"
    byes = _number(late_byes, "late_byes", errors) or 0
    if late_kind not in {k for k, _ in LATE_KINDS}:
        errors["late_kind"] = "choose how the missed rounds count"
    if len(raw) > MAX_CSV_BYTES:
        errors["file"] = f"{source} is larger than {MAX_CSV_BYTES // 1_000_000} MB"
    elif not raw.strip():
        errors["file"] = "choose a CSV file (a header row, then one player a row)"
    if not errors:
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            errors["file"] = (
                f"{source} is not UTF-8 text (byte {error.start + 1}): save it as UTF-8 CSV"
            )
        else:
            found, warnings = _import(
                db, slug, access, text, source, LateEntry(byes, ByeKind(late_kind))
            )
            errors.update(found)
            if not errors and warnings:
                return _page(request, access, db, slug, warnings=warnings, done="imported")
    if not errors:
        return _back(slug, "imported")
    return _page(request, access, db, slug, status=422, errors=errors, values=values)


def _import(
    db: Database, slug: str, access: Access, text: str, source: str, late: LateEntry
) -> tuple[dict[str, str], list[str]]:
    """The form's errors (every problem of the file, one a line) or the import's warnings."""
    try:
        made = import_players_csv(db, slug, text, actor=access.actor, source=source, late=late)
    except InvalidCsv as error:
        return {"file": "\n".join(str(p) for p in error.problems) or str(error)}, []
    except FairpairError as error:
        if error.location.path and str(error.location.path[0]) == "late":
            return {"late_byes": error.reason}, []
        return {"file": f"{error.where}: {error.reason}" if error.where else error.reason}, []
    return {}, [str(w) for w in made.warnings]


def _row_refused(
    request: Request, access: Access, db: Database, slug: str, player: str, error: FairpairError
) -> Response:
    where = error.location.place
    message = (
        error.reason if not where or f"player {player!r}" == where else f"{where}: {error.reason}"
    )
    errors = {f"player:{player}": message}
    if is_htmx(request):
        return _row(request, access, db, slug, player, status=422, errors=errors)
    return _page(request, access, db, slug, status=422, errors=errors)


@ROUTER.post("/console/{slug}/players/checkin")
async def check_in_many(request: Request, slug: str, access: Judge, db: DbDep) -> Response:
    """Check in every player the form lists ("check in everyone shown")."""
    form = await request.form()
    chosen = [str(v) for v in form.getlist("player") if isinstance(v, str) and v]
    undo = form.get("undo") == "1"
    try:
        check_in(db, slug, chosen, actor=access.actor, undo=undo)
    except FairpairError as error:
        return _page(request, access, db, slug, status=422, errors={"checkin": error.reason})
    return _back(slug, "unchecked" if undo else "checked")


@ROUTER.post("/console/{slug}/players/{player}/checkin")
def check_in_one(
    request: Request,
    slug: str,
    player: str,
    access: Judge,
    db: DbDep,
    undo: Annotated[str, Form(max_length=1)] = "",
) -> Response:
    try:
        check_in(db, slug, [player], actor=access.actor, undo=undo == "1")
    except FairpairError as error:
        return _row_refused(request, access, db, slug, player, error)
    return _done(request, access, db, slug, "unchecked" if undo == "1" else "checked", player)


@ROUTER.post("/console/{slug}/players/{player}/drop")
def drop(
    request: Request,
    slug: str,
    player: str,
    access: Judge,
    db: DbDep,
    reason: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    try:
        drop_player(db, slug, player, actor=access.actor, reason=reason.strip() or None)
    except FairpairError as error:
        return _row_refused(request, access, db, slug, player, error)
    return _done(request, access, db, slug, "dropped", player)


@ROUTER.post("/console/{slug}/players/{player}/reinstate")
def reinstate(request: Request, slug: str, player: str, access: Judge, db: DbDep) -> Response:
    try:
        reinstate_player(db, slug, player, actor=access.actor)
    except FairpairError as error:
        return _row_refused(request, access, db, slug, player, error)
    return _done(request, access, db, slug, "reinstated", player)


@ROUTER.post("/console/{slug}/players/{player}/seed")
def seed(
    request: Request,
    slug: str,
    player: str,
    access: Judge,
    db: DbDep,
    seed: Annotated[str, Form(max_length=12)] = "",
) -> Response:
    errors: dict[str, str] = {}
    value = _number(seed, f"player:{player}", errors)
    if not errors:
        try:
            set_seed(db, slug, player, value, actor=access.actor)
        except FairpairError as error:
            return _row_refused(request, access, db, slug, player, error)
        return _done(request, access, db, slug, "seed", player)
    if is_htmx(request):
        return _row(request, access, db, slug, player, status=422, errors=errors)
    return _page(request, access, db, slug, status=422, errors=errors)


@ROUTER.post("/console/{slug}/players/no-shows")
def no_shows(request: Request, slug: str, access: Judge, db: DbDep) -> Response:
    try:
        drop_no_shows(db, slug, actor=access.actor)
    except FairpairError as error:
        return _page(request, access, db, slug, status=422, errors={"no_shows": error.reason})
    return _back(slug, "no-shows")
