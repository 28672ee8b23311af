"""The language a player's notifications are written in (docs/languages.md): the player's own
(``players.language``: the language they registered in, or last chose while signed in to the
event's pages), else the event's default language (set by staff), else English. A notice is
written once, when it is made, in that language (its in-app copy, web push and Discord DM
alike)."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import Connection, select, update

from fairpair import i18n
from fairpair.engine.errors import Location
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.unit import changing
from fairpair.store.database import Database
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


def set_player_language(db: Database, slug: str, player_id: int, lang: str, *, actor: str) -> bool:
    """Player ``player_id`` of event ``slug`` chose ``lang`` (the footer's picker, while their
    pass is with them): their notices are written in it from now on. One transaction,
    audited (``notice.language``); a language fairpair does not ship, or the one already
    kept, changes nothing. Whether it changed."""
    chosen = i18n.chosen(lang)
    if chosen is None:
        return False
    with changing(db, slug, actor) as change:
        row = change.conn.execute(
            select(PlayerRow.key, PlayerRow.language).where(
                PlayerRow.id == player_id, PlayerRow.event_id == change.event.id
            )
        ).first()
        if row is None:
            raise Refused(Location(("player",)), "not a player of this event")
        if row.language == chosen:
            return False
        change.conn.execute(
            update(PlayerRow).where(PlayerRow.id == player_id).values(language=chosen)
        )
        change.audit(
            "notice.language",
            str(row.key),
            before={"language": row.language},
            after={"language": chosen},
        )
        return True
