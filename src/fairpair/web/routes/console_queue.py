"""The console's Resolution Queue: disputed reports, unconfirmed ones past their time, overdue
matches (``fairpair.service.results.resolution_queue``). Viewers see it; judges settle an item by
entering its result — one click accepts either player's version, or type another — through
the results service, as the Results tab does (which settles the players' report too).

Without JavaScript each item is a plain form; a refusal shows next to its item with what was
typed still in it.

The players' judge calls are listed above the queue (``service.results.judge_calls``): a judge
answers one (``POST /console/{slug}/calls/{call}/answer``) and it leaves the list. Below it,
*Alerts on this phone*: a staff member turns on web push alerts for the event on the phone
they carry (a dispute, a judge call, the round's last result in; ``static/js/console-app.js``
and ``routes/console_phone.py``)."""

from __future__ import annotations

from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError, Location
from fairpair.error_table import kind_of
from fairpair.i18n import gettext
from fairpair.interop.typed_text import RESULTS_HELP, parse_result
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import Refused
from fairpair.service.notices.staff_alerts import ALERTS, staff_alerts
from fairpair.service.outbound.web_push import vapid_public_key
from fairpair.service.results import recording as results
from fairpair.service.results.judge_calls import answer_call, open_calls
from fairpair.service.results.resolution_queue import resolution_queue
from fairpair.web.access import Access, DbDep, Judge, Viewer
from fairpair.web.console import console_page
from fairpair.web.form_posts import FormValues, form_post
from fairpair.web.numbers import is_whole

ROUTER = APIRouter(include_in_schema=False)


def item_id(stage: str, round_number: int | str, table: int | str) -> str:
    """An item's id on the page (its form, its error)."""
    return f"{stage}-{round_number}-{table}"


def _page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
    done: str | None = None,
) -> Response:
    queue = resolution_queue(db, slug)
    errors = dict(errors or {})
    listed = {item_id(i.stage, i.round, i.table) for i in queue.items}
    if errors.get("item") and errors["item"] not in listed:  # settled meanwhile: say it on top
        errors["_form"] = errors.pop("message")
    return console_page(
        request,
        access,
        db,
        slug,
        "console/queue.html",
        tab="queue",
        status=status,
        queue=queue,
        calls=open_calls(db, slug),
        alerts=ALERTS,
        my_alerts=staff_alerts(db, slug, access.account.id) if access.account else None,
        vapid_key=vapid_public_key(db),
        item_id=item_id,
        done=done,
        help=RESULTS_HELP,
        errors=errors,
        values=values or {},
    )


@ROUTER.get("/console/{slug}/queue")
def queue_page(
    request: Request, access: Viewer, db: DbDep, slug: str, done: str | None = None
) -> Response:
    return _page(request, access, db, slug, done=(done or "")[:200] or None)


@ROUTER.post("/console/{slug}/queue")
@form_post
def settle_item(
    request: Request, access: Judge, db: DbDep, slug: str, values: FormValues
) -> Response:
    stage = values.get("stage", "").strip()
    round_text, table_text = values.get("round", "").strip(), values.get("table", "").strip()
    typed = (values.get("accept") or values.get("result") or "").strip()
    try:
        if not stage or not is_whole(round_text) or not is_whole(table_text):
            said = gettext("this item names no match: reload the queue")
            raise Refused(Location(("table",)), said)
        if not typed:
            said = gettext("type the result: %(help)s") % {"help": RESULTS_HELP}
            raise Refused(Location(("result",)), said)
        result = parse_result(typed, "result")
        recorded = results.report(
            db,
            slug,
            int(round_text),
            result,
            actor=access.actor,
            table=int(table_text),
            stage=stage,
        )
    except FairpairError as error:
        errors = {"item": item_id(stage, round_text, table_text), "message": error.reason}
        return _page(
            request,
            access,
            db,
            slug,
            status=kind_of(error).http,
            errors=errors,
            values={**values, "result": typed},
        )
    done = gettext("Recorded round %(round)s table %(table)s: %(result)s.") % {
        "round": recorded.round,
        "table": recorded.table,
        "result": recorded.result,
    }
    return RedirectResponse(f"/console/{slug}/queue?{urlencode({'done': done})}", status_code=303)


@ROUTER.post("/console/{slug}/calls/{call}/answer")
@form_post
def answer_judge_call(
    request: Request, access: Judge, db: DbDep, slug: str, call: int, values: FormValues
) -> Response:
    try:
        done = answer_call(db, slug, call, actor=access.actor)
    except FairpairError as error:
        return _page(
            request, access, db, slug, status=kind_of(error).http, errors={"_form": error.reason}
        )
    said = gettext("%(player)s's judge call (%(where)s) answered.") % {
        "player": done.player,
        "where": done.where,
    }
    return RedirectResponse(f"/console/{slug}/queue?{urlencode({'done': said})}", status_code=303)
