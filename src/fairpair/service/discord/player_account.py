"""A player's own Discord account, from their player page: whether the event is on Discord
and which account they are linked to, make their own ``/join`` code, unlink it.

Every function takes the player's pass (``PlayerPass``, what the web's ``Player`` check
found): the code is always for the pass's own player, and the audit entry's actor is the
player (``player KEY (NAME)``). Someone on the waitlist has no player yet and is refused.
Staff make a player's code with ``discord_codes.new_code`` (``fairpair discord
player-code``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.discord.codes import new_code
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.unit import changing
from fairpair.service.players.passes import PlayerPass
from fairpair.store.database import Database
from fairpair.store.models import DiscordChannelRow, DiscordPlayerRow, PlayerRow


@dataclass(frozen=True, slots=True)
class MyDiscord:
    """The Discord account a player joined with: its id and the name it had then."""

    user_id: str
    name: str
    linked_at: datetime


@dataclass(frozen=True, slots=True)
class DiscordBox:
    """What the player's page says about Discord: ``offered`` when the event is shown in a
    Discord channel (else the page says nothing of Discord, unless they are linked)."""

    offered: bool
    linked: MyDiscord | None


def _own_key(player: PlayerPass) -> str:
    if player.player_key is None:
        raise Refused(
            Location(("discord",)),
            gettext("you are on the waitlist: you link Discord once you have a place"),
        )
    return player.player_key


def discord_box(db: Database, player: PlayerPass) -> DiscordBox:
    """Whether event ``player.slug`` is on Discord, and the account ``player`` is linked to
    (one read; the waitlist: neither)."""
    if player.player_key is None:
        return DiscordBox(False, None)
    with db.reading() as conn:
        offered = conn.execute(
            select(DiscordChannelRow.id)
            .where(DiscordChannelRow.event_id == player.event_id)
            .limit(1)
        ).first()
        row = conn.execute(
            select(
                DiscordPlayerRow.discord_user_id,
                DiscordPlayerRow.discord_name,
                DiscordPlayerRow.linked_at,
            ).where(DiscordPlayerRow.player_id == player.player_id)
        ).first()
    if row is None:
        return DiscordBox(offered is not None, None)
    user_id = str(row.discord_user_id)
    return DiscordBox(
        offered is not None, MyDiscord(user_id, str(row.discord_name or user_id), row.linked_at)
    )


def my_join_code(db: Database, player: PlayerPass) -> str:
    """A new one-time ``/join`` code for ``player`` themselves (audited as them)."""
    return new_code(db, player.slug, "player", actor=player.actor, player=_own_key(player))


def unlink_my_discord(db: Database, player: PlayerPass) -> None:
    """Untie ``player`` from their Discord account (refused: none is tied): Discord no
    longer acts as them until they ``/join`` again."""
    key = _own_key(player)
    with changing(db, player.slug, player.actor) as change:
        conn = change.conn
        player_id = conn.execute(
            select(PlayerRow.id).where(PlayerRow.event_id == change.event.id, PlayerRow.key == key)
        ).scalar_one_or_none()
        before = None
        if player_id is not None:
            before = conn.execute(
                delete(DiscordPlayerRow)
                .where(DiscordPlayerRow.player_id == player_id)
                .returning(DiscordPlayerRow.discord_user_id)
            ).scalar_one_or_none()
        if before is None:
            raise Refused(Location(("discord",)), gettext("your Discord account is not linked"))
        change.audit("discord.leave", f"player {key}", before={"discord": before})
