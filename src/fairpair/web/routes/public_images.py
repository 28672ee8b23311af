"""``GET /e/{slug}/image/{kind}.{fmt}`` (Public): the event's images for chat — ``pairings``
(the current round, or ``?round=N``), ``standings`` (``?top=N``, ``?page=K``,
``?per_page=N``) or ``bracket``, as ``png`` or ``svg`` (``fairpair.service.event.images``).
The public pairings, standings and bracket pages link them with a download button.

An image is drawn once per event version and request (``fairpair.web.version_cache``: a
change makes a new version, so a kept image is never stale) in a small LRU of its own, so
images never push the pages' fragments out. Nothing to draw is the service's refusal (409,
the error page says why); an unknown event 404; a bad ``kind``, ``fmt`` or number 422.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from fairpair import i18n
from fairpair.service.event.events import event_version
from fairpair.service.event.images import MAX_PER_PAGE, MEDIA_TYPES, Format, Kind, render
from fairpair.web.access import DbDep, Public
from fairpair.web.version_cache import VersionCache

ROUTER = APIRouter(include_in_schema=False)
#: Images kept per application (each some 100 kB).
KEPT = 16
#: An image's words follow the reader's language (``web.language``): a shared cache keeps one
#: per language asked.
VARY = "Accept-Language, Cookie"


def image_cache(request: Request) -> VersionCache:
    state = request.app.state
    cache: VersionCache | None = getattr(state, "image_cache", None)
    if cache is None:
        cache = state.image_cache = VersionCache(KEPT)
    return cache


@ROUTER.get("/e/{slug}/image/{kind}.{fmt}")
def event_image(
    request: Request,
    access: Public,
    db: DbDep,
    slug: str,
    kind: Kind,
    fmt: Format,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    per_page: Annotated[int, Query(ge=1, le=MAX_PER_PAGE)] = 10,
    top: Annotated[int | None, Query(ge=1, le=100_000)] = None,
    stage: Annotated[str | None, Query(max_length=80)] = None,
    round: Annotated[int | None, Query(ge=1, le=10_000)] = None,
) -> Response:
    version = event_version(db, slug)
    lang = i18n.language()  # the reader's, else the event's default (a chat's fetch)
    key = ("image", db.url, slug, version, lang, kind, fmt, page, per_page, top, stage, round)
    data = image_cache(request).get(
        key,
        lambda: render(
            db,
            slug,
            kind,
            fmt=fmt,
            page=page,
            per_page=per_page,
            top=top,
            stage=stage,
            round=round,
        ),
    )
    name = (
        f"{slug}-{kind}"
        + (f"-round-{round}" if round else "")
        + (f"-page-{page}" if page > 1 else "")
    )
    return Response(
        data,
        media_type=MEDIA_TYPES[fmt],
        headers={
            "cache-control": "no-cache",
            "content-disposition": f'inline; filename="{name}.{fmt}"',
            "vary": VARY,
        },
    )
