"""What every console screen of a community shares: its header and tabs (Events, Player
directory, Staff), who is looking, and the ask-first step of its destructive actions.

``community_page(request, access, db, community, "community/events.html", tab="events", ...)``
renders a tab inside ``community/layout.html`` with ``community`` (the service's
``CommunityView``) and ``role`` (the viewer's role in the community: templates hide what
the role may not use; the routes check it again through ``fairpair.web.access``).
"""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse

from fairpair.i18n import N_
from fairpair.service.communities.communities import community_view
from fairpair.service.kernel.connection import Database
from fairpair.web.access import Access
from fairpair.web.confirm import Confirm
from fairpair.web.templating import render

#: The community console's tabs: (tab, label, path under /communities/{community}).
TABS: tuple[tuple[str, str, str], ...] = (
    ("events", N_("Events"), ""),
    ("people", N_("Player directory"), "/people"),
    ("leagues", N_("Leagues"), "/leagues"),
    ("staff", N_("Staff"), "/staff"),
)


def community_page(
    request: Request,
    access: Access,
    db: Database,
    community: str,
    template: str,
    *,
    tab: str,
    status: int = 200,
    **context: Any,
) -> HTMLResponse:
    return render(
        request,
        template,
        status=status,
        community=context.pop("community", None) or community_view(db, community),
        tab=tab,
        tabs=TABS,
        role=access.role,
        **context,
    )


def ask_community(
    request: Request,
    access: Access,
    db: Database,
    community: str,
    confirm: Confirm,
    *,
    tab: str,
    title: str,
) -> HTMLResponse:
    """The confirmation page of ``confirm`` (``web.confirm``) inside the community's tab."""
    return community_page(
        request,
        access,
        db,
        community,
        "community/confirm.html",
        tab=tab,
        confirm=confirm,
        title=title,
    )
