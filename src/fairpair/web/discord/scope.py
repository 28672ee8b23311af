"""What a command or button acts on: the event of the channel it was used in, and the player
the caller is there — or the refusal (``Stop``) saying what to do first."""

from __future__ import annotations

from fairpair.i18n import gettext as _
from fairpair.service.discord.links import DiscordPlayer, event_of_channel, player_of
from fairpair.service.kernel.connection import Database
from fairpair.web.discord.caller import Caller
from fairpair.web.discord.replies import Reply, refused


class Stop(Exception):
    """Answer ``reply`` and do nothing else."""

    def __init__(self, reply: Reply) -> None:
        super().__init__(reply.content)
        self.reply = reply


def linked_event(db: Database, caller: Caller) -> str:
    slug = event_of_channel(db, caller.channel_id)
    if slug is None:
        raise Stop(
            refused(
                _(
                    "this channel is not linked to an event: the organizer links it with "
                    "/link and the code from the event's console"
                )
            )
        )
    return slug


def own_player(db: Database, slug: str, caller: Caller) -> DiscordPlayer:
    player = player_of(db, slug, caller.user_id)
    if player is None:
        raise Stop(
            refused(
                _(
                    "you have not joined this event on Discord: type /join with the Discord "
                    "code from your player page (or ask a judge for one)"
                )
            )
        )
    return player
