"""The Discord channels an event is shown in, as its console lists them (the Players' side
tab's "Discord channel" box), and unlinking one from there — the console's ``/unlink``, for
an organizer who is not at the Discord server (or whose channel is gone).

Linking stays in Discord (``/link`` with the owner's one-time code,
``fairpair.service.discord.links``): only there is it known which channel the code is
typed in. Unlinking here is refused for a channel of another event, so an owner of one event
never unlinks another's.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.unit import changing, reading
from fairpair.store.database import Database
from fairpair.store.models import DiscordChannelRow


@dataclass(frozen=True, slots=True)
class LinkedChannel:
    """A channel showing the event: its Discord ids, who linked it and when, and whether
    the display message was posted yet."""

    channel_id: str
    guild_id: str | None
    linked_by: str
    linked_at: datetime
    shown: bool


def channels_of(db: Database, slug: str) -> list[LinkedChannel]:
    """The channels event ``slug`` is linked to, the oldest link first."""
    with reading(db, slug) as (conn, event):
        rows = conn.execute(
            select(
                DiscordChannelRow.channel_id,
                DiscordChannelRow.guild_id,
                DiscordChannelRow.linked_by,
                DiscordChannelRow.linked_at,
                DiscordChannelRow.message_id,
            )
            .where(DiscordChannelRow.event_id == event.id)
            .order_by(DiscordChannelRow.linked_at, DiscordChannelRow.id)
        ).all()
    return [
        LinkedChannel(
            str(r.channel_id),
            None if r.guild_id is None else str(r.guild_id),
            str(r.linked_by),
            r.linked_at,
            r.message_id is not None,
        )
        for r in rows
    ]


def unlink_event_channel(db: Database, slug: str, channel_id: str, *, actor: str) -> None:
    """Unlink channel ``channel_id`` from event ``slug`` (refused: it does not show this
    event); its display message stays in Discord as it was, no longer redrawn."""
    with changing(db, slug, actor) as change:
        done = change.conn.execute(
            delete(DiscordChannelRow).where(
                DiscordChannelRow.channel_id == channel_id,
                DiscordChannelRow.event_id == change.event.id,
            )
        ).rowcount
        if not done:
            raise Refused(
                Location(("channel",)),
                gettext(
                    "Discord channel %(channel_id)s is not linked to this event (unlinked already?)"
                )
                % {"channel_id": channel_id},
            )
        change.audit("discord.unlink", f"Discord channel {channel_id}")
