"""The console's Audit log tab: every change of the event as a sentence ("Ann (owner)
recorded the result of table 3 in round 2: Bea wins 2-1"), newest first, a page at a time;
each entry's raw record (actor, action, subject, before → after as JSON) behind a *details*
disclosure. The sentences and the details' labels are said in the reader's language (issue 33,
point 8: ``audit_sentences`` makes them as ``fairpair.i18n.later`` texts); the record itself
(its ids, usernames and JSON) is shown as stored."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from fairpair.service.event.audit_pages import audit_page
from fairpair.service.event.audit_sentences import actor_label, subject_label
from fairpair.web.access import DbDep, Viewer
from fairpair.web.console import console_page

ROUTER = APIRouter(include_in_schema=False)
PAGE_SIZE = 50


def shown(value: Any) -> str:
    """A before/after value as people read it: compact JSON, empty when there is none."""
    if value is None:
        return ""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


@ROUTER.get("/console/{slug}/log")
def log_tab(
    request: Request,
    slug: str,
    access: Viewer,
    db: DbDep,
    page: Annotated[int, Query(ge=1, le=1_000_000)] = 1,
) -> Response:
    found = audit_page(db, slug, page=page, size=PAGE_SIZE)
    return console_page(
        request,
        access,
        db,
        slug,
        "console/log.html",
        tab="log",
        entries=[
            (
                line,
                actor_label(line.entry.actor),
                subject_label(line.entry.subject),
                shown(line.entry.before),
                shown(line.entry.after),
            )
            for line in found.lines
        ],
        page=found.page,
        pages=found.pages,
        total=found.total,
    )
