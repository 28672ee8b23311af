"""What every console screen shares: the event's header and tabs, and who is looking.

``console_page(request, access, db, slug, "console/players.html", tab="players", ...)``
renders a tab inside ``console/layout.html`` with ``event`` (the service's ``EventDetail``),
``waiting`` (the Resolution Queue's length, shown beside its tab on every page: one count)
and ``role`` (the viewer's role: templates hide buttons the role may not use; the routes
check it again, through ``fairpair.web.access``).
"""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse

from fairpair.i18n import N_
from fairpair.service.event.events import show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.results.resolution_queue import queue_count
from fairpair.web.access import Access
from fairpair.web.templating import render

#: The roles' names (``Role.label``), for the catalogue: the console's header translates them.
ROLE_LABELS = (N_("viewer"), N_("judge"), N_("owner"))

#: The console's tabs: (tab, label, path under /console/{slug}); the label is translated
#: where it is shown (``console/layout.html``).
TABS: tuple[tuple[str, str, str], ...] = (
    ("overview", N_("Overview"), ""),
    ("details", N_("Event details"), "/details"),
    ("players", N_("Players"), "/players"),
    ("portal", N_("Players' side"), "/portal"),
    ("stages", N_("Stages"), "/stages"),
    ("rounds", N_("Rounds"), "/rounds"),
    ("results", N_("Results"), "/results"),
    ("queue", N_("Resolution Queue"), "/queue"),
    ("reporting", N_("Reporting"), "/reporting"),
    ("pairings", N_("Pairings"), "/pairings"),
    ("toss", N_("Toss"), "/toss"),
    ("standings", N_("Standings"), "/standings"),
    ("cut", N_("Top cut"), "/cut"),
    ("log", N_("Audit log"), "/log"),
    ("staff", N_("Staff"), "/staff"),
)


def console_page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    template: str,
    *,
    tab: str,
    status: int = 200,
    **context: Any,
) -> HTMLResponse:
    event = context.pop("event", None) or show_event(db, slug)
    return render(
        request,
        template,
        status=status,
        event=event,
        tab=tab,
        tabs=TABS,
        waiting=queue_count(db, slug),
        role=access.role,
        **context,
    )
