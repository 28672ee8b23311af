"""The fragments a live page can ask for (``/e/{slug}/live?view=NAME``): each view renders
the HTML of one section of a public page for the event as it stands now. Pages register
their views here (``@live_view("standings")``); the SSE route renders each once per change
(``fairpair.web.sse``)."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import Request

from fairpair.service.kernel.connection import Database

#: name → render(request, db, slug, stage) → HTML.
ViewRender = Callable[[Request, Database, str, str | None], str]
VIEWS: dict[str, ViewRender] = {}


def live_view(name: str) -> Callable[[ViewRender], ViewRender]:
    def register(render: ViewRender) -> ViewRender:
        VIEWS[name] = render
        return render

    return register
