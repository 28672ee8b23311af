"""Everything a player's match card shows, read in **one** transaction: ``portal_card(db,
slug, player_key, player_id)``.

The portal page and its live card show the player's match (``my_match``), the state of their
self-report (``self_reports.report_state``) and their unread notifications. Read one by one,
that was three transactions — on PostgreSQL three pool checkouts, three ``BEGIN … COMMIT``
and the event looked up three times; 2,000 phones open it in the minute after a release.
One transaction also shows the three parts as of the same moment. The event-wide part may
be the facts read before the players' latest reports, the player's own table read afresh
(``my_match_in(..., recent=True)``).
"""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.responses.my_match import MyMatch
from fairpair.service.kernel.unit import reading
from fairpair.service.notices.notifications import unread_count_in
from fairpair.service.portal.player_view import my_match_in
from fairpair.service.results.self_reports import ReportState, report_state_in
from fairpair.store.database import Database


@dataclass(frozen=True, slots=True)
class PortalCard:
    me: MyMatch
    report: ReportState
    unread: int


def portal_card(db: Database, slug: str, player_key: str, player_id: int) -> PortalCard:
    """Player ``player_key``'s (row ``player_id``) card of event ``slug``, as of now."""
    with reading(db, slug) as (conn, event):
        return PortalCard(
            my_match_in(conn, event, player_key, recent=True),
            report_state_in(conn, event, player_key),
            unread_count_in(conn, player_id),
        )
