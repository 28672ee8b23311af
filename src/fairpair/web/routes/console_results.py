"""The console's Results page: fast keyboard entry by table number (type "12", the table's
players show, type "2-1", Enter: recorded, and the cursor is back for the next table), the
outstanding matches (tables without a result, by number, each with what its players reported:
"Bea reported 2-1, waiting for Cole") and corrections with a reason.

A correction that would change who makes a top cut drawn from the stage asks first: it names
who would move into and out of the cut, with their places (``fairpair.web.confirm``); once
saved, the page says who moved in and out.

Results are told from side a, the table's first player (``interop.typed_text.parse_result``).
Without JavaScript it is a plain form (table and result); every refusal — an unknown table, a
table already reported (offering its correction), an impossible result — shows next to the
field it concerns, with what was typed still in it. A draw typed without its games in a
best-of-three or five (``draw``, ``½-½``, ``=``) is asked about before it is recorded: type
the game score (1-1, 1-1-1, 0-0-3), or record it without games, knowing that GW% and OGW%
then count no games for it (``engine.draw_games``).

On a phone (issue 32; docs/phone.md) the round's tables are a list with a search box, each
with its usual results as one tap (``service.results.quick``). Every entry carries an
idempotency key (a hidden field, new with each page): sent twice, it is recorded once. When
the connection drops, ``static/js/results-queue.js`` keeps the entries on the phone, each
with a key of its own, and sends them when it is back through ``POST
/console/{slug}/results/sync`` (JSON): recorded, recorded already (the same key, or the same
result by someone else), a conflict (someone recorded a different result meanwhile: shown
for a decision, never overwritten: keep theirs, or correct it to the entry with
``"action": "replace"``), or refused with the reason."""

from __future__ import annotations

import json
import uuid
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from fairpair import i18n
from fairpair.engine.draw_games import NO_GAMES_NOTE
from fairpair.engine.errors import DrawWithoutGames, FairpairError, InvalidResult, Location
from fairpair.error_table import kind_of
from fairpair.i18n import gettext, ngettext, result_words
from fairpair.i18n import gettext as _
from fairpair.interop.typed_text import RESULTS_HELP, BadValue, parse_result
from fairpair.responses.events import RoundView
from fairpair.service.event.events import show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import AlreadyRecorded, Refused, ResultConflict
from fairpair.service.kernel.lookup import stage_key
from fairpair.service.results import recording as results
from fairpair.service.results.autopilot_status import autopilot_status
from fairpair.service.results.pending_reports import pending_reports
from fairpair.service.results.quick import quick_results
from fairpair.service.rounds.cut import CutMoves, CutPlace
from fairpair.service.rounds.next_steps import next_steps
from fairpair.service.rounds.repeats import round_view
from fairpair.web.access import Access, DbDep, Judge, Viewer
from fairpair.web.clock_panel import clock_panel
from fairpair.web.confirm import Confirm, ask, confirmed, names, placed
from fairpair.web.console import console_page
from fairpair.web.form_posts import FormValues, form_post
from fairpair.web.numbers import is_whole
from fairpair.web.rounds_view import SHOWN, choose_stage, current_round

ROUTER = APIRouter(include_in_schema=False)

StageQuery = Annotated[str | None, Query(max_length=100)]
RoundQuery = Annotated[int | None, Query(ge=1)]
TableQuery = Annotated[str | None, Query(max_length=40)]


def _page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    stage: str | None,
    number: int | None,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
    done: str | None = None,
    correcting: str | None = None,
    note: str | None = None,
) -> Response:
    key = stage_key(db, slug, stage)
    event = show_event(db, slug)
    choice = choose_stage(event, key)
    item = current_round(choice.stage, number)
    view = round_view(db, slug, item.number, stage=key) if item is not None else None
    outstanding = sorted(
        (t for t in view.tables if t.result is None) if view else (), key=lambda t: t.table
    )
    reports = pending_reports(db, slug, view.number, stage=key) if view is not None else {}
    fix = None
    if view is not None and correcting:
        fix = next((t for t in view.tables if str(t.table) == correcting), None)
    return console_page(
        request,
        access,
        db,
        slug,
        "console/results.html",
        tab="results",
        status=status,
        event=event,
        stage=choice.stage,
        stages=choice.stages,
        view=view,
        outstanding=outstanding,
        reports=reports,
        clock_panel=clock_panel(db, slug, view, key, "results"),
        shown=SHOWN,
        done=_recorded(request, view, done),
        cut_said=_cut_said(request, event.players),
        note=note,
        fix=fix,
        steps=next_steps(db, slug, key),
        autopilot=autopilot_status(db, slug, key),
        started=request.query_params.get("started") == "1",
        by_autopilot=request.query_params.get("autopilot", "")
        if request.query_params.get("autopilot", "").isdigit()
        else "",
        help=RESULTS_HELP,
        errors=errors or {},
        values=values or {},
        quick=quick_results(db, slug, key) if view is not None else [],
        entry_key=uuid.uuid4().hex,
    )


