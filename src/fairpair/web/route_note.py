"""Which route answered a request, for the layers outside the router (the metrics, the
error handler's log line).

The router writes the route it chose into the scope it was given (``scope["route"]``), but
some layers between (the CSRF check, the request guard) hand it a copy of the scope, so the
outer layers never see it. ``RequestId`` (the outermost layer) puts an empty ``Routed`` in the
scope — every copy shares it — and ``RouteNote``, wrapped around the router itself, lets
it know the scope the router fills in.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

KEY = "fairpair.routed"
#: The label of a request no route matched (a 404, or refused before the router).
NONE = "none"


class Routed:
    __slots__ = ("scope",)

    def __init__(self) -> None:
        self.scope: Scope | None = None


def watch(scope: Scope) -> None:
    """Ask to be told the router's scope (the outermost layer, once per request)."""
    scope[KEY] = Routed()


class RouteNote:
    """Wraps the router (``app.router.middleware_stack``): tells ``Routed`` its scope."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        routed = scope.get(KEY)
        if routed is not None:
            routed.scope = scope
        await self.app(scope, receive, send)


def route_of(scope: Scope) -> str:
    """The template of the route that answered (``/e/{slug}/standings``; ``none``: none)."""
    routed = scope.get(KEY)
    inner = routed.scope if routed is not None and routed.scope is not None else scope
    path = getattr(inner.get("route"), "path", None)
    if isinstance(path, str) and path:
        return path
    mounted = inner.get("root_path")  # a mount (the static files) names no route of its own
    return f"{mounted}/{{path}}" if isinstance(mounted, str) and mounted else NONE
