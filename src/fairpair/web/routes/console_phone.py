"""The console as an app on the organizer's phone (issue 32; docs/phone.md).

- ``GET /console-sw.js``: the console's service worker (``static/js/console-sw.js``), scope
  ``/console`` (a scope of its own: the players' ``/sw.js`` keeps ``/``): the last copy of
  each console page when the connection is down, the event's Results, Pairings and
  Standings kept ahead, staff's push alerts shown.
- ``GET /console.webmanifest``: the web app manifest: "Add to home screen" opens the
  console full screen (``display: fullscreen``, standalone where a browser has no full
  screen), with its icons (``static/icons``, drawn by ``scripts/console_icons.py``).
- ``POST /console/{slug}/alerts`` (``{"subscription": PushSubscription, "alerts": [...]}``)
  and ``POST /console/{slug}/alerts/remove`` (``{"endpoint": ...}``): a staff member's phone
  alerts for the event (``service.notices.staff_alerts``); JSON in, JSON out.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from fairpair import i18n
from fairpair.engine.errors import FairpairError
from fairpair.error_table import kind_of
from fairpair.service.notices.staff_alerts import subscribe_staff, unsubscribe_staff
from fairpair.web.access import Access, DbDep, Public, Viewer
from fairpair.web.errors import error_body, field_of

ROUTER = APIRouter(include_in_schema=False)
STATIC = Path(__file__).resolve().parent.parent / "static"
SERVICE_WORKER = STATIC / "js" / "console-sw.js"
#: The console app's scope: the console's pages (``/console``, ``/console/{slug}/…``).
SCOPE = "/console"
#: A subscription and its alerts are small (an endpoint, two keys, three names).
MAX_BODY = 4096

MANIFEST: dict[str, Any] = {
    "name": "fairpair console",
    "short_name": "fairpair",
    "description": "Run your event from the floor: results, check-in, the toss, the clock.",
    "id": "/console",
    "start_url": "/console",
    "scope": SCOPE,
    "display": "fullscreen",
    "display_override": ["fullscreen", "standalone"],
    "orientation": "portrait",
    "background_color": "#ffffff",
    "theme_color": "#1565c0",
    "icons": [
        {"src": "/static/icons/console-192.png", "sizes": "192x192", "type": "image/png"},
        {"src": "/static/icons/console-512.png", "sizes": "512x512", "type": "image/png"},
        {
            "src": "/static/icons/console-maskable-512.png",
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ],
}


@ROUTER.get("/console-sw.js")
def console_service_worker(access: Public) -> Response:
    return Response(
        SERVICE_WORKER.read_bytes(),
        media_type="text/javascript",
        headers={"service-worker-allowed": SCOPE, "cache-control": "no-cache"},
    )


@ROUTER.get("/console.webmanifest")
def console_manifest(access: Public) -> Response:
    return Response(
        json.dumps(MANIFEST, indent=1),
        media_type="application/manifest+json",
        headers={"cache-control": "no-cache"},
    )


def _json_error(error: FairpairError) -> JSONResponse:
    kind = kind_of(error)
    return JSONResponse(error_body(kind.code, i18n.reason(error), field_of(error)), kind.http)


async def _body(request: Request) -> Any:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        return None
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return None


def _account_id(access: Access) -> int:
    assert access.account is not None  # Viewer: a logged-in account with a role
    return access.account.id


@ROUTER.post("/console/{slug}/alerts")
async def turn_on_alerts(request: Request, slug: str, access: Viewer, db: DbDep) -> Response:
    data = await _body(request)
    body = data if isinstance(data, dict) else {}
    alerts = body.get("alerts")
    wanted = [a for a in alerts if isinstance(a, str)] if isinstance(alerts, list) else []
    language = i18n.language()  # the console's: the phone's alerts are written in it
    try:
        await run_in_threadpool(
            lambda: subscribe_staff(
                db,
                slug,
                _account_id(access),
                body.get("subscription"),
                wanted,
                actor=access.actor,
                language=language,
            )
        )
    except FairpairError as error:
        return _json_error(error)
    return JSONResponse({"subscribed": True, "alerts": wanted}, 201)


@ROUTER.post("/console/{slug}/alerts/remove")
async def turn_off_alerts(request: Request, slug: str, access: Viewer, db: DbDep) -> Response:
    data = await _body(request)
    endpoint = data.get("endpoint") if isinstance(data, dict) else None
    if not isinstance(endpoint, str) or not endpoint:
        return JSONResponse(
            error_body("refused", "name the subscription's endpoint to remove", "endpoint"), 422
        )
    removed = await run_in_threadpool(
        lambda: unsubscribe_staff(db, slug, _account_id(access), endpoint, actor=access.actor)
    )
    return JSONResponse({"removed": removed})
