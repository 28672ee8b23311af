"""``create_app``: the web platform as one FastAPI application.

Layers, outside in: the request id (``web.request_id``) → the metrics when they are on
(``web.metrics``) → the trusted proxies' forwarded address → the server timing → security
headers → the request guard (body limits, malformed forms:
``web.request_guard``) → CSRF (asgi-csrf: a signed double-submit cookie; every
form and htmx request carries the token; bearer-token API calls are exempt, having no
cookie to abuse) → FastAPI (routes in ``fairpair.web.routes`` and ``fairpair.api``, each
taking ``fairpair.web.access`` for who may call it). The database is opened, and the live
hub started, when the server starts — never at import.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, cast

from asgi_csrf import asgi_csrf
from fastapi import FastAPI
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.staticfiles import StaticFiles
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from fairpair.api.routes import Inclusion
from fairpair.service.kernel.connection import open_database
from fairpair.service.leagues.board import start_warming
from fairpair.service.rounds.autopilot import catch_up
from fairpair.web import csrf_multipart, errors
from fairpair.web.discord.display_watch import DisplayWatch
from fairpair.web.discord.interactions import PATH as DISCORD_PATH
from fairpair.web.discord.signature import public_key
from fairpair.web.headers import SecurityHeaders
from fairpair.web.hub import LiveHub
from fairpair.web.job_worker import JobWorker
from fairpair.web.language import Language
from fairpair.web.long_lived import keep_long_lived
from fairpair.web.metrics import Metrics, MetricsMiddleware
from fairpair.web.portal_warm import PortalWarm
from fairpair.web.request_guard import RequestGuard
from fairpair.web.request_id import RequestId
from fairpair.web.route_note import RouteNote
from fairpair.web.routes import operations
from fairpair.web.routes.public import warm_round
from fairpair.web.settings import WebSettings, from_environment
from fairpair.web.sse import FragmentCache
from fairpair.web.templating import _package_version, make_templates
from fairpair.web.timing import ServerTiming

STATIC = Path(__file__).parent / "static"
CSRF_COOKIE = "fairpair_csrf"
#: The modules whose ``ROUTER`` the app includes, in order (pages, then the API) — or whose
#: ``ROUTERS`` (``fairpair.api.routes.Inclusion``: the API's resources, each under
#: ``/api/v1``). Every one must exist: a missing router is an error when the app is built,
#: not a silently lost page.
ROUTERS = (
    # The pages and calls of the busiest moments first (FastAPI tries routes in order, and
    # matching a route at the end of the table cost a third of a player's report): the
    # players' own API and pages, the public pages, then the console and the rest of the API.
    "fairpair.api.player_routes",
    "fairpair.web.discord.interactions",
    "fairpair.web.routes.portal",
    "fairpair.web.routes.portal_reports",
    "fairpair.web.routes.portal_discord",
    "fairpair.web.routes.portal_byes",
    "fairpair.web.routes.portal_judge",
    "fairpair.web.routes.public_live",
    "fairpair.web.routes.public",
    "fairpair.web.routes.public_standings",
    "fairpair.web.routes.csv_downloads",
    "fairpair.web.routes.join",
    "fairpair.web.routes.portal_notifications",
    "fairpair.web.routes.public_bracket",
    "fairpair.web.routes.public_images",
    "fairpair.web.routes.public_ratings",
    "fairpair.web.routes.display",
    "fairpair.web.routes.prints",
    "fairpair.web.routes.help",
    "fairpair.web.routes.language",
    "fairpair.web.routes.generator",
    "fairpair.web.routes.public_leagues",
    "fairpair.web.routes.console_leagues",
    "fairpair.web.routes.auth",
    "fairpair.web.routes.home",
    "fairpair.web.routes.console_backup",
    "fairpair.web.routes.account",
    "fairpair.web.routes.account_links",
    "fairpair.web.routes.console_event",
    "fairpair.web.routes.console_details",
    "fairpair.web.routes.console_players",
    "fairpair.web.routes.console_player",
    "fairpair.web.routes.console_stages",
    "fairpair.web.routes.console_staff",
    "fairpair.web.routes.console_log",
    "fairpair.web.routes.console_rounds",
    "fairpair.web.routes.console_results",
    "fairpair.web.routes.console_checkin",
    "fairpair.web.routes.console_phone",
    "fairpair.web.routes.console_clock",
    "fairpair.web.routes.console_toss",
    "fairpair.web.routes.console_standings",
    "fairpair.web.routes.console_cut",
    "fairpair.web.routes.console_portal",
    "fairpair.web.routes.console_discord",
    "fairpair.web.routes.console_queue",
    "fairpair.web.routes.console_reporting",
    "fairpair.web.routes.public_community",
    "fairpair.web.routes.console_community",
    "fairpair.web.routes.console_directory",
    "fairpair.api.routes",
    "fairpair.web.routes.operations",
)


def create_app(settings: WebSettings | None = None) -> FastAPI:
    """The application for ``settings`` (default: from the environment, as a worker of
    ``fairpair serve`` reads them)."""
    import importlib

    config = (settings or from_environment()).with_secret()
    metrics = Metrics() if config.metrics else None
    if config.discord_public_key:  # fail fast: a bad key refuses every interaction
        public_key(config.discord_public_key)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = open_database(config.database_url)
        app.state.db = db
        # a round left Open with every result in (a stage's autopilot turned on meanwhile, a
        # crash of an older version) moves on now: exactly once, whatever the workers
        catch_up(db)
        app.state.hub = LiveHub(db, poll_seconds=config.poll_seconds)
        display = DisplayWatch(db)
        display.start()
        app.state.hub.observers.append(display.changed)
        warm = PortalWarm(
            db, long_lived=config.long_lived, public=lambda slug: warm_round(app, db, slug)
        )
        warm.start()
        app.state.portal_warm = warm
        app.state.hub.observers.append(warm.changed)
        app.state.hub.wide_observers.append(warm.wide)
        app.state.hub.start(asyncio.get_running_loop())
        jobs = JobWorker(db, config.job_seconds)
        jobs.start()
        app.state.jobs = jobs  # /readyz asks it
        if metrics is not None:
            metrics.start(db)
        # every open league's leaderboard, derived in the background
        start_warming(db, keep_long_lived if config.long_lived else None)
        if config.long_lived:
            keep_long_lived()  # the modules and the app: the server's for its whole life
        try:
            yield
        finally:
            if metrics is not None:
                metrics.stop()
            jobs.stop()
            display.stop()
            warm.stop()
            app.state.hub.stop()
            db.close()

    app = FastAPI(
        title="fairpair",
        summary="Swiss tournaments: events, players, stages, rounds, results, standings, toss.",
        version=_version(),
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.state.settings = config
    app.state.templates = make_templates()
    app.state.fragments = FragmentCache()
    app.state.metrics = metrics
    errors.install(app)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    for name in ROUTERS:
        module = importlib.import_module(name)
        parts = module.ROUTERS if hasattr(module, "ROUTERS") else (Inclusion(module.ROUTER),)
        for part in parts:
            app.include_router(part.router, prefix=part.prefix, responses=part.responses)
    if metrics is not None:
        app.include_router(operations.METRICS_ROUTER)
    # A 4,000-player round is ~400 KB of HTML; gzip makes it ~40 KB for a phone on venue wifi
    # (server-sent events are never compressed: Starlette leaves text/event-stream alone).
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=5)
    app.add_middleware(Language)  # the reader's language for everything below (web.language)
    csrf_multipart.install()
    app.add_middleware(
        cast(Any, asgi_csrf),
        signing_secret=config.secret,
        cookie_name=CSRF_COOKIE,
        cookie_secure=config.secure_cookies,
        cookie_samesite="Strict",
        always_protect={"/login"},
        # Discord's interactions are authenticated by their Ed25519 signature, not a cookie
        skip_if_scope=lambda scope: scope.get("path") == DISCORD_PATH,
    )
    # before the CSRF check reads a form: body limits, malformed forms (docs/security.md)
    app.add_middleware(RequestGuard)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(ServerTiming)
    if config.trusted_proxies:  # every layer sees the client's own address
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(config.trusted_proxies))
    if metrics is not None:  # every answer counted, with the route that gave it
        app.add_middleware(MetricsMiddleware, metrics=metrics)
    app.router.middleware_stack = RouteNote(app.router.middleware_stack)
    # outermost: the peer is still the connection's (an id is taken from trusted proxies only)
    app.add_middleware(RequestId, trusted_proxies=config.trusted_proxies)
    return app


def _version() -> str:
    return _package_version()
