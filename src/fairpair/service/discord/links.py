"""Who is who between Discord and an event: a channel linked to an event (``/link``, with
the owner's one-time code), a Discord account tied to a player (``/join``, with the
player's one-time code), and the lookups every command starts with.

- A channel shows one event (``discord_channels.channel_id`` is unique): linking a channel
  that shows another event is refused until it is unlinked.
- A player has one Discord account and a Discord account is one player per event (unique
  indexes): ``/join`` again with a new code moves the player to the account typing it; a
  Discord account already tied to another player of the event is refused.

Each change is audited on the event, its actor the Discord user
(``discord_actor``). Linking schedules the first drawing of the display message.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, insert, select, update

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.discord.codes import code_for, use_code
from fairpair.service.discord.display import schedule_redraw
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.unit import changing
from fairpair.store.database import Database
from fairpair.store.models import DiscordChannelRow, DiscordPlayerRow, EventRow, PlayerRow


@dataclass(frozen=True, slots=True)
class Linked:
    slug: str
    event_name: str


@dataclass(frozen=True, slots=True)
class DiscordPlayer:
    """The player a Discord account is in one event."""

    key: str
    name: str

    def actor(self, user_id: str) -> str:
        """The audit log's name for this player acting through Discord."""
        return f"player {self.key} ({self.name}) via Discord {user_id}"


def discord_actor(user_id: str, username: str) -> str:
    """The audit log's name of a Discord user who is not (yet) a player."""
    return f"Discord user {username[:80]} ({user_id})"


def event_of_channel(db: Database, channel_id: str) -> str | None:
    """The slug of the event channel ``channel_id`` is linked to, if any."""
    with db.reading() as conn:
        slug = conn.execute(
            select(EventRow.slug)
            .join(DiscordChannelRow, DiscordChannelRow.event_id == EventRow.id)
            .where(DiscordChannelRow.channel_id == channel_id)
        ).scalar_one_or_none()
    return None if slug is None else str(slug)


def player_of(db: Database, slug: str, user_id: str) -> DiscordPlayer | None:
    """The player Discord account ``user_id`` is in event ``slug``, if it joined."""
    with db.reading() as conn:
        row = conn.execute(
            select(PlayerRow.key, PlayerRow.name)
            .join(DiscordPlayerRow, DiscordPlayerRow.player_id == PlayerRow.id)
            .join(EventRow, EventRow.id == PlayerRow.event_id)
            .where(EventRow.slug == slug, DiscordPlayerRow.discord_user_id == user_id)
        ).first()
    return None if row is None else DiscordPlayer(str(row.key), str(row.name))


def discord_user_of(db: Database, slug: str, player_key: str) -> str | None:
    """The Discord account of player ``player_key`` of event ``slug``, if they joined."""
    with db.reading() as conn:
        found = conn.execute(
            select(DiscordPlayerRow.discord_user_id)
            .join(PlayerRow, PlayerRow.id == DiscordPlayerRow.player_id)
            .join(EventRow, EventRow.id == PlayerRow.event_id)
            .where(EventRow.slug == slug, PlayerRow.key == player_key)
        ).scalar_one_or_none()
    return None if found is None else str(found)


def link_channel(
    db: Database, code: str, *, guild_id: str | None, channel_id: str, actor: str
) -> Linked:
    """Link channel ``channel_id`` to the event whose channel code ``code`` is (used up);
    the display message is drawn there soon after."""
    target = code_for(db, code)
    if target.purpose != "channel":
        raise Refused(
            Location(("code",)), gettext("that is a player's code: players type it with /join")
        )
    with changing(db, target.slug, actor) as change:
        conn = change.conn
        shown = conn.execute(
            select(EventRow.slug, EventRow.name)
            .join(DiscordChannelRow, DiscordChannelRow.event_id == EventRow.id)
            .where(DiscordChannelRow.channel_id == channel_id)
        ).first()
        if shown is not None:
            where = "this event" if shown.slug == change.event.slug else f"{shown.name!r}"
            raise Refused(
                Location(("channel",)),
                gettext("this channel already shows %(where)s: /unlink it first")
                % {"where": where},
            )
        use_code(change, code, "channel")
        made = conn.execute(
            insert(DiscordChannelRow)
            .values(
                event_id=change.event.id,
                guild_id=guild_id,
                channel_id=channel_id,
                linked_by=actor,
                linked_at=change.at,
                wanted_version=change.event.version,
                shown_version=0,
            )
            .returning(DiscordChannelRow.id)
        ).scalar_one()
        change.audit("discord.link", f"Discord channel {channel_id}", after={"guild": guild_id})
        schedule_redraw(change, int(made), 0)
        return Linked(change.event.slug, change.event.name)


def unlink_channel(db: Database, channel_id: str, *, actor: str) -> Linked:
    """Unlink channel ``channel_id`` from its event (its display message is no longer
    redrawn)."""
    slug = event_of_channel(db, channel_id)
    if slug is None:
        raise Refused(Location(("channel",)), gettext("this channel is not linked to an event"))
    with changing(db, slug, actor) as change:
        done = change.conn.execute(
            delete(DiscordChannelRow).where(
                DiscordChannelRow.channel_id == channel_id,
                DiscordChannelRow.event_id == change.event.id,
            )
        ).rowcount
        if not done:
            raise Refused(Location(("channel",)), gettext("this channel is not linked to an event"))
        change.audit("discord.unlink", f"Discord channel {channel_id}")
        return Linked(change.event.slug, change.event.name)


def join_player(
    db: Database, code: str, *, user_id: str, username: str
) -> tuple[Linked, DiscordPlayer]:
    """Tie Discord account ``user_id`` to the player whose code ``code`` is (used up)."""
    target = code_for(db, code)
    if target.purpose != "player":
        raise Refused(
            Location(("code",)),
            gettext("that is a channel code: the organizer types it with /link"),
        )
    with changing(db, target.slug, discord_actor(user_id, username)) as change:
        conn = change.conn
        player_id = use_code(change, code, "player")
        assert player_id is not None
        player = conn.execute(
            select(PlayerRow.key, PlayerRow.name).where(PlayerRow.id == player_id)
        ).one()
        other = conn.execute(
            select(PlayerRow.key, PlayerRow.name)
            .join(DiscordPlayerRow, DiscordPlayerRow.player_id == PlayerRow.id)
            .where(
                DiscordPlayerRow.event_id == change.event.id,
                DiscordPlayerRow.discord_user_id == user_id,
                DiscordPlayerRow.player_id != player_id,
            )
        ).first()
        if other is not None:
            raise Refused(
                Location(("code",)),
                gettext(
                    "your Discord account is already %(name)s in this event: one "
                    "account plays one player"
                )
                % {"name": other.name},
            )
        before = conn.execute(
            select(DiscordPlayerRow.discord_user_id).where(DiscordPlayerRow.player_id == player_id)
        ).scalar_one_or_none()
        if before is None:
            conn.execute(
                insert(DiscordPlayerRow).values(
                    event_id=change.event.id,
                    player_id=player_id,
                    discord_user_id=user_id,
                    discord_name=username[:100],
                    linked_at=change.at,
                )
            )
        else:
            conn.execute(
                update(DiscordPlayerRow)
                .where(DiscordPlayerRow.player_id == player_id)
                .values(discord_user_id=user_id, discord_name=username[:100], linked_at=change.at)
            )
        change.audit(
            "discord.join",
            f"player {player.key}",
            before=None if before is None else {"discord": before},
            after={"discord": user_id},
        )
        return Linked(change.event.slug, change.event.name), DiscordPlayer(player.key, player.name)
