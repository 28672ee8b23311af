"""The join QR code (segno) and the join box the public pages, the big screen and the printed
pairings show: the event's code and the QR of ``{base}/j/{code}``, the address a phone opens
(the base is the request's: the address the venue's devices reach the server by)."""

from __future__ import annotations

import io

import segno
from fastapi import Request
from markupsafe import Markup

from fairpair.service.kernel.connection import Database
from fairpair.service.players.joining import join_state
from fairpair.web.version_cache import fragment, version_cache


def join_url(request: Request, code: str) -> str:
    return f"{str(request.base_url).rstrip('/')}/j/{code}"


def qr_svg(url: str) -> bytes:
    """The QR code of ``url`` as an SVG document (black on white, the standard quiet zone)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(
        out, kind="svg", scale=8, border=4, dark="#000", light="#fff", title="Scan to join"
    )
    return out.getvalue()


def join_box(
    request: Request, db: Database, slug: str, version: int, *, big: bool = False
) -> Markup:
    """The join box of event ``slug`` at ``version`` (empty while joining is closed: the
    organizer switched self-registration off, or round 1 is released)."""
    base = str(request.base_url)
    state = version_cache(request).get(
        ("join-state", db.url, slug, version), lambda: join_state(db, slug)
    )
    if state.closed is not None:
        return Markup("")
    return fragment(
        request,
        "partials/join_box.html",
        ("join", db.url, slug, version, base, big),
        slug=slug,
        code=state.join_code,
        url=join_url(request, state.join_code),
        typed=base.split("://", 1)[-1].rstrip("/") + "/join",
        big=big,
    )
