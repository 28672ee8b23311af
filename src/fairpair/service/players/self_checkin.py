"""A player checks themselves in on the portal: ``check_in_myself``. Allowed while the
organizer has check-in open (``service.players.portal_settings``) and round 1 is not released —
after that,
staff check players in. The write is the staff check-in's (``players.mark_checked_in``),
audited under the player's own name."""

from __future__ import annotations

from sqlalchemy import select

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.lookup import find_player
from fairpair.service.kernel.unit import changing
from fairpair.service.players.portal_settings import portal_of
from fairpair.service.players.roster import mark_checked_in
from fairpair.store.database import Database
from fairpair.store.models import DropRow, PlayerRow, RoundRow, StageRow


def check_in_myself(db: Database, slug: str, player_key: str, *, actor: str) -> bool:
    """Check player ``player_key`` in; ``False`` when they already were (nothing written)."""
    with changing(db, slug, actor) as change:
        conn, event = change.conn, change.event
        if not portal_of(conn, event).checkin_open:
            raise Refused(
                Location(("checkin",)), gettext("check-in is not open: the organizer opens it")
            )
        released = conn.execute(
            select(RoundRow.id)
            .join(StageRow, StageRow.id == RoundRow.stage_id)
            .where(StageRow.event_id == event.id)
            .limit(1)
        ).first()
        if released is not None:
            raise Refused(
                Location(("checkin",)),
                gettext("check-in is over: round 1 is released (ask the staff at the desk)"),
            )
        who = find_player(conn, event, player_key)
        dropped = conn.execute(
            select(DropRow.id).where(DropRow.player_id == who.id, DropRow.whole_event).limit(1)
        ).first()
        if dropped is not None:
            raise Refused(
                Location(("checkin",)),
                gettext("you dropped out of the event: the staff can reinstate you"),
            )
        already = conn.execute(
            select(PlayerRow.checked_in_at).where(PlayerRow.id == who.id)
        ).scalar_one()
        if already is not None:
            return False
        mark_checked_in(change, [who])
        return True