@ROUTER.get("/console/{slug}/results")
def results_page(
    request: Request,
    access: Viewer,
    db: DbDep,
    slug: str,
    stage: StageQuery = None,
    round: RoundQuery = None,
    done: TableQuery = None,
    correct: TableQuery = None,
    note: TableQuery = None,
) -> Response:
    return _page(
        request,
        access,
        db,
        slug,
        stage,
        round,
        done=done,
        correcting=correct,
        note=NO_GAMES_NOTE if note == "no_games" else None,
    )


def _recorded(request: Request, view: RoundView | None, table: str | None) -> str | None:
    """What was just recorded (``?done=<table>&result=…``, ``corrected``, ``already``), in the
    reader's language: "3: Ann wins 2-1"; nothing when the table is not in the round shown
    (a link of another shape, from before: nothing, never an error)."""
    query = request.query_params
    result = query.get("result", "")
    tables = view.tables if view is not None and table else ()
    found = next((t for t in tables if table in (str(t.table), t.id)), None)
    if found is None or not result:
        return None
    values = {"table": table, "result": result_words(result, found.a.name, found.b.name)}
    if query.get("corrected") == "1":
        said = _("%(table)s: %(result)s (corrected)") % values
    else:
        said = _("%(table)s: %(result)s") % values
    already = query.get("already", "")
    if already:
        said = _("%(said)s (recorded already by %(who)s: the same result)") % {
            "said": said,
            "who": already,
        }
    return said


def _cut_said(request: Request, players: list[Any]) -> str | None:
    """After a correction that changed a cut (``?cut=&in=&out=``): who moved in and out."""
    query = request.query_params
    seats = query.get("cut", "")
    if not seats.isdigit():
        return None
    called = {p.id: p.name for p in players}
    came = names([called[p] for p in query.getlist("in") if p in called])
    went = names([called[p] for p in query.getlist("out") if p in called])
    values = {"seats": seats, "came": came, "went": went}
    if came and went:
        return _("The top %(seats)s changed: %(came)s moved in, %(went)s moved out.") % values
    if came:
        return _("The top %(seats)s changed: %(came)s moved in.") % values
    if went:
        return _("The top %(seats)s changed: %(went)s moved out.") % values
    return _("The top %(seats)s changed:.") % values


def _placed(moved: tuple[CutPlace, ...]) -> str:
    """ "Dan (8th) and Eve (9th)"."""
    return placed([(m.name, m.place) for m in moved])


def _table_of(text: str) -> int | str:
    """A table number ("12"), or a bracket match's id ("M5")."""
    text = text.strip()
    if not text:
        raise Refused(Location(("table",)), "type the table number")
    return int(text) if is_whole(text) else text


def _back(slug: str, stage: str, number: int, **extra: str | list[str]) -> Response:
    query = urlencode({"stage": stage, "round": number, **extra}, doseq=True)
    return RedirectResponse(f"/console/{slug}/results?{query}", status_code=303)


def _round_number(values: dict[str, str]) -> int:
    text = values.get("round", "").strip()
    if not is_whole(text):
        raise Refused(Location(("round",)), "no round to enter results for")
    return int(text)


@ROUTER.post("/console/{slug}/results")
@form_post
def enter_result(
    request: Request, access: Judge, db: DbDep, slug: str, values: FormValues
) -> Response:
    stage = values.get("stage") or None
    quick = values.get("quick", "").strip()
    if quick:  # a one-tap result of the phone's table list: "12 2-1"
        values["table"], _, values["result"] = quick.partition(" ")
    table_text, result_text = values.get("table", "").strip(), values.get("result", "").strip()
    if not result_text and " " in table_text:  # "12 2-1" typed in one go
        table_text, _, result_text = table_text.partition(" ")
        values["table"], values["result"] = table_text, result_text.strip()
    number: int | None = None
    try:
        number = _round_number(values)
        table = _table_of(table_text)
        if not result_text:
            raise BadValue("result", f"type the result of table {table_text}: {RESULTS_HELP}")
        result = parse_result(result_text, "result")
        key = stage_key(db, slug, stage)
        recorded = results.report(
            db,
            slug,
            number,
            result,
            actor=access.actor,
            table=table,
            stage=key,
            ask_draw_games=not values.get("without_games"),
            key=values.get("key") or None,
        )
    except AlreadyRecorded as error:
        errors = {"table": i18n.reason(error), "offer": table_text}
        return _page(
            request, access, db, slug, stage, number, status=409, errors=errors, values=values
        )
    except DrawWithoutGames as error:  # a question, not a mistake: the games, or none
        errors = {"result": i18n.reason(error), "draw_games": table_text}
        return _page(request, access, db, slug, stage, number, errors=errors, values=values)
    except FairpairError as error:
        field = "result" if isinstance(error, BadValue | InvalidResult) else "table"
        return _page(
            request,
            access,
            db,
            slug,
            stage,
            number,
            status=kind_of(error).http,
            errors={field: i18n.reason(error)},
            values=values,
        )
    moved = recorded.autopilot
    if moved is not None and moved.opened:
        return _to_started(request, slug, *moved.opened[-1], moved.completed, recorded)
    return _back(slug, key, recorded.round, **_done(recorded))


