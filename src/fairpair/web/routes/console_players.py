"""The console's Players tab: the players table; add one player (a late entry once round 1
is under way), import a CSV file, check-in, drop and reinstate, drop the no-shows before
round 1, and edit seeds. Viewers see it; judges and owners change it.

Plain form posts answer 303 back to the tab on success, with a message that says what was
done with counts ("16 players dropped."); a refusal re-renders the tab (422) with the message
next to what caused it — the add form's field, the CSV line and column, or the player's row
— and the add form keeps what was typed. Dropping the no-shows asks first, saying who and
how many (``fairpair.web.confirm``), and its message carries an Undo that reinstates all of
them in one action. An import's message carries "Undo this import": it removes exactly the
players that file registered, while none of them has been touched and no round paired since
(``service.players.csv_undo``).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from datetime import datetime
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from fairpair.engine.errors import FairpairError, Location
from fairpair.engine.rounds import ByeKind
from fairpair.i18n import N_, ngettext
from fairpair.i18n import gettext as _
from fairpair.responses.events import PlayerItem
from fairpair.service.accounts.staff import Role
from fairpair.service.communities.communities import community_of_event
from fairpair.service.communities.directory import person_events, search
from fairpair.service.event.events import show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import Refused
from fairpair.service.players.csv_import import CsvImport, import_players_csv
from fairpair.service.players.csv_rows import InvalidCsv
from fairpair.service.players.csv_undo import undo_import
from fairpair.service.players.edits import set_seed
from fairpair.service.players.lookalikes import lookalike_pairs, telling_apart
from fairpair.service.players.no_shows import no_shows as no_shows_now
from fairpair.service.players.no_shows import undo_no_shows
from fairpair.service.players.registration import LateEntry, NewPlayer
from fairpair.service.players.roster import (
    add_players,
    check_in,
    drop_no_shows,
    drop_player,
    reinstate_player,
)
from fairpair.web.access import Access, DbDep, Judge, Viewer
from fairpair.web.confirm import AT, CONFIRMED, YES, Confirm, Done, ask, confirmed, names
from fairpair.web.console import console_page
from fairpair.web.form_posts import FormValues, form_post
from fairpair.web.numbers import is_whole
from fairpair.web.templating import is_htmx, render

ROUTER = APIRouter(include_in_schema=False)
ADD_FIELDS: tuple[str, ...] = ("name", "id", "seed", "rating", "team", "contact", "late_byes")
ADD_FIELDS += ("late_kind", "title", "federation", "fide_id")
LATE_KINDS = (
    (ByeKind.ZERO.value, N_("sat out (no points)")),
    (ByeKind.HALF.value, N_("half-point byes")),
    (ByeKind.FULL.value, N_("full-point byes")),
)
#: What a successful action says at the top of the tab (``?done=``), by code, said in the
#: reader's language when the tab is shown: of one player (``%(name)s``: ``?player=``, an id
#: of this event), of a count of players (``?n=``), or as it is. An unknown code says nothing.
NAMED = {
    "added": N_("%(name)s added."),
    "checked": N_("%(name)s checked in."),
    "unchecked": N_("Check-in of %(name)s undone."),
    "dropped": N_("%(name)s dropped."),
    "reinstated": N_("%(name)s reinstated."),
    "seed": N_("Seed of %(name)s saved."),
}
COUNTED = {
    "imported": lambda n: ngettext("%(num)d player imported.", "%(num)d players imported.", n),
    "import-undone": lambda n: ngettext(
        "%(num)d player removed (the import of %(at)s undone).",
        "%(num)d players removed (the import of %(at)s undone).",
        n,
    ),
    "checked-many": lambda n: ngettext(
        "%(num)d player checked in.", "%(num)d players checked in.", n
    ),
    "unchecked-many": lambda n: ngettext(
        "Check-in of %(num)d player undone.", "Check-in of %(num)d players undone.", n
    ),
    "no-shows": lambda n: ngettext(
        "%(num)d player dropped (they had not checked in).",
        "%(num)d players dropped (they had not checked in).",
        n,
    ),
    "no-shows-undone": lambda n: ngettext(
        "%(num)d player reinstated: the drop of the no-shows is undone.",
        "%(num)d players reinstated: the drop of the no-shows is undone.",
        n,
    ),
}
PLAIN = {
    "checked-none": N_("Nobody to check in: everyone shown has checked in already."),
    "no-shows-none": N_("Nobody dropped: every player has checked in."),
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
    done: Done | None = None,
) -> Response:
    event = show_event(db, slug)
    started = any(s.rounds for s in event.stages)
    rounds_played = max((len(s.rounds) for s in event.stages[:1]), default=0)
    errors = errors or {}
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
        community=community_of_event(db, slug),
        done=done or _said(request, event.players, slug),
        warnings=warnings or [],
        lookalikes=lookalike_lines(event.players),
        errors=errors,
        values=values or {},
        # the Name field keeps the focus after a player is added (or refused for the name)
        focus_name=request.query_params.get("done") == "added"
        or (bool(values) and not (set(errors) - {"name"})),
    )


def lookalike_lines(players: Sequence[PlayerItem]) -> list[str]:
    """One sentence for each pair of players whose names look alike (``looks_like``)."""
    names = {p.id: p.name for p in players}
    lines = []
    for a, b in lookalike_pairs(names):
        apart = telling_apart(names[b], names[a]) or telling_apart(names[a], names[b])
        values = {"a": names[a], "a_id": a, "b": names[b], "b_id": b, "how": ", ".join(apart)}
        if apart:  # the characters that differ, by their Unicode names (not translated)
            line = _("“%(a)s” (%(a_id)s) and “%(b)s” (%(b_id)s) look alike: %(how)s")
        else:
            line = _("“%(a)s” (%(a_id)s) and “%(b)s” (%(b_id)s) look alike")
        lines.append(line % values)
    return lines


def _said(request: Request, players: list[Any], slug: str) -> Done | None:
    """The message of ``?done=`` (with its count and player), and its Undo when it has one."""
    query = request.query_params
    code = query.get("done", "")
    n = int(query["n"]) if query.get("n", "").isdigit() else 0
    who = next((p for p in players if p.id == query.get("player")), None)
    if code in NAMED:
        if who is None:
            return None
        said = _(NAMED[code]) % {"name": who.name}
    elif code in COUNTED:
        said = COUNTED[code](n) % {"num": n, "at": AT}
    elif code in PLAIN:
        said = _(PLAIN[code])
    else:
        return None
    entry = query.get("entry", "")
    if code == "imported" and entry.isdigit():
        return Done(
            said,
            f"/console/{slug}/players/import/undo",
            (("entry", entry),),
            undo_label=N_("Undo this import"),
        )
    if code == "import-undone":
        return Done(said, at=_moment(query.get("at", "")))
    if code == "no-shows" and entry.isdigit():
        return Done(said, f"/console/{slug}/players/no-shows/undo", (("entry", entry),))
    made = [p for p in query.getlist("made") if any(q.id == p for q in players)]
    if code == "checked-many" and made:
        return Done(
            said,
            f"/console/{slug}/players/checkin",
            (("undo", "1"), *(("player", p) for p in made)),
            undo_label=N_("Undo these check-ins"),
        )
    if code == "dropped" and who is not None and who.dropped_after is not None:
        return Done(
            said, f"/console/{slug}/players/{who.id}/reinstate", undo_label=N_("Undo (reinstate)")
        )
    return None if not said else Done(said)


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


def _back(
    slug: str,
    done: str,
    player: str | None = None,
    *,
    n: int | None = None,
    entry: int | None = None,
    made: list[str] | None = None,
    at: datetime | None = None,
) -> Response:
    query: dict[str, str | list[str]] = {"done": done}
    if at is not None:
        query["at"] = at.isoformat()
    if player:
        query["player"] = player
    if n is not None:
        query["n"] = str(n)
    if entry is not None:
        query["entry"] = str(entry)
    if made:
        query["made"] = made  # the players a bulk check-in changed: its Undo takes them back
    anchor = f"#p-{player}" if player else ""
    return RedirectResponse(
        f"/console/{slug}/players?{urlencode(query, doseq=True)}{anchor}", status_code=303
    )


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
    person: Annotated[str, Form(max_length=80)] = "",
) -> Response:
    person = person.strip()
    if person:
        # a returning player picked from the community's directory: registered under their
        # record's name (what was typed was the search)
        community = community_of_event(db, slug)
        if community is not None:
            # (an unknown record: registration refuses it, naming it)
            with suppress(FairpairError):
                name = person_events(db, community.slug, person)[0].name
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
            person=person or None,
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


@ROUTER.get("/console/{slug}/players/returning")
def returning(request: Request, slug: str, access: Judge, db: DbDep, name: str = "") -> Response:
    """Search-as-you-type of "Add player" in an event of a community: the directory's records
    whose name holds what is typed (name, events played, last seen), each a button that
    registers that returning player. Nothing for an event without a community."""
    community = community_of_event(db, slug)
    typed = name.strip()[:200]
    found = search(db, community.slug, typed, limit=8) if community and len(typed) >= 2 else []
    return render(
        request,
        "community/_returning.html",
        slug=slug,
        community=community,
        typed=typed,
        people=found,
    )


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
            found, made, warnings = _import(
                db, slug, access, text, source, LateEntry(byes, ByeKind(late_kind))
            )
            errors.update(found)
            if not errors and warnings and made is not None:
                return _page(
                    request,
                    access,
                    db,
                    slug,
                    warnings=warnings,
                    done=_imported(slug, len(made.players), made.entry),
                )
            if not errors and made is not None:
                return _back(slug, "imported", n=len(made.players), entry=made.entry)
    return _page(request, access, db, slug, status=422, errors=errors, values=values)


def _import(
    db: Database, slug: str, access: Access, text: str, source: str, late: LateEntry
) -> tuple[dict[str, str], CsvImport | None, list[str]]:
    """The form's errors (every problem of the file, one a line), or what the import
    registered and its warnings."""
    try:
        made = import_players_csv(db, slug, text, actor=access.actor, source=source, late=late)
    except InvalidCsv as error:
        return {"file": "\n".join(str(p) for p in error.problems) or str(error)}, None, []
    except FairpairError as error:
        if error.location.path and str(error.location.path[0]) == "late":
            return {"late_byes": error.reason}, None, []
        reason = f"{error.where}: {error.reason}" if error.where else error.reason
        return {"file": reason}, None, []
    return {}, made, [str(w) for w in made.warnings]


def _imported(slug: str, n: int, entry: int | None) -> Done:
    """The message of an import, with its "Undo this import"."""
    said = COUNTED["imported"](n) % {"num": n}
    if entry is None:
        return Done(said)
    undo = f"/console/{slug}/players/import/undo"
    return Done(said, undo, (("entry", str(entry)),), N_("Undo this import"))


def _moment(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


@ROUTER.post("/console/{slug}/players/import/undo")
def import_undo(
    request: Request,
    slug: str,
    access: Judge,
    db: DbDep,
    entry: Annotated[str, Form(max_length=12)] = "",
) -> Response:
    """Undo a CSV import (its audit entry): exactly the players it registered are removed."""
    try:
        if not entry.isdigit():
            raise Refused(Location(("entry",)), "name the import to undo")
        undone = undo_import(db, slug, int(entry), actor=access.actor)
    except FairpairError as error:
        return _page(request, access, db, slug, status=422, errors={"undo_import": error.reason})
    return _back(slug, "import-undone", n=len(undone.players), at=undone.imported_at)


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
    """Check in every player the form lists ("check in everyone shown"): asked first, with how
    many and who; said after, with an Undo that takes back exactly the check-ins it made."""
    form = await request.form()
    chosen = [str(v) for v in form.getlist("player") if isinstance(v, str) and v]
    undo = form.get("undo") == "1"
    event = await run_in_threadpool(show_event, db, slug)
    by_id = {p.id: p for p in event.players}
    if not undo:
        chosen = [p for p in chosen if p in by_id and not by_id[p].checked_in]
        if not chosen:
            return _back(slug, "checked-none")
        if form.get(CONFIRMED) != YES:
            names_ = [by_id[p].name for p in chosen]
            n = len(chosen)
            return await run_in_threadpool(
                ask,
                request,
                access,
                db,
                slug,
                Confirm(
                    question=ngettext("Check in %(num)d player?", "Check in %(num)d players?", n)
                    % {"num": n},
                    action=f"/console/{slug}/players/checkin",
                    button=ngettext("Check in %(num)d player", "Check in %(num)d players", n)
                    % {"num": n},
                    back=f"/console/{slug}/players",
                    fields=tuple(("player", p) for p in chosen),
                    details=(names(names_),),
                ),
                tab="players",
                title=_("Check in everyone shown"),
            )
    try:
        done = await run_in_threadpool(
            lambda: check_in(db, slug, chosen, actor=access.actor, undo=undo)
        )
    except FairpairError as error:
        return _page(request, access, db, slug, status=422, errors={"checkin": error.reason})
    return _back(slug, "unchecked-many" if undo else "checked-many", n=len(done), made=done)


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
@form_post
def no_shows(request: Request, access: Judge, db: DbDep, slug: str, values: FormValues) -> Response:
    """Drop every player who has not checked in: asked first (who, how many — and plainly
    when that is everyone), then done in one transaction, with an Undo."""
    try:
        if not confirmed(values):
            return _ask_no_shows(request, access, db, slug)
        dropped = drop_no_shows(db, slug, actor=access.actor)
    except FairpairError as error:
        return _page(request, access, db, slug, status=422, errors={"no_shows": error.reason})
    if not dropped.players:
        return _back(slug, "no-shows-none")
    return _back(slug, "no-shows", n=len(dropped.players), entry=dropped.entry)


def _ask_no_shows(request: Request, access: Access, db: Database, slug: str) -> Response:
    found = no_shows_now(db, slug)
    if not found.absent:
        return _page(
            request,
            access,
            db,
            slug,
            done=Done(_("Nobody to drop: every player has checked in.")),
        )
    n = len(found.absent)
    values = {"num": n}
    back = f"/console/{slug}/players"
    warning = None
    if found.everyone:
        warning = (
            ngettext(
                "Nobody has checked in yet: this would drop all %(num)d player.",
                "Nobody has checked in yet: this would drop all %(num)d players.",
                n,
            )
            % values
        )
    return ask(
        request,
        access,
        db,
        slug,
        Confirm(
            question=ngettext(
                "Drop %(num)d player who has not checked in?",
                "Drop %(num)d players who have not checked in?",
                n,
            )
            % values,
            action=f"/console/{slug}/players/no-shows",
            button=ngettext("Drop %(num)d player", "Drop %(num)d players", n) % values,
            back=back,
            details=(
                _("%(names)s.") % {"names": names([p.name for p in found.absent])},
                ngettext(
                    "%(checked)s of %(num)d player checked in. The dropped players are not "
                    "paired; Undo reinstates all %(dropped)s in one click until round 1 is "
                    "paired.",
                    "%(checked)s of %(num)d players checked in. The dropped players are not "
                    "paired; Undo reinstates all %(dropped)s in one click until round 1 is "
                    "paired.",
                    found.players,
                )
                % {"checked": found.checked_in, "num": found.players, "dropped": n},
            ),
            warning=warning,
        ),
        tab="players",
        title=_("Drop no-shows"),
    )


@ROUTER.post("/console/{slug}/players/no-shows/undo")
def no_shows_undo(
    request: Request,
    slug: str,
    access: Judge,
    db: DbDep,
    entry: Annotated[str, Form(max_length=12)] = "",
) -> Response:
    """Undo a drop of the no-shows (its audit entry): every player it dropped is back."""
    try:
        if not entry.isdigit():
            raise Refused(Location(("entry",)), "name the drop of the no-shows to undo")
        back = undo_no_shows(db, slug, int(entry), actor=access.actor)
    except FairpairError as error:
        return _page(request, access, db, slug, status=422, errors={"no_shows": error.reason})
    return _back(slug, "no-shows-undone", n=len(back.players))
