"""The console's Results page: fast keyboard entry by table number (type "12", the table's
players show, type "2-1", Enter: recorded, and the cursor is back for the next table), the
outstanding matches (tables without a result, by number) and corrections with a reason.

Results are told from side a, the table's first player (``interop.typed_text.parse_result``).
Without JavaScript it is a plain form (table and result); every refusal — an unknown table, a
table already reported (offering its correction), an impossible result — shows next to the
field it concerns, with what was typed still in it. A draw typed without its games in a
best-of-three or five (``draw``, ``½-½``, ``=``) is asked about before it is recorded: type
the game score (1-1, 1-1-1, 0-0-3), or record it without games, knowing that GW% and OGW%
then count no games for it (``engine.draw_games``)."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.draw_games import NO_GAMES_NOTE
from fairpair.engine.errors import DrawWithoutGames, FairpairError, InvalidResult, Location
from fairpair.error_table import kind_of
from fairpair.interop.typed_text import RESULTS_HELP, BadValue, parse_result
from fairpair.service.event.events import show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import AlreadyRecorded, Refused
from fairpair.service.kernel.lookup import stage_key
from fairpair.service.results import recording as results
from fairpair.service.rounds.lifecycle import round_view
from fairpair.web.access import Access, DbDep, Judge, Viewer
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
        shown=SHOWN,
        done=done,
        note=note,
        fix=fix,
        help=RESULTS_HELP,
        errors=errors or {},
        values=values or {},
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


def _table_of(text: str) -> int | str:
    """A table number ("12"), or a bracket match's id ("M5")."""
    text = text.strip()
    if not text:
        raise Refused(Location(("table",)), "type the table number")
    return int(text) if is_whole(text) else text


def _back(slug: str, stage: str, number: int, **extra: str) -> Response:
    query = urlencode({"stage": stage, "round": number, **extra})
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
        )
    except AlreadyRecorded as error:
        errors = {"table": error.reason, "offer": table_text}
        return _page(
            request, access, db, slug, stage, number, status=409, errors=errors, values=values
        )
    except DrawWithoutGames as error:  # a question, not a mistake: the games, or none
        errors = {"result": error.reason, "draw_games": table_text}
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
            errors={field: error.reason},
            values=values,
        )
    return _back(slug, key, recorded.round, **_done(recorded))


def _done(recorded: results.Recorded, corrected: bool = False) -> dict[str, str]:
    """The page's query once recorded: "3: Ann wins 2-1", and what to know about it (a draw
    without games: ``note=no_games``)."""
    said = f"{recorded.table}: {recorded.result}" + (" (corrected)" if corrected else "")
    return {"done": said, **({"note": "no_games"} if recorded.note == NO_GAMES_NOTE else {})}


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
        recorded = results.correct(
            db,
            slug,
            number,
            table,
            result,
            actor=access.actor,
            reason=reason,
            version=int(version) if is_whole(version) else None,
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
            errors={"correct": error.reason}
            | ({"correct_draw_games": "1"} if isinstance(error, DrawWithoutGames) else {}),
            values=values,
            correcting=table_text,
        )
    assert recorded is not None
    return _back(slug, key, recorded.round, **_done(recorded, corrected=True))
