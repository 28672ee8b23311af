"""A player's notifications: the in-app list and unread count, channels and preferences, web push
subscription and service worker.

- ``GET /e/{slug}/me/notifications``: the list, newest first, the unread ones marked;
  opening it marks them read.
- ``GET /e/{slug}/me/unread``: server-sent events, ``unread`` with the count's badge (the
  portal's page shows it, ``portal/unread_badge.html``), sent again after each change of the
  event that changed the count.
- ``GET/POST /e/{slug}/me/preferences``: push on/off, Discord on/off and the Discord user id
  (the in-app list is always kept); the page's **Turn on push** button (``static/js/push.js``)
  subscribes this browser.
- ``POST /e/{slug}/me/push`` (the subscription's JSON), ``DELETE /e/{slug}/me/push`` and
  ``POST /e/{slug}/me/push/remove`` (``endpoint``: one browser; none: all).
- ``GET /sw.js``: the service worker (scope ``/``): shows a push, a click opens its page.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.concurrency import run_in_threadpool

from fairpair import i18n
from fairpair.engine.errors import FairpairError
from fairpair.error_table import kind_of
from fairpair.i18n import gettext as _
from fairpair.service.event.events import event_version
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import Refused
from fairpair.service.notices.notifications import (
    event_notifications,
    mark_read,
    unread_count,
    unread_counts,
)
from fairpair.service.notices.preferences import preferences_of, set_preferences
from fairpair.service.outbound.push_subscriptions import add_subscription, remove_subscription
from fairpair.service.outbound.web_push import vapid_public_key
from fairpair.web.access import Access, DbDep, Player, Public
from fairpair.web.errors import error_body, field_of
from fairpair.web.forms import form_values, refusal
from fairpair.web.hub import LiveHub
from fairpair.web.sse import KEEPALIVE_SECONDS, message
from fairpair.web.templating import render

ROUTER = APIRouter(include_in_schema=False)
SERVICE_WORKER = Path(__file__).resolve().parent.parent / "static" / "js" / "sw.js"
#: A push subscription's JSON is small (an endpoint and two keys).
MAX_SUBSCRIPTION_BYTES = 4096
PREFERENCE_FIELDS = ("push", "discord", "discord_user_id")


def _player_id(access: Access) -> int:
    assert access.player is not None
    if access.player.player_id is None:
        raise Refused("player", _("you are on the waitlist: notifications start once you play"))
    return access.player.player_id


@ROUTER.get("/e/{slug}/me/notifications")
def notifications_page(request: Request, slug: str, access: Player, db: DbDep) -> Response:
    me = _player_id(access)
    event_name, found = event_notifications(db, slug, me)
    mark_read(db, me, [n.id for n in found if n.read_at is None])
    return render(
        request,
        "portal/notifications.html",
        slug=slug,
        event_name=event_name,
        player=access.player,
        notifications=found,
        unread=sum(n.read_at is None for n in found),
    )


def _badge(request: Request, slug: str, count: int) -> str:
    templates = request.app.state.templates
    return str(templates.get_template("portal/unread_count.html").render(slug=slug, unread=count))


class UnreadCounts:
    """The unread counts of an event's players, counted once per change of the event for
    every open page (one query, not one per player), at most once a ``MIN_SECONDS``."""

    MIN_SECONDS = 1.0

    def __init__(self) -> None:
        self._latest: dict[str, tuple[int, float, asyncio.Future[dict[int, int]]]] = {}

    async def get(self, db: Database, slug: str, version: int) -> dict[int, int]:
        loop = asyncio.get_running_loop()
        hit = self._latest.get(slug)
        if hit is None or (hit[0] < version and loop.time() - hit[1] >= self.MIN_SECONDS):
            future = asyncio.ensure_future(run_in_threadpool(unread_counts, db, slug))
            hit = (version, loop.time(), future)
            self._latest[slug] = hit
        elif hit[0] < version:
            await asyncio.sleep(self.MIN_SECONDS - (loop.time() - hit[1]))
            return await self.get(db, slug, version)
        return await asyncio.shield(hit[2])


def _counts(request: Request) -> UnreadCounts:
    state = request.app.state
    if not hasattr(state, "unread_counts"):
        state.unread_counts = UnreadCounts()
    counts: UnreadCounts = state.unread_counts
    return counts


@ROUTER.get("/e/{slug}/me/unread")
def unread_stream(request: Request, slug: str, access: Player, db: DbDep) -> StreamingResponse:
    me = _player_id(access)
    hub: LiveHub = request.app.state.hub
    since = event_version(db, slug)
    counts = _counts(request)

    async def events() -> AsyncIterator[str]:
        yield "retry: 5000\n: connected\n\n"
        last = await run_in_threadpool(unread_count, db, me)
        yield message("unread", _badge(request, slug, last))
        with hub.player_feed(slug, since, me) as feed:
            while True:
                try:
                    version, broad = await asyncio.wait_for(feed.get(), KEEPALIVE_SECONDS)
                except TimeoutError:
                    if await request.is_disconnected():
                        return
                    yield ": keep-alive\n\n"
                    continue
                if broad:  # may be anyone's: every open page's counts, in one query
                    count = (await counts.get(db, slug, version)).get(me, 0)
                else:  # a report at this player's table: their own count
                    count = await run_in_threadpool(unread_count, db, me)
                if count != last:
                    last = count
                    yield message("unread", _badge(request, slug, count))

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"cache-control": "no-store", "x-accel-buffering": "no"},
    )


def _preferences_page(
    request: Request,
    slug: str,
    access: Access,
    db: DbDep,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, Any] | None = None,
    saved: bool = False,
) -> Response:
    me = _player_id(access)
    prefs = preferences_of(db, me)
    shown = values or {
        "push": prefs.push,
        "discord": prefs.discord,
        "discord_user_id": prefs.discord_user_id or "",
    }
    return render(
        request,
        "portal/preferences.html",
        status=status,
        slug=slug,
        player=access.player,
        values=shown,
        errors=errors or {},
        saved=saved,
        vapid_key=vapid_public_key(db),
        unread=unread_count(db, me),
    )


@ROUTER.get("/e/{slug}/me/preferences")
def preferences_form(
    request: Request, slug: str, access: Player, db: DbDep, saved: int = 0
) -> Response:
    return _preferences_page(request, slug, access, db, saved=bool(saved))


@ROUTER.post("/e/{slug}/me/preferences")
async def save_preferences(request: Request, slug: str, access: Player, db: DbDep) -> Response:
    me = _player_id(access)
    form = await form_values(request)
    values: dict[str, Any] = {
        "push": form.get("push") in ("on", "yes", "1", "true"),
        "discord": form.get("discord") in ("on", "yes", "1", "true"),
        "discord_user_id": form.get("discord_user_id", "")[:200],
    }
    try:
        await run_in_threadpool(
            lambda: set_preferences(
                db,
                slug,
                me,
                push=values["push"],
                discord=values["discord"],
                discord_user_id=values["discord_user_id"],
                actor=access.actor,
            )
        )
    except FairpairError as error:
        return _preferences_page(
            request,
            slug,
            access,
            db,
            status=kind_of(error).http,
            errors=refusal(error, PREFERENCE_FIELDS),
            values=values,
        )
    return RedirectResponse(f"/e/{slug}/me/preferences?saved=1", status_code=303)


def _json_error(error: FairpairError) -> JSONResponse:
    kind = kind_of(error)
    return JSONResponse(error_body(kind.code, i18n.reason(error), field_of(error)), kind.http)


@ROUTER.post("/e/{slug}/me/push")
async def subscribe(request: Request, slug: str, access: Player, db: DbDep) -> Response:
    raw = await request.body()
    if len(raw) > MAX_SUBSCRIPTION_BYTES:
        return JSONResponse(
            error_body("refused", _("a push subscription is at most 4 KB"), "endpoint"), 413
        )
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        data = None
    try:
        me = _player_id(access)
        await run_in_threadpool(lambda: add_subscription(db, slug, me, data, actor=access.actor))
    except FairpairError as error:
        return _json_error(error)
    return JSONResponse({"subscribed": True}, 201)


async def _remove(request: Request, slug: str, access: Access, db: DbDep) -> str | None:
    endpoint: str | None = None
    if request.headers.get("content-type", "").startswith("application/json"):
        try:
            body = json.loads(await request.body())
        except (ValueError, UnicodeDecodeError):
            body = None
        endpoint = body.get("endpoint") if isinstance(body, dict) else None
    else:
        endpoint = (await form_values(request)).get("endpoint") or None
    if endpoint is not None and not isinstance(endpoint, str):
        endpoint = None
    me = _player_id(access)
    await run_in_threadpool(lambda: remove_subscription(db, slug, me, endpoint, actor=access.actor))
    return endpoint


@ROUTER.delete("/e/{slug}/me/push")
async def unsubscribe(request: Request, slug: str, access: Player, db: DbDep) -> Response:
    try:
        await _remove(request, slug, access, db)
    except FairpairError as error:
        return _json_error(error)
    return Response(status_code=204)


@ROUTER.post("/e/{slug}/me/push/remove")
async def unsubscribe_form(request: Request, slug: str, access: Player, db: DbDep) -> Response:
    await _remove(request, slug, access, db)
    if request.headers.get("content-type", "").startswith("application/json"):
        return Response(status_code=204)
    return RedirectResponse(f"/e/{slug}/me/preferences?saved=1", status_code=303)


@ROUTER.get("/sw.js")
def service_worker(access: Public) -> Response:
    return Response(
        SERVICE_WORKER.read_bytes(),
        media_type="text/javascript",
        headers={"service-worker-allowed": "/", "cache-control": "no-cache"},
    )
