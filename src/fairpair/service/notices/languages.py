"""The language a player's notifications are written in (docs/languages.md): the player's own
(``players.language``: the language they registered in, or last chose while signed in to the
event's pages), else the event's default language (set by staff), else English. A notice is
written once, when it is made, in that language (its in-app copy, web push and Discord DM
alike)."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import Connection, select

from fairpair import i18n
from fairpair.store.models import EventRow, PlayerRow


def recipients_languages(conn: Connection, event_id: int, players: Iterable[int]) -> dict[int, str]:
    """Each player's (by row id) notification language."""
    wanted = sorted(set(players))
    if not wanted:
        return {}
    default = i18n.chosen(
        conn.execute(select(EventRow.language).where(EventRow.id == event_id)).scalar_one()
    )
    own = dict(
        conn.execute(select(PlayerRow.id, PlayerRow.language).where(PlayerRow.id.in_(wanted))).all()
    )
    return {p: i18n.chosen(own.get(p)) or default or i18n.SOURCE for p in wanted}