def _digits(text: str) -> str:
    return text if text.isdigit() else ""


def _to_started(
    request: Request,
    slug: str,
    stage: str,
    number: int,
    completed: int,
    recorded: results.Recorded,
) -> Response:
    """The last result of a round, and the autopilot opened the next: the whole page of the
    new round (with htmx too: the tab's heading and round picker change, not the panel)."""
    query = urlencode(
        {"stage": stage, "round": number, "started": 1, "autopilot": completed, **_done(recorded)}
    )
    url = f"/console/{slug}/results?{query}"
    if request.headers.get("HX-Request"):
        return Response(status_code=200, headers={"HX-Redirect": url})
    return RedirectResponse(url, status_code=303)


def _done(recorded: results.Recorded, corrected: bool = False) -> dict[str, str]:
    """The page's query once recorded: the table and its result as the engine says it (the
    page says "3: Ann wins 2-1" in the reader's language), corrected or recorded already by
    someone, and what to know about it (a draw without games: ``note=no_games``)."""
    query = {"done": str(recorded.table), "result": recorded.result}
    if corrected:
        query["corrected"] = "1"
    if recorded.already:
        query["already"] = recorded.already
    return query | ({"note": "no_games"} if recorded.note == NO_GAMES_NOTE else {})


@ROUTER.post("/console/{slug}/results/correct")
@form_post
def correct_result(
    request: Request, access: Judge, db: DbDep, slug: str, values: FormValues
) -> Response:
    stage = values.get("stage") or None
    table_text = values.get("table", "").strip()
    number: int | None = None
    try:
        number = _round_number(values)
        table = _table_of(table_text)
        result = parse_result(values.get("result", ""), "result")
        reason = values.get("reason", "").strip()
        if not reason:
            raise Refused(Location(("reason",)), "say why the result is corrected")
        version = values.get("version", "")
        key = stage_key(db, slug, stage)
        known = int(version) if is_whole(version) else None
        if not confirmed(values):
            moves = results.correction_moves(
                db, slug, number, table, result, actor=access.actor, version=known, stage=key
            )
            if moves is not None:
                return _ask_cut(request, access, db, slug, key, number, table, values, moves)
        recorded = results.correct(
            db,
            slug,
            number,
            table,
            result,
            actor=access.actor,
            reason=reason,
            version=known,
            stage=key,
            ask_draw_games=not values.get("without_games"),
        )
    except FairpairError as error:
        return _page(
            request,
            access,
            db,
            slug,
            stage,
            number,
            status=kind_of(error).http,
            errors={"correct": i18n.reason(error)}
            | ({"correct_draw_games": "1"} if isinstance(error, DrawWithoutGames) else {}),
            values=values,
            correcting=table_text,
        )
    assert recorded is not None
    extra: dict[str, str | list[str]] = {}
    if recorded.cut is not None:
        extra = {
            "cut": str(recorded.cut.seats),
            "in": [m.player for m in recorded.cut.moved_in],
            "out": [m.player for m in recorded.cut.moved_out],
        }
    return _back(slug, key, recorded.round, **_done(recorded, corrected=True), **extra)


def _ask_cut(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    stage: str,
    number: int,
    table: int | str,
    values: dict[str, str],
    moves: CutMoves,
) -> Response:
    """The correction changes who makes the cut: say who moves in and out, ask first."""
    lines = []
    if moves.moved_in:
        lines.append(
            _("Into the top %(seats)s: %(players)s.")
            % {"seats": moves.seats, "players": _placed(moves.moved_in)}
        )
    if moves.moved_out:
        lines.append(
            _("Out of the top %(seats)s: %(players)s.")
            % {"seats": moves.seats, "players": _placed(moves.moved_out)}
        )
    lines.append(_("Places are the standings with the corrected result."))
    moved = len(moves.moved_in) + len(moves.moved_out)
    said = {"table": table, "seats": moves.seats, "num": moved}
    fields = tuple(
        (k, values[k])
        for k in ("stage", "round", "table", "result", "reason", "version")
        if k in values
    )
    return ask(
        request,
        access,
        db,
        slug,
        Confirm(
            question=ngettext(
                "Correct table %(table)s? It changes the top %(seats)s: %(num)d player move.",
                "Correct table %(table)s? It changes the top %(seats)s: %(num)d players move.",
                moved,
            )
            % said,
            action=f"/console/{slug}/results/correct",
            button=_("Correct table %(table)s and change the top %(seats)s") % said,
            back=f"/console/{slug}/results?"
            + urlencode({"stage": stage, "round": number, "correct": str(table)})
            + "#correction",
            fields=fields,
            details=tuple(lines),
        ),
        tab="results",
        title=_("Correct table %(table)s") % said,
    )


