"""``fairpair discord register-commands|link-code|player-code``: set up the Discord bot —
register its slash commands with Discord, and make the one-time codes typed there (``/link``
for a channel, ``/join`` for a player)."""

from __future__ import annotations

import os
from typing import Annotated

from fairpair.cli import options
from fairpair.cli.app import command, group
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import BadParameter, Exit, Option

GROUP = group("discord", "The Discord bot: register its commands, make link codes.")
ENV_APPLICATION = "FAIRPAIR_DISCORD_APPLICATION_ID"


@command(GROUP, "register-commands")
@handles_errors
def register_commands(
    application: Annotated[
        str | None,
        Option(
            "--application",
            metavar="ID",
            help=f"The Discord application's id (default: ${ENV_APPLICATION}).",
        ),
    ] = None,
    guild: Annotated[
        str | None,
        Option(
            "--guild",
            metavar="ID",
            help="Register in this server only (at once; global commands take up to an hour).",
        ),
    ] = None,
    as_json: options.Json = False,
) -> None:
    """PUT the bot's slash commands to Discord (the bot token: $FAIRPAIR_DISCORD_BOT_TOKEN)."""
    from fairpair.cli.saved import done
    from fairpair.cli.screen import say
    from fairpair.service.discord.commands import COMMANDS
    from fairpair.service.discord.display import ENV_BOT_TOKEN
    from fairpair.service.outbound.discord_dm import DiscordBusy
    from fairpair.service.outbound.discord_rest import DiscordRefused, put_commands

    app_id = (application or os.environ.get(ENV_APPLICATION, "")).strip()
    token = os.environ.get(ENV_BOT_TOKEN, "").strip()
    if not app_id.isdigit():
        raise BadParameter(f"the application's id: --application ID or ${ENV_APPLICATION} (digits)")
    if not token:
        raise BadParameter(f"set ${ENV_BOT_TOKEN} to the bot's token")
    try:
        made = put_commands(token, app_id, COMMANDS, guild)
    except (DiscordBusy, DiscordRefused) as error:
        say(f"error: {error}", err=True)
        raise Exit(1) from None
    names = [str(c.get("name")) for c in made if isinstance(c, dict)]
    where = f"in server {guild}" if guild else "globally"
    done(f"registered {len(names)} commands {where}: /{', /'.join(names)}", names, as_json)


@command(GROUP, "link-code")
@handles_errors
def link_code(event: options.Event, run: options.Change) -> None:
    """A one-time code (30 minutes) to type in a Discord channel: /link code:CODE."""
    from fairpair.service.discord.codes import new_code

    with run.database() as base:
        code = new_code(base, event, "channel", actor=run.who)
    run.done(
        f"in the Discord channel, type: /link code:{code}  (works once, for 30 minutes)",
        {"code": code},
    )


@command(GROUP, "player-code")
@handles_errors
def player_code(event: options.Event, player: options.Player, run: options.Change) -> None:
    """A one-time code (30 minutes) for a player to type in Discord: /join code:CODE."""
    from fairpair.service.discord.codes import new_code

    with run.database() as base:
        code = new_code(base, event, "player", actor=run.who, player=player)
    run.done(
        f"the player types in Discord: /join code:{code}  (works once, for 30 minutes)",
        {"code": code},
    )
