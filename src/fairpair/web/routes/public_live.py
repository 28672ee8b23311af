"""``GET /e/{slug}/live``: the server-sent events of one event for the public pages.

``?view=standings&view=pairings`` names the fragments the page shows (see
``fairpair.web.live_views``); after each change the stream carries one SSE event per view,
named after it, whose data is the fragment's HTML, then a ``version`` event with the
event's new version. Without ``view`` only ``version`` events are sent.

``since``: the version the page was rendered at (a page that is already behind gets its
update at once); on a reconnect the browser's ``Last-Event-ID`` (each update's id is its
version) does the same, so an update made while the connection was down is not lost.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import StreamingResponse

from fairpair.service.event.events import event_version
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import Refused
from fairpair.web.access import DbDep, Public
from fairpair.web.live_views import VIEWS, ViewRender
from fairpair.web.numbers import is_whole
from fairpair.web.sse import Render, live_response

ROUTER = APIRouter(include_in_schema=False)


@ROUTER.get("/e/{slug}/live")
def live(
    request: Request,
    access: Public,
    db: DbDep,
    slug: str,
    view: Annotated[list[str] | None, Query(max_length=40)] = None,
    stage: Annotated[str | None, Query(max_length=80)] = None,
    since: Annotated[int | None, Query(ge=0)] = None,
) -> StreamingResponse:
    now = event_version(db, slug)  # an unknown event is a 404 before the stream starts
    wanted = list(dict.fromkeys(view or []))[:8]
    unknown = [v for v in wanted if v not in VIEWS]
    if unknown:
        raise Refused("view", f"no live view {unknown[0]!r} (views: {', '.join(sorted(VIEWS))})")
    renders = {name: _bound(VIEWS[name], request, db, slug, stage) for name in wanted}
    seen = min(now, now if since is None else since, last_seen(request, now))
    # Pages of a view that differ by their query (the stage, a standings page) are cached
    # apart; each is still rendered once per change, whoever watches it.
    variant = "&".join(
        f"{k}={v}"
        for k, v in sorted(request.query_params.multi_items())
        if k not in ("view", "since")
    )
    return live_response(request, slug, renders, since=seen, variant=variant)


def _bound(
    render: ViewRender, request: Request, db: Database, slug: str, stage: str | None
) -> Render:
    return lambda: render(request, db, slug, stage)


def last_seen(request: Request, default: int) -> int:
    text = request.headers.get("last-event-id", "")
    return int(text) if is_whole(text) else default