#: One queued entry is small (a key, a table, a result, a reason).
MAX_ENTRY_BYTES = 4096


def _entry_text(data: dict[str, Any], name: str, limit: int = 200) -> str:
    value = data.get(name)
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value.strip()[:limit] if isinstance(value, str) else ""


def _said_result(text: str) -> str:
    """A recorded result as the service says it ("Ash wins 2-1 (by td)") in the reader's
    language: the result's words translated, a trailing "(by …)" kept."""
    result, by, who = text.partition(" (by ")
    winner = result.split(" wins", 1)[0] if " wins" in result else result.split(" forfeits")[0]
    said = i18n.result_words(result, winner, winner)
    return said + (" (" + gettext("by %(who)s") % {"who": who[:-1]} + ")" if by else "")


def _sync(db: Database, slug: str, access: Access, data: dict[str, Any]) -> JSONResponse:
    """One queued entry (see the module's docstring): what became of it, as JSON."""
    stage = _entry_text(data, "stage") or None
    table_text = _entry_text(data, "table", 40)
    try:
        number = _round_number({"round": _entry_text(data, "round", 10)})
        table = _table_of(table_text)
        result = parse_result(_entry_text(data, "result", 40), "result")
        key = stage_key(db, slug, stage)
        if data.get("action") == "replace":  # the organizer chose the entry over the other
            version = _entry_text(data, "version", 10)
            reason = _entry_text(data, "reason") or "entered on a phone while offline"
            corrected = results.correct(
                db,
                slug,
                number,
                table,
                result,
                actor=access.actor,
                reason=reason,
                version=int(version) if is_whole(version) else None,
                stage=key,
            )
            assert corrected is not None
            return JSONResponse(
                {
                    "state": "recorded",
                    "table": corrected.table,
                    "text": corrected.result,
                    "message": gettext("Table %(table)s: %(result)s — corrected.")
                    % {"table": corrected.table, "result": _said_result(corrected.result)},
                }
            )
        recorded = results.report(
            db,
            slug,
            number,
            result,
            actor=access.actor,
            table=table,
            stage=key,
            key=_entry_text(data, "key", 100),
        )
    except ResultConflict as error:
        return JSONResponse(
            {
                "state": "conflict",
                "table": table_text,
                "recorded": error.recorded,
                "entry": error.entry,
                "version": error.version,
                "message": i18n.reason(error),
            },
            409,
        )
    except FairpairError as error:
        return JSONResponse(
            {
                "state": "refused",
                "table": table_text,
                "field": str(error.location) or None,
                "message": i18n.reason(error),
            },
            kind_of(error).http,
        )
    values = {
        "table": recorded.table,
        "result": _said_result(recorded.result),
        "who": recorded.already,
    }
    if recorded.already:
        said = gettext(
            "Table %(table)s: %(result)s — recorded already by %(who)s (the same result)."
        )
    elif recorded.repeated:
        said = gettext(
            "Table %(table)s: %(result)s — recorded (this entry had reached the server already)."
        )
    else:
        said = gettext("Table %(table)s: %(result)s — recorded.")
    return JSONResponse(
        {
            "state": "recorded",
            "table": recorded.table,
            "text": recorded.result,
            "repeated": recorded.repeated,
            "already": recorded.already,
            "message": said % values,
        },
        200 if recorded.repeated or recorded.already else 201,
    )


@ROUTER.post("/console/{slug}/results/sync")
async def sync_entry(request: Request, access: Judge, db: DbDep, slug: str) -> Response:
    """A result entry kept on a phone while offline, sent now (JSON: ``key``, ``stage``,
    ``round``, ``table``, ``result``; ``action: "replace"`` with ``version`` and
    ``reason`` to correct a conflicting result to it)."""
    raw = await request.body()
    try:
        data = json.loads(raw) if len(raw) <= MAX_ENTRY_BYTES else None
    except (ValueError, UnicodeDecodeError):
        data = None
    if not isinstance(data, dict):
        message = "an entry is a JSON object of 4 KB at most"
        return JSONResponse({"state": "refused", "field": None, "message": message}, 422)
    return await run_in_threadpool(_sync, db, slug, access, data)
