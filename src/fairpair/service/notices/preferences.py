"""Which channels a player wants their notifications on (seed 004: "subject to each player's
own notification preferences"): the in-app list is always kept; web push and a Discord DM
are on unless the player turns them off (no row: every channel on). A Discord DM needs the
player's Discord user id (a snowflake: 17 to 20 digits)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy import Connection, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.unit import changing
from fairpair.store.database import Database
from fairpair.store.models import PlayerRow, PreferenceRow

DISCORD_ID = re.compile(r"[0-9]{17,20}")


@dataclass(frozen=True, slots=True)
class Preferences:
    push: bool = True
    discord: bool = True
    discord_user_id: str | None = None
    #: Always on: every notification is kept in the player's list.
    in_app: bool = True


def preferences_in(conn: Connection, player_id: int) -> Preferences:
    row = conn.execute(
        select(PreferenceRow.push, PreferenceRow.discord, PreferenceRow.discord_user_id).where(
            PreferenceRow.player_id == player_id
        )
    ).first()
    return Preferences() if row is None else Preferences(row.push, row.discord, row.discord_user_id)


def preferences_of(db: Database, player_id: int) -> Preferences:
    with db.reading() as conn:
        return preferences_in(conn, player_id)


def checked_discord_id(text: str | None) -> str | None:
    """A Discord user id as typed (spaces around it are dropped; empty: none)."""
    value = (text or "").strip()
    if not value:
        return None
    if not DISCORD_ID.fullmatch(value):
        raise Refused(
            Location(("discord_user_id",)),
            gettext(
                "a Discord user id is 17 to 20 digits (Discord: Settings → "
                "Advanced → Developer Mode, then right-click your name → Copy "
                "User ID)"
            ),
        )
    return value


def set_preferences(
    db: Database,
    slug: str,
    player_id: int,
    *,
    push: bool,
    discord: bool,
    discord_user_id: str | None,
    actor: str,
) -> Preferences:
    """The player's channels; audited (``notice.preferences``)."""
    user_id = checked_discord_id(discord_user_id)
    with changing(db, slug, actor) as change:
        known = change.conn.execute(
            select(PlayerRow.key).where(
                PlayerRow.id == player_id, PlayerRow.event_id == change.event.id
            )
        ).scalar_one_or_none()
        if known is None:
            raise Refused(Location(("player",)), gettext("not a player of this event"))
        before = preferences_in(change.conn, player_id)
        after = Preferences(push, discord, user_id)
        if before == after:
            return before
        upsert = pg_insert if change.conn.dialect.name == "postgresql" else sqlite_insert
        values = {"push": push, "discord": discord, "discord_user_id": user_id}
        change.conn.execute(
            upsert(PreferenceRow)
            .values(player_id=player_id, in_app=True, **values)
            .on_conflict_do_update(index_elements=[PreferenceRow.player_id], set_=values)
        )
        change.audit(
            "notice.preferences",
            str(known),
            before={"push": before.push, "discord": before.discord},
            after={"push": push, "discord": discord, "discord_user_id": "set" if user_id else None},
        )
        return after
